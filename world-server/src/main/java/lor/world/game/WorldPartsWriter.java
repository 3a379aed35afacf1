package lor.world.game;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import lor.sim.clock.Field;
import lor.sim.content.ClockSpec;
import lor.sim.content.ContentPack;
import lor.sim.grid.GridSize;
import lor.sim.module.ModuleField;
import lor.sim.module.WorldModules;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.World;

/**
 * The parts a world with a content pack adds to a JSON {@code state} frame, after its entities (whose array it
 * closes):
 * {@code "objects":[…]} (every object in the player's view, the same bytes for every player who sees the same
 * objects in one broadcast), {@code "clock":{…}}, {@code "inventory":{…}} when the player's changed, and
 * {@code "cells":[…]}: every cell in view that the current line transmutes, and those that the line the player last
 * saw transmuted and this one no longer does. Tick-thread confined; cleared after each broadcast.
 */
final class WorldPartsWriter {

    /** Closes the entities array the frame's body left open. */
    private static final byte[] OBJECTS = "],\"objects\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOCK = "],\"clock\":{\"line\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TICK = "\",\"tick\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INVENTORY = ",\"inventory\":{".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CELLS = ",\"cells\":[".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FIELDS = ",\"fields\":[".getBytes(StandardCharsets.US_ASCII);

    private final int viewRadius;
    private final ByteBufAllocator alloc;
    private final Map<Long, List<Part>> parts = new HashMap<>();
    private int[] ids = new int[64];

    WorldPartsWriter(int viewRadius, ByteBufAllocator alloc) {
        this.viewRadius = viewRadius;
        this.alloc = alloc;
    }

    private record Part(int[] ids, ByteBuf bytes) {
    }

    /**
     * The objects in view around {@code (x, y, layer)}, then the clock, as a shared buffer the caller retains a
     * duplicate of.
     */
    ByteBuf objectsAndClock(World world, int x, int y, int layer) {
        ObjectEngine objects = world.objects();
        GridSize size = world.grid().size();
        int count = 0;
        for (int cy = Math.max(0, y - viewRadius), y1 = Math.min(size.height() - 1, y + viewRadius); cy <= y1; cy++) {
            for (int cx = Math.max(0, x - viewRadius), x1 = Math.min(size.width() - 1, x + viewRadius); cx <= x1;
                 cx++) {
                int id = objects.objectAt(size.index(cx, cy, layer));
                if (id != 0) {
                    if (count == ids.length) {
                        ids = Arrays.copyOf(ids, count * 2);
                    }
                    ids[count++] = id;
                }
            }
        }
        int[] seen = Arrays.copyOf(ids, count);
        long hash = 0xcbf29ce484222325L;
        for (int id : seen) {
            hash = (hash ^ id) * 0x100000001b3L;
        }
        List<Part> candidates = parts.computeIfAbsent(hash, h -> new ArrayList<>(1));
        for (Part candidate : candidates) {
            if (Arrays.equals(candidate.ids(), seen)) {
                return candidate.bytes();
            }
        }
        ByteBuf out = alloc.buffer(32 + count * 96);
        out.writeBytes(OBJECTS);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                out.writeByte(',');
            }
            writeObject(out, world, seen[i]);
        }
        ClockSpec clock = world.pack().clock();
        out.writeBytes(CLOCK);
        ascii(out, clock.line(world.line()));
        out.writeBytes(TICK);
        StateBroadcaster.writeNumber(out, world.tick());
        out.writeByte('}');
        candidates.add(new Part(seen, out));
        return out;
    }

    private static void writeObject(ByteBuf out, World world, int id) {
        ObjectEngine objects = world.objects();
        ContentPack pack = world.pack();
        GridSize size = world.grid().size();
        int cell = objects.cellOf(id);
        ascii(out, "{\"id\":");
        StateBroadcaster.writeNumber(out, id);
        ascii(out, ",\"kind\":\"");
        ascii(out, pack.kind(objects.kindOf(id)).id());
        ascii(out, "\",");
        position(out, cell % size.width(), (cell / size.width()) % size.height(),
                cell / (size.width() * size.height()));
        int recipe = objects.recipeOf(id);
        if (recipe < 0) {
            ascii(out, ",\"recipe\":null");
        } else {
            ascii(out, ",\"recipe\":\"");
            ascii(out, pack.recipe(recipe).id());
            out.writeByte('"');
        }
        ascii(out, ",\"progress\":");
        StateBroadcaster.writeNumber(out, objects.progressOf(id, world.tick()));
        ascii(out, ",\"stock\":{");
        boolean first = true;
        for (int i = 0, n = objects.slotsOf(id); i < n; i++) {
            int item = objects.stockItem(id, i);
            if (item >= 0) {
                writeCount(out, first, pack.item(item), objects.stockCount(id, i));
                first = false;
            }
        }
        ascii(out, "}}");
    }

    /**
     * What follows the objects and clock for one player: its inventory when it changed since the last frame that
     * carried it, the cells, and the frame's closing brace.
     */
    ByteBuf playerPart(World world, PlayerSession session, int x, int y, int layer) {
        ByteBuf out = alloc.buffer(64);
        inventory(out, world.pack(), world.inventories().find(world.accountAt(world.slotOf(session.entityId()))));
        cells(out, world, x, y, layer, session.lineSeen());
        session.lineSeen(world.line());
        fields(out, world, x, y, layer);
        out.writeByte('}');
        return out;
    }

    /**
     * In a world with game modules, {@code "fields":[…]}: every cell in view whose value on a module's field is not 0
     * (the contract lists them all in every state, so a cell in view that is not listed is empty).
     */
    private void fields(ByteBuf out, World world, int x, int y, int layer) {
        WorldModules modules = world.modules();
        if (modules.isEmpty()) {
            return;
        }
        out.writeBytes(FIELDS);
        GridSize size = world.grid().size();
        boolean first = true;
        for (int m = 0; m < modules.size(); m++) {
            ModuleField field = world.moduleField(m);
            if (field.occupied() == 0) {
                continue;
            }
            String module = modules.spec(m).name();
            for (int cy = Math.max(0, y - viewRadius), y1 = Math.min(size.height() - 1, y + viewRadius); cy <= y1;
                 cy++) {
                for (int cx = Math.max(0, x - viewRadius), x1 = Math.min(size.width() - 1, x + viewRadius); cx <= x1;
                     cx++) {
                    int value = field.valueAt(size.index(cx, cy, layer));
                    if (value == 0) {
                        continue;
                    }
                    if (!first) {
                        out.writeByte(',');
                    }
                    first = false;
                    ascii(out, "{\"module\":\"");
                    ascii(out, module);
                    ascii(out, "\",");
                    position(out, cx, cy, layer);
                    ascii(out, ",\"value\":");
                    StateBroadcaster.writeNumber(out, value);
                    out.writeByte('}');
                }
            }
        }
        out.writeByte(']');
    }

    /** The player's inventory, when it changed since the last frame that carried it; else nothing. */
    private void inventory(ByteBuf out, ContentPack pack, Inventories.Inventory inventory) {
        if (inventory == null || !inventory.changedSinceSeen()) {
            return;
        }
        out.writeBytes(INVENTORY);
        boolean first = true;
        for (int item = 0; item < pack.itemCount(); item++) {
            if (inventory.count(item) > 0) {
                writeCount(out, first, pack.item(item), inventory.count(item));
                first = false;
            }
        }
        out.writeByte('}');
        inventory.markSeen();
    }

    /**
     * The transmuted cells in view, and those that {@code lastLine} (the line of the player's previous frame, -1
     * for none) transmuted and the current line does not.
     */
    private void cells(ByteBuf out, World world, int x, int y, int layer, int lastLine) {
        ContentPack pack = world.pack();
        ClockSpec clock = pack.clock();
        if (!clock.transmutes(world.line()) && (lastLine < 0 || !clock.transmutes(lastLine))) {
            return;
        }
        Field field = world.field();
        GridSize size = world.grid().size();
        boolean first = true;
        for (int cy = Math.max(0, y - viewRadius), y1 = Math.min(size.height() - 1, y + viewRadius); cy <= y1; cy++) {
            for (int cx = Math.max(0, x - viewRadius), x1 = Math.min(size.width() - 1, x + viewRadius); cx <= x1;
                 cx++) {
                int index = size.index(cx, cy, layer);
                int base = world.grid().cell(index);
                int now = field.cell(index);
                boolean reverted = lastLine >= 0 && lastLine != world.line() && now == base
                        && clock.transmute(lastLine, base) != base;
                if (now == base && !reverted) {
                    continue;
                }
                if (first) {
                    out.writeBytes(CELLS);
                    first = false;
                } else {
                    out.writeByte(',');
                }
                out.writeByte('{');
                position(out, cx, cy, layer);
                ascii(out, ",\"cell\":");
                StateBroadcaster.writeNumber(out, now);
                out.writeByte('}');
            }
        }
        if (!first) {
            out.writeByte(']');
        }
    }

    /** One {@code "item":count} of an object's entries (ids are ASCII: no escaping needed). */
    private static void writeCount(ByteBuf out, boolean first, String item, int count) {
        if (!first) {
            out.writeByte(',');
        }
        out.writeByte('"');
        ascii(out, item);
        ascii(out, "\":");
        StateBroadcaster.writeNumber(out, count);
    }

    /** Releases the shared parts of the broadcast that ended. */
    void clear() {
        for (List<Part> same : parts.values()) {
            for (Part p : same) {
                p.bytes().release();
            }
        }
        parts.clear();
    }

    /** {@code "x":X,"y":Y,"layer":L}, as objects, transmuted cells and module cells all place themselves. */
    private static void position(ByteBuf out, int x, int y, int layer) {
        ascii(out, "\"x\":");
        StateBroadcaster.writeNumber(out, x);
        ascii(out, ",\"y\":");
        StateBroadcaster.writeNumber(out, y);
        ascii(out, ",\"layer\":");
        StateBroadcaster.writeNumber(out, layer);
    }

    private static void ascii(ByteBuf out, String s) {
        out.writeCharSequence(s, StandardCharsets.US_ASCII);
    }
}
