package lor.sim.world;

import java.util.Arrays;

import lor.sim.util.IntList;
import lor.sim.util.StateHash;
import lor.sim.util.TimingWheel;

/**
 * The wakes modules scheduled ({@link lor.sim.module.ModuleWorld#wakeAt}), on a {@link TimingWheel}: a tick costs the
 * wakes due at it, so a module with nothing scheduled costs nothing. The wakes due at a tick run in one order whatever
 * order they were scheduled in (by module, key and tag, each once), so a world hydrated from a snapshot, which
 * schedules them again in another order, runs them as the original would have.
 */
final class ModuleWakes {

    private static final int TAG_BITS = 16;
    private static final int KEY_BITS = 31;
    static final int MAX_TAG = (1 << TAG_BITS) - 1;

    private final TimingWheel wheel;
    private final IntList fired = new IntList(64);
    /** Entry columns by wheel id; a freed id goes to {@link #free}. */
    private long[] due = new long[64];
    private long[] packed = new long[64];
    private boolean[] cancelled = new boolean[64];
    private boolean[] inUse = new boolean[64];
    /** Two lanes of a sum over waiting wakes of a hash of (due, packed): see {@link #stateHash}. */
    private int sumA;
    private int sumB;
    private int[] free = new int[64];
    private int freeCount;
    private int used;
    private int live;
    private long[] ready = new long[64];
    private int readyCount;
    /** {@link #mark()}: where the free list and the fresh ids stood when the current hook began. */
    private int markFree;
    private int markUsed;

    ModuleWakes(long firstTick) {
        wheel = new TimingWheel(firstTick);
    }

    /** The key of a wake as the order it runs in: module, then key, then tag. */
    static long pack(int module, int key, int tag) {
        return (long) module << (KEY_BITS + TAG_BITS) | (long) key << TAG_BITS | tag;
    }

    static int module(long packedWake) {
        return (int) (packedWake >>> (KEY_BITS + TAG_BITS));
    }

    static int key(long packedWake) {
        return (int) (packedWake >>> TAG_BITS) & Integer.MAX_VALUE;
    }

    static int tag(long packedWake) {
        return (int) packedWake & MAX_TAG;
    }

    /** Adds a wake at {@code tick}, or at the wheel's next tick when that is later. */
    void schedule(long tick, long packedWake) {
        int id;
        if (freeCount > 0) {
            id = free[--freeCount];
        } else {
            if (used == due.length) {
                int capacity = used * 2;
                due = Arrays.copyOf(due, capacity);
                packed = Arrays.copyOf(packed, capacity);
                cancelled = Arrays.copyOf(cancelled, capacity);
                inUse = Arrays.copyOf(inUse, capacity);
            }
            id = used++;
        }
        long at = Math.max(tick, wheel.nextTick());
        due[id] = at;
        packed[id] = packedWake;
        cancelled[id] = false;
        inUse[id] = true;
        account(id, 1);
        live++;
        wheel.schedule(id, at);
    }

    /**
     * A hook begins: the wakes it schedules can be cancelled together ({@link #cancelSinceMark}) without a record of
     * each. Between two {@link #advance}s ids are only taken, never given back: from the top of the free list (whose
     * entries stay where they were) and past {@link #used}. So the ids taken since the mark are the free list's entries
     * from where it stands now up to where it stood, and the fresh ids from the marked {@link #used} on.
     */
    void mark() {
        markFree = freeCount;
        markUsed = used;
    }

    /** Cancels every wake scheduled since {@link #mark()}: the hook that scheduled them is undone. */
    void cancelSinceMark() {
        for (int i = freeCount; i < markFree; i++) {
            cancel(free[i]);
        }
        for (int id = markUsed; id < used; id++) {
            cancel(id);
        }
        mark();
    }

    private void cancel(int id) {
        cancelled[id] = true;
        account(id, -1);
        live--;
    }

    /** The first tick a wake scheduled now can be due at. */
    long nextTick() {
        return wheel.nextTick();
    }

    /**
     * Fires the wheel's next tick: the wakes due at it, sorted and each once, readable through {@link #readyCount()}
     * and {@link #ready(int)} until the next call.
     */
    void advance() {
        fired.clear();
        wheel.advance(fired);
        readyCount = 0;
        for (int i = 0; i < fired.size(); i++) {
            int id = fired.get(i);
            if (!cancelled[id]) {
                if (readyCount == ready.length) {
                    ready = Arrays.copyOf(ready, readyCount * 2);
                }
                ready[readyCount++] = packed[id];
                account(id, -1);
                live--;
            }
            inUse[id] = false;
            if (freeCount == free.length) {
                free = Arrays.copyOf(free, freeCount * 2);
            }
            free[freeCount++] = id;
        }
        Arrays.sort(ready, 0, readyCount);
        int distinct = 0;
        for (int i = 0; i < readyCount; i++) {
            if (distinct == 0 || ready[distinct - 1] != ready[i]) {
                ready[distinct++] = ready[i];
            }
        }
        readyCount = distinct;
    }

    int readyCount() {
        return readyCount;
    }

    long ready(int i) {
        return ready[i];
    }

    /** Wakes waiting (not yet due, not cancelled). */
    int size() {
        return live;
    }

    /** Every waiting wake as (due, packed) pairs sorted: for the state hash and snapshots. */
    long[] sorted() {
        long[] pairs = new long[live * 2];
        Long2[] entries = new Long2[live];
        int n = 0;
        for (int id = 0; id < used; id++) {
            if (inUse[id] && !cancelled[id]) {
                entries[n++] = new Long2(due[id], packed[id]);
            }
        }
        Arrays.sort(entries, 0, n);
        for (int i = 0; i < n; i++) {
            pairs[2 * i] = entries[i].due;
            pairs[2 * i + 1] = entries[i].packed;
        }
        return n == live ? pairs : Arrays.copyOf(pairs, 2 * n);
    }

    /**
     * Mixes the waiting wakes into a world's state hash, through a sum kept up to date as wakes come and go: the
     * order they were scheduled in does not matter, and hashing every tick costs nothing.
     */
    void stateHash(StateHash h) {
        h.mix(live).mix(sumA).mix(sumB);
    }

    private void account(int id, int sign) {
        long d = due[id];
        long p = packed[id];
        int k = StateHash.finish((int) d * 0x9e3779b9 ^ (int) (d >>> 32) * 0x7feb352d ^ (int) p * 0x85ebca6b
                ^ (int) (p >>> 32) * 0xc2b2ae35);
        sumA += sign * k;
        sumB += sign * StateHash.finish(k ^ 0x27d4eb2f);
    }

    /** A wake for sorting. */
    private record Long2(long due, long packed) implements Comparable<Long2> {
        @Override
        public int compareTo(Long2 o) {
            int byDue = Long.compare(due, o.due);
            return byDue != 0 ? byDue : Long.compare(packed, o.packed);
        }
    }
}
