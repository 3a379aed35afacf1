package lor.sim.objects;

import java.util.Arrays;

import lor.sim.util.ReadySet;

/**
 * Every object as columns of primitive arrays, indexed by slot; an object's id is its slot + 1, so that 0 means
 * none. A new object takes the lowest free slot, which keeps ids dense and makes the choice a pure function of the
 * history (a predicting client, a restored world and a reference model all agree on it).
 */
final class ObjectColumns {

    /** It is running a recipe: inputs consumed, outputs due at {@link #due}. */
    static final byte CRAFTING = 1;
    /** It is on the clock's list, to be woken when the line changes. */
    static final byte CLOCK_WAIT = 2;

    /** Kind index + 1; 0 for a free slot. */
    short[] kind;
    /** Grid index of the cell it stands on. */
    int[] cell;
    /** Selected recipe index + 1; 0 for none. */
    short[] recipe;
    byte[] flags;
    /** While crafting, the tick its outputs are due; for a formula or rule, the first tick it may run again. */
    long[] due;
    /** First entry of its block in {@link Stocks}. */
    int[] stockBase;
    /** Slots ever used: every slot below is live or in {@link #free}. */
    int highWater;
    int live;
    private final ReadySet free;

    ObjectColumns(int capacity) {
        int n = Math.max(16, capacity);
        kind = new short[n];
        cell = new int[n];
        recipe = new short[n];
        flags = new byte[n];
        due = new long[n];
        stockBase = new int[n];
        free = new ReadySet(n);
    }

    int allocate() {
        int slot = free.next(0);
        if (slot >= 0) {
            free.remove(slot);
        } else {
            slot = highWater++;
            if (slot == kind.length) {
                grow(slot * 2);
            }
        }
        live++;
        return slot;
    }

    /** Takes a given slot (restoring a snapshot, where ids are kept), marking the skipped ones free. */
    void allocateAt(int slot) {
        if (slot >= kind.length) {
            grow(Math.max(slot + 1, kind.length * 2));
        }
        while (highWater < slot) {
            free.add(highWater++);
        }
        if (slot == highWater) {
            highWater++;
        } else {
            free.remove(slot);
        }
        live++;
    }

    void release(int slot) {
        kind[slot] = 0;
        recipe[slot] = 0;
        flags[slot] = 0;
        due[slot] = 0;
        free.add(slot);
        live--;
    }

    boolean isLive(int slot) {
        return slot >= 0 && slot < highWater && kind[slot] != 0;
    }

    private void grow(int size) {
        kind = Arrays.copyOf(kind, size);
        cell = Arrays.copyOf(cell, size);
        recipe = Arrays.copyOf(recipe, size);
        flags = Arrays.copyOf(flags, size);
        due = Arrays.copyOf(due, size);
        stockBase = Arrays.copyOf(stockBase, size);
    }
}
