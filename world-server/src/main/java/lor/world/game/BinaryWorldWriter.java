package lor.world.game;

import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.Varints;
import lor.protocol.netty.ServerFrameHeader;
import lor.sim.content.ContentPack;
import lor.sim.grid.GridSize;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.World;

/**
 * Writes the {@link BinaryState#KIND_WORLD} frames of a world with a content pack: per binary connection, what changed
 * since its previous frame among the objects in its view's regions (those that left or were removed, those that
 * came into view or changed), the clock's line when it changed and the inventory when it changed; nothing when
 * nothing did. A view costs its regions, not its cells: empty ones are skipped by the engine's count per block.
 * Called by {@link BinaryStateBroadcaster} just before it writes the state frame, with the same view and reset.
 * Tick-thread confined.
 */
final class BinaryWorldWriter {

    private final ByteBufAllocator alloc;
    private int[] current = new int[64];
    private int[] updates = new int[64];
    private int[] removals = new int[64];
    private final FrameTally tally;

    BinaryWorldWriter(ByteBufAllocator alloc, FrameTally tally) {
        this.alloc = alloc;
        this.tally = tally;
    }

    /**
     * @param x0 the view's regions, inclusive, on {@code layer}
     * @param reset the connection's previous frames were not all written: it gets every object in view again
     */
    void write(World world, PlayerSession session, int layer, int x0, int y0, int x1, int y1, boolean reset,
               BroadcastBatch out) {
        ContentPack pack = world.pack();
        if (pack.isEmpty()) {
            return;
        }
        ObjectEngine objects = world.objects();
        int count = objectsInView(world, objects, layer, x0, y0, x1, y1);
        int[] known = session.knownObjects();
        int knownCount = session.knownObjectCount();
        int updateCount = 0;
        int removalCount = 0;
        if (reset) {
            for (int i = 0; i < count; i++) {
                updates = put(updates, updateCount++, current[i]);
            }
        } else {
            // Both lists ascend: one merge walk finds what left, what came and what changed of what stayed.
            int i = 0;
            int k = 0;
            while (i < count || k < knownCount) {
                if (k == knownCount || i < count && current[i] < known[k]) {
                    updates = put(updates, updateCount++, current[i++]);
                } else if (i == count || known[k] < current[i]) {
                    removals = put(removals, removalCount++, known[k++]);
                } else {
                    if (objects.changedSinceSeen(current[i])) {
                        updates = put(updates, updateCount++, current[i]);
                    }
                    i++;
                    k++;
                }
            }
        }
        boolean lineChanged = reset || session.lineSeen() != world.line();
        Inventories.Inventory carried = world.inventories().find(world.accountAt(world.slotOf(session.entityId())));
        boolean inventoryChanged = carried != null && (reset || carried.changedSinceSeen());
        session.knownObjects(Arrays.copyOf(current, count), count);
        if (!reset && updateCount == 0 && removalCount == 0 && !lineChanged && !inventoryChanged) {
            return;
        }
        ByteBuf frame = alloc.buffer(32 + updateCount * 24 + removalCount * 3);
        frame.writerIndex(ServerFrameHeader.MAX_BYTES);
        frame.readerIndex(ServerFrameHeader.MAX_BYTES);
        frame.writeByte(BinaryState.KIND_WORLD);
        Varints.write(frame, world.tick());
        frame.writeByte((reset ? BinaryState.WORLD_RESET : 0) | (lineChanged ? BinaryState.WORLD_LINE : 0)
                | (inventoryChanged ? BinaryState.WORLD_INVENTORY : 0));
        if (lineChanged) {
            Varints.write(frame, world.line());
            session.lineSeen(world.line());
        }
        if (inventoryChanged) {
            int held = 0;
            for (int item = 0; item < pack.itemCount(); item++) {
                held += carried.count(item) > 0 ? 1 : 0;
            }
            Varints.write(frame, held);
            for (int item = 0; item < pack.itemCount(); item++) {
                if (carried.count(item) > 0) {
                    Varints.write(frame, item);
                    Varints.write(frame, carried.count(item));
                }
            }
            carried.markSeen();
        }
        Varints.write(frame, removalCount);
        for (int i = 0; i < removalCount; i++) {
            Varints.write(frame, removals[i]);
        }
        Varints.write(frame, updateCount);
        for (int i = 0; i < updateCount; i++) {
            writeObject(frame, world, objects, updates[i]);
        }
        tally.send(out, session, frame);
    }

    /** Fills {@link #current} with the ids of the objects in the regions, ascending. @return how many */
    private int objectsInView(World world, ObjectEngine objects, int layer, int x0, int y0, int x1, int y1) {
        GridSize size = world.grid().size();
        int count = 0;
        for (int ry = y0; ry <= y1; ry++) {
            for (int rx = x0; rx <= x1; rx++) {
                int cx0 = rx << BinaryState.REGION_SHIFT;
                int cy0 = ry << BinaryState.REGION_SHIFT;
                if (objects.objectsInBlock(cx0, cy0, layer) == 0) {
                    continue;
                }
                for (int y = cy0, yEnd = Math.min(size.height(), cy0 + BinaryState.REGION_SIZE); y < yEnd; y++) {
                    for (int x = cx0, xEnd = Math.min(size.width(), cx0 + BinaryState.REGION_SIZE); x < xEnd; x++) {
                        int id = objects.objectAt(size.index(x, y, layer));
                        if (id != 0) {
                            current = put(current, count++, id);
                        }
                    }
                }
            }
        }
        Arrays.sort(current, 0, count);
        return count;
    }

    private static void writeObject(ByteBuf out, World world, ObjectEngine objects, int id) {
        GridSize size = world.grid().size();
        int cell = objects.cellOf(id);
        Varints.write(out, id);
        Varints.write(out, objects.kindOf(id));
        Varints.write(out, cell % size.width());
        Varints.write(out, (cell / size.width()) % size.height());
        Varints.write(out, cell / (size.width() * size.height()));
        Varints.write(out, objects.recipeOf(id) + 1);
        Varints.write(out, objects.progressOf(id, world.tick()));
        Varints.write(out, objects.isCrafting(id) ? world.pack().recipe(objects.recipeOf(id)).ticks() : 0);
        int slots = objects.slotsOf(id);
        int held = 0;
        for (int i = 0; i < slots; i++) {
            held += objects.stockItem(id, i) >= 0 ? 1 : 0;
        }
        Varints.write(out, held);
        for (int i = 0; i < slots; i++) {
            if (objects.stockItem(id, i) >= 0) {
                Varints.write(out, objects.stockItem(id, i));
                Varints.write(out, objects.stockCount(id, i));
            }
        }
    }

    /** {@code array} with {@code value} at {@code index}, grown (doubled) when it is too short. */
    static int[] put(int[] array, int index, int value) {
        int[] a = index < array.length ? array : Arrays.copyOf(array, array.length * 2);
        a[index] = value;
        return a;
    }
}
