package lor.sim.objects;

import java.util.Arrays;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;
import lor.sim.util.IntList;
import lor.sim.util.ReadySet;
import lor.sim.util.TimingWheel;

/**
 * The engine's side of a snapshot: copies an {@link ObjectEngine}'s objects into an {@link ObjectImage}, and puts an
 * image's objects back into a new engine, queues and timers included ({@link ObjectImageCodec} turns images into
 * bytes and back). It works on the engine's own columns, stocks and queues, which it shares with it; like the engine,
 * only the world's owner calls it.
 */
final class ObjectPersistence {

    private final ContentPack pack;
    private final int[] occupancy;
    private final ObjectColumns t;
    private final Stocks stocks;
    private final ReadySet ready;
    private final TimingWheel wheel;
    private final IntList clockWaiters;
    private final SeenChanges seen;

    ObjectPersistence(ContentPack pack, int[] occupancy, ObjectColumns t, Stocks stocks, ReadySet ready,
                      TimingWheel wheel, IntList clockWaiters, SeenChanges seen) {
        this.pack = pack;
        this.occupancy = occupancy;
        this.t = t;
        this.stocks = stocks;
        this.ready = ready;
        this.wheel = wheel;
        this.clockWaiters = clockWaiters;
        this.seen = seen;
    }

    /** {@link ObjectEngine#image()}: the engine is between ticks, at {@code tick} with the clock on {@code line}. */
    ObjectImage image(long tick, int line) {
        int n = t.highWater;
        byte[] flags = Arrays.copyOf(t.flags, n);
        for (int s = ready.next(0); s >= 0 && s < n; s = ready.next(s + 1)) {
            flags[s] |= ObjectImage.AWAKE;
        }
        return new ObjectImage(pack, tick, line, n, Arrays.copyOf(t.kind, n), Arrays.copyOf(t.cell, n),
                Arrays.copyOf(t.recipe, n), flags, Arrays.copyOf(t.due, n),
                Arrays.copyOf(t.stockBase, n), stocks.copyItems(), stocks.copyCounts());
    }

    /** {@link ObjectEngine#restore}: the engine is at {@code tick}. */
    void restore(ObjectImage image, long tick) {
        if (t.live != 0 || image.tick != tick) {
            throw new IllegalStateException("restore needs a new engine at tick " + image.tick);
        }
        for (int s = 0; s < image.slotCount; s++) {
            if (image.kind[s] == 0) {
                continue;
            }
            int cell = image.cell[s];
            if (cell < 0 || cell >= occupancy.length || occupancy[cell] != 0) {
                throw new IllegalArgumentException("object " + (s + 1) + ": cell " + cell
                        + " is off the grid or taken");
            }
            ObjectKind k = pack.kind(image.kind[s] - 1);
            t.allocateAt(s);
            t.kind[s] = image.kind[s];
            t.cell[s] = cell;
            t.recipe[s] = image.recipe[s];
            byte flags = image.flags[s];
            t.flags[s] = (byte) (flags & (ObjectColumns.CRAFTING | ObjectColumns.CLOCK_WAIT));
            t.due[s] = image.due[s];
            int base = stocks.allocate(k.slots());
            t.stockBase[s] = base;
            for (int i = 0; i < k.slots(); i++) {
                stocks.put(base + i, image.stockItems[image.stockBase[s] + i] - 1,
                        image.stockCounts[image.stockBase[s] + i]);
            }
            occupancy[cell] = -(s + 1);
            seen.placed(s, cell);
            if ((flags & ObjectImage.AWAKE) != 0) {
                ready.add(s);
            }
            if ((flags & ObjectColumns.CLOCK_WAIT) != 0) {
                clockWaiters.add(s);
            }
            if (((flags & ObjectColumns.CRAFTING) != 0 || k.rule() != null) && t.due[s] >= tick) {
                wheel.schedule(s, t.due[s]);
            }
        }
    }
}
