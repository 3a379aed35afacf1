package lor.protocol.game.binary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.netty.buffer.ByteBuf;
import lor.protocol.game.StateMessage;
import tools.jackson.databind.JsonNode;

/**
 * A client's objects, clock line and inventory rebuilt from {@link BinaryState#KIND_WORLD} frames, named through the
 * lists of {@code welcome}'s {@code content}, and added to the entities of a {@link StateTracker} as a JSON
 * {@code state} would carry them. A frame is read whole before anything is applied. Not thread-safe.
 */
public final class WorldTracker {

    private final List<String> kinds = new ArrayList<>();
    private final List<String> items = new ArrayList<>();
    private final List<String> recipes = new ArrayList<>();
    private final List<String> lines = new ArrayList<>();
    private final TreeMap<Integer, Obj> objects = new TreeMap<>();
    private int line;
    private Map<String, Integer> inventory;
    private boolean inventoryFresh;

    private record Obj(int id, int kind, int x, int y, int layer, int recipe, int progress, int ticks, long tick,
                       Map<String, Integer> stock) {
    }

    /** @param content {@code welcome}'s {@code content} */
    public WorldTracker(JsonNode content) {
        for (JsonNode k : content.path("objects")) {
            kinds.add(k.path("kind").asString());
        }
        for (JsonNode i : content.path("items")) {
            items.add(i.asString());
        }
        for (JsonNode r : content.path("recipes")) {
            recipes.add(r.path("id").asString());
        }
        for (JsonNode l : content.path("clock").path("lines")) {
            lines.add(l.asString());
        }
        if (lines.isEmpty()) {
            lines.add("always");
        }
    }

    /** Applies one world frame; the buffer is read, not released. */
    public void apply(ByteBuf frame) {
        int kind = frame.readUnsignedByte();
        if (kind != BinaryState.KIND_WORLD) {
            throw new IllegalArgumentException("not a world frame: kind " + kind);
        }
        long tick = Varints.read(frame);
        int flags = frame.readUnsignedByte();
        int newLine = (flags & BinaryState.WORLD_LINE) != 0 ? index(Varints.readInt(frame), lines, "line") : line;
        Map<String, Integer> carried = null;
        if ((flags & BinaryState.WORLD_INVENTORY) != 0) {
            carried = counts(frame);
        }
        List<Integer> removed = new ArrayList<>();
        for (int i = 0, n = Varints.readInt(frame); i < n; i++) {
            removed.add(Varints.readInt(frame));
        }
        List<Obj> updated = new ArrayList<>();
        for (int i = 0, n = Varints.readInt(frame); i < n; i++) {
            int id = Varints.readInt(frame);
            int k = index(Varints.readInt(frame), kinds, "kind");
            int x = Varints.readInt(frame);
            int y = Varints.readInt(frame);
            int layer = Varints.readInt(frame);
            int recipe = Varints.readInt(frame) - 1;
            if (recipe >= recipes.size()) {
                throw new IllegalArgumentException("recipe " + recipe + " is not in the pack");
            }
            int progress = Varints.readInt(frame);
            int ticks = Varints.readInt(frame);
            updated.add(new Obj(id, k, x, y, layer, recipe, progress, ticks, tick, counts(frame)));
        }
        if (frame.isReadable()) {
            throw new IllegalArgumentException(frame.readableBytes() + " bytes after the last object");
        }
        if ((flags & BinaryState.WORLD_RESET) != 0) {
            objects.clear();
        }
        removed.forEach(objects::remove);
        updated.forEach(o -> objects.put(o.id(), o));
        line = newLine;
        if (carried != null) {
            inventory = carried;
            inventoryFresh = true;
        }
    }

    /**
     * {@code entities} (a {@link StateTracker}'s state, its modules' fields kept) with the objects, the clock and, once
     * after each change, the inventory, as JSON would carry them at the state's tick.
     */
    public StateMessage merge(StateMessage entities) {
        List<StateMessage.ObjectState> list = new ArrayList<>(objects.size());
        for (Obj o : objects.values()) {
            int progress = o.ticks() == 0 ? 0
                    : (int) Math.min(o.ticks(), o.progress() + Math.max(0, entities.tick() - o.tick()));
            list.add(new StateMessage.ObjectState(o.id(), kinds.get(o.kind()), o.x(), o.y(), o.layer(),
                    o.recipe() < 0 ? null : recipes.get(o.recipe()), progress, o.stock()));
        }
        Map<String, Integer> carried = inventoryFresh ? inventory : null;
        inventoryFresh = false;
        return new StateMessage(entities.tick(), entities.ack(), entities.entities(), list,
                new StateMessage.ClockState(lines.get(line), entities.tick()), carried, List.of(), entities.fields());
    }

    private Map<String, Integer> counts(ByteBuf frame) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int i = 0, n = Varints.readInt(frame); i < n; i++) {
            counts.put(items.get(index(Varints.readInt(frame), items, "item")), Varints.readInt(frame));
        }
        return counts;
    }

    private static int index(int value, List<String> names, String what) {
        if (value < 0 || value >= names.size()) {
            throw new IllegalArgumentException(what + " " + value + " is not in the pack");
        }
        return value;
    }
}
