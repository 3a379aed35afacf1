package lor.sim.objects;

import java.util.Arrays;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;
import lor.sim.util.ReadySet;

/**
 * The engine's side of a snapshot: copies an {@link ObjectEngine}'s objects into an {@link ObjectImage}, and puts an
 * image's objects back into a new engine, queues and timers included (the world server's snapshot codec turns images
 * into bytes and back). It works on the engine's own {@link EngineState}, which it shares with it; like the engine,
 * only the world's owner calls it.
 */
final class ObjectPersistence {

    private final EngineState state;

    ObjectPersistence(EngineState state) {
        this.state = state;
    }

    /** {@link ObjectEngine#image()}: the engine is between ticks, at {@code tick} with the clock on {@code line}. */
    ObjectImage image(long tick, int line) {
        ObjectColumns t = state.columns();
        ReadySet ready = state.ready();
        int n = t.highWater;
        byte[] flags = Arrays.copyOf(t.flags, n);
        for (int s = ready.next(0); s >= 0 && s < n; s = ready.next(s + 1)) {
            flags[s] |= ObjectImage.AWAKE;
        }
        return new ObjectImage(state.pack(), tick, line, n, Arrays.copyOf(t.kind, n), Arrays.copyOf(t.cell, n),
                Arrays.copyOf(t.recipe, n), flags, Arrays.copyOf(t.due, n),
                Arrays.copyOf(t.stockBase, n), state.stocks().copyItems(), state.stocks().copyCounts());
    }

    /** {@link ObjectEngine#restore}: the engine is at {@code tick}. */
    void restore(ObjectImage image, long tick) {
        ContentPack pack = state.pack();
        int[] occupancy = state.occupancy();
        ObjectColumns t = state.columns();
        Stocks stocks = state.stocks();
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
            state.seen().placed(s, cell);
            if ((flags & ObjectImage.AWAKE) != 0) {
                state.ready().add(s);
            }
            if ((flags & ObjectColumns.CLOCK_WAIT) != 0) {
                state.clockWaiters().add(s);
            }
            if (((flags & ObjectColumns.CRAFTING) != 0 || k.rule() != null) && t.due[s] >= tick) {
                state.wheel().schedule(s, t.due[s]);
            }
        }
    }
}
