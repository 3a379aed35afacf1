package lor.sim.world;

import java.util.Arrays;

import lor.sim.util.LongIntMap;
import lor.sim.util.StateHash;

/**
 * The cells modules watch ({@link lor.sim.module.ModuleWorld#watchCell}): each watch is a module, a cell and a tag,
 * kept until the module lets it go. When a watched cell changes, every watch on it becomes a wake of its module
 * (key: the cell's grid index, the watch's tag) at the next tick, on {@link ModuleWakes}: so it runs in the canonical
 * order, once however many times the cell changed, and a world without watches pays nothing for them. Looked up by
 * cell through a chain per cell, so a change costs the watches on that cell, not all of them.
 */
final class ModuleWatches {

    /** The most cells one module may watch at once: a bound on what a module's bug can make the world keep. */
    static final int MAX_PER_MODULE = 65_536;
    private static final int NONE = -1;

    /** Entry id by watch, packed as a wake ({@link ModuleWakes#pack}: module, cell as key, tag). */
    private final LongIntMap byWatch = new LongIntMap(64);
    /** The first entry of each watched cell's chain. */
    private final LongIntMap firstByCell = new LongIntMap(64);
    private final int[] perModule;
    private long[] packed = new long[64];
    private int[] next = new int[64];
    private boolean[] inUse = new boolean[64];
    private int[] free = new int[64];
    private int freeCount;
    private int used;
    private int size;
    /** Two lanes of a sum over watches of a hash of each: see {@link #stateHash}. */
    private int sumA;
    private int sumB;

    ModuleWatches(int modules) {
        this.perModule = new int[modules];
    }

    /**
     * @return whether the watch is new (false: the module already watched the cell with this tag)
     * @throws IllegalStateException when the module already watches {@link #MAX_PER_MODULE} cells
     */
    boolean add(int module, int cell, int tag) {
        long watch = ModuleWakes.pack(module, cell, tag);
        if (byWatch.get(watch) >= 0) {
            return false;
        }
        if (perModule[module] >= MAX_PER_MODULE) {
            throw new IllegalStateException("a module may watch at most " + MAX_PER_MODULE + " cells at once");
        }
        int id = freeCount > 0 ? free[--freeCount] : grow();
        packed[id] = watch;
        inUse[id] = true;
        int first = firstByCell.get(cell);
        next[id] = first;
        firstByCell.put(cell, id);
        byWatch.put(watch, id);
        perModule[module]++;
        size++;
        account(watch, 1);
        return true;
    }

    /** @return whether the module watched the cell with this tag */
    boolean remove(int module, int cell, int tag) {
        long watch = ModuleWakes.pack(module, cell, tag);
        int id = byWatch.remove(watch);
        if (id < 0) {
            return false;
        }
        int first = firstByCell.get(cell);
        if (first == id) {
            if (next[id] == NONE) {
                firstByCell.remove(cell);
            } else {
                firstByCell.put(cell, next[id]);
            }
        } else {
            int before = first;
            while (next[before] != id) {
                before = next[before];
            }
            next[before] = next[id];
        }
        inUse[id] = false;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, freeCount * 2);
        }
        free[freeCount++] = id;
        perModule[module]--;
        size--;
        account(watch, -1);
        return true;
    }

    int size() {
        return size;
    }

    /**
     * Wakes every watch on the cell at {@code tick}. Within a hook, the wakes go with the change that fired them if
     * the hook is undone, as every wake it schedules does ({@link ModuleWakes#cancelSinceMark}).
     */
    void fire(int cell, long tick, ModuleWakes wakes) {
        if (size == 0) {
            return;
        }
        for (int id = firstByCell.get(cell); id >= 0; id = next[id]) {
            wakes.schedule(tick, packed[id]);
        }
    }

    /** Entry ids go from 0 to this (exclusive); {@link #live} says which are watches. */
    int capacity() {
        return used;
    }

    boolean live(int id) {
        return inUse[id];
    }

    long watch(int id) {
        return packed[id];
    }

    /** A module's watches as (cell, tag) pairs, ascending: for snapshots. */
    int[] of(int module) {
        long[] mine = new long[perModule[module]];
        int n = 0;
        for (int id = 0; id < used; id++) {
            if (inUse[id] && ModuleWakes.module(packed[id]) == module) {
                mine[n++] = packed[id];
            }
        }
        Arrays.sort(mine, 0, n);
        int[] pairs = new int[n * 2];
        for (int i = 0; i < n; i++) {
            pairs[2 * i] = ModuleWakes.key(mine[i]);
            pairs[2 * i + 1] = ModuleWakes.tag(mine[i]);
        }
        return pairs;
    }

    /** Mixes the watches into a world's state hash through a sum kept as they come and go, whatever their order. */
    void stateHash(StateHash h) {
        h.mix(size).mix(sumA).mix(sumB);
    }

    private int grow() {
        if (used == packed.length) {
            int capacity = used * 2;
            packed = Arrays.copyOf(packed, capacity);
            next = Arrays.copyOf(next, capacity);
            inUse = Arrays.copyOf(inUse, capacity);
        }
        return used++;
    }

    private void account(long watch, int sign) {
        int k = StateHash.finish((int) watch * 0x9e3779b9 ^ (int) (watch >>> 32) * 0x85ebca6b ^ 0x5bd1e995);
        sumA += sign * k;
        sumB += sign * StateHash.finish(k ^ 0x27d4eb2f);
    }
}
