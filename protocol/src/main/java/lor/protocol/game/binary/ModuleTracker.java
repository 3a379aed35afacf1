package lor.protocol.game.binary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.netty.buffer.ByteBuf;
import lor.protocol.game.StateMessage;
import tools.jackson.databind.JsonNode;

/**
 * The game modules' part of a {@link StateTracker}'s view, rebuilt from {@link BinaryState#KIND_MODULES} frames and
 * named through {@code welcome.modules}: every entity's attributes, and the non-empty field cells of the view's
 * regions. A frame is read whole before anything is applied. Not thread-safe.
 */
final class ModuleTracker {

    private static final int REGION_CELLS = BinaryState.REGION_SIZE * BinaryState.REGION_SIZE;

    private final List<String> modules = new ArrayList<>();
    private final List<String> attributes = new ArrayList<>();
    private final int[] defaults;
    private final int regionsWide;
    private final int regionsHigh;
    /** By entity id: every attribute, in the world's order. */
    private final HashMap<Integer, int[]> values = new HashMap<>();
    /** By region: module * 64 + cell within the region → value (never 0). */
    private final HashMap<Integer, TreeMap<Integer, Integer>> cells = new HashMap<>();

    private record Attribute(int entity, int attribute, int value) {
    }

    private record Cell(int region, int key, int value) {
    }

    /** @param declared {@code welcome.modules} (an empty array in a world that runs none) */
    ModuleTracker(JsonNode declared, int regionsWide, int regionsHigh) {
        this.regionsWide = regionsWide;
        this.regionsHigh = regionsHigh;
        List<Integer> defaultValues = new ArrayList<>();
        for (JsonNode module : declared) {
            modules.add(module.path("name").asString());
            for (JsonNode attribute : module.path("attributes")) {
                attributes.add(attribute.path("name").asString());
                defaultValues.add(attribute.path("default").asInt());
            }
        }
        this.defaults = defaultValues.stream().mapToInt(Integer::intValue).toArray();
    }

    boolean isEmpty() {
        return modules.isEmpty();
    }

    /** Applies one modules frame; the buffer is read, not released. */
    void apply(ByteBuf frame) {
        int kind = frame.readUnsignedByte();
        if (kind != BinaryState.KIND_MODULES) {
            throw new IllegalArgumentException("not a modules frame: kind " + kind);
        }
        Varints.read(frame);
        int flags = frame.readUnsignedByte();
        List<Attribute> attributeValues = new ArrayList<>();
        List<Cell> cellValues = new ArrayList<>();
        for (int p = 0, parts = Varints.readInt(frame); p < parts; p++) {
            int region = Varints.readInt(frame);
            for (int i = 0, n = Varints.readInt(frame); i < n; i++) {
                int entity = Varints.readInt(frame);
                for (int k = 0, count = Varints.readInt(frame); k < count; k++) {
                    int attribute = index(Varints.readInt(frame), attributes.size(), "attribute");
                    attributeValues.add(new Attribute(entity, attribute, (int) Varints.readSigned(frame)));
                }
            }
            for (int i = 0, n = Varints.readInt(frame); i < n; i++) {
                int module = index(Varints.readInt(frame), modules.size(), "module");
                int cell = index(Varints.readInt(frame), REGION_CELLS, "cell");
                cellValues.add(new Cell(region, module * REGION_CELLS + cell, Varints.readInt(frame)));
            }
        }
        if (frame.isReadable()) {
            throw new IllegalArgumentException(frame.readableBytes() + " bytes after the last part");
        }
        if ((flags & BinaryState.MODULES_RESET) != 0) {
            values.clear();
            cells.clear();
        }
        for (Attribute a : attributeValues) {
            values.computeIfAbsent(a.entity(), id -> defaults.clone())[a.attribute()] = a.value();
        }
        for (Cell c : cellValues) {
            TreeMap<Integer, Integer> region = cells.computeIfAbsent(c.region(), r -> new TreeMap<>());
            if (c.value() == 0) {
                region.remove(c.key());
            } else {
                region.put(c.key(), c.value());
            }
        }
    }

    /** A region left the view: its cells go with it. */
    void forgetRegion(int region) {
        cells.remove(region);
    }

    /** Entities left the view: their attributes go with them. */
    void keepEntities(Set<Integer> inView) {
        values.keySet().retainAll(inView);
    }

    /** An entity's attributes by name, in the world's order, as JSON carries them; null in a world without any. */
    Map<String, Integer> attributesOf(int entity) {
        if (attributes.isEmpty()) {
            return null;
        }
        int[] of = values.getOrDefault(entity, defaults);
        Map<String, Integer> named = new LinkedHashMap<>();
        for (int a = 0; a < attributes.size(); a++) {
            named.put(attributes.get(a), of[a]);
        }
        return named;
    }

    /** Every non-empty cell of the view, by module, layer, y and x (JSON's order); null in a world without modules. */
    List<StateMessage.FieldCell> fields() {
        if (modules.isEmpty()) {
            return null;
        }
        List<StateMessage.FieldCell> list = new ArrayList<>();
        cells.forEach((region, values) -> values.forEach((key, value) -> {
            int cell = key % REGION_CELLS;
            int layer = region / (regionsWide * regionsHigh);
            int x = region % regionsWide * BinaryState.REGION_SIZE + cell % BinaryState.REGION_SIZE;
            int y = region / regionsWide % regionsHigh * BinaryState.REGION_SIZE + cell / BinaryState.REGION_SIZE;
            list.add(new StateMessage.FieldCell(modules.get(key / REGION_CELLS), x, y, layer, value));
        }));
        list.sort(Comparator.comparingInt((StateMessage.FieldCell c) -> modules.indexOf(c.module()))
                .thenComparingInt(StateMessage.FieldCell::layer).thenComparingInt(StateMessage.FieldCell::y)
                .thenComparingInt(StateMessage.FieldCell::x));
        return list;
    }

    private static int index(int value, int size, String what) {
        if (value >= size) {
            throw new IllegalArgumentException(what + " " + value + " is not declared");
        }
        return value;
    }
}
