package lor.sim.util;

import java.util.Arrays;

/**
 * A map from {@code long} keys to non-negative {@code int} values without boxing: open addressing, linear
 * probing, backward-shift deletion (no tombstones). Absent keys read as {@code -1}. Not thread-safe.
 */
public final class LongIntMap {

    private static final int ABSENT = -1;

    private long[] keys;
    private int[] values;
    private boolean[] used;
    private int size;
    private int mask;

    public LongIntMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        allocate(capacity);
    }

    public int size() {
        return size;
    }

    public int get(long key) {
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                return values[i];
            }
            i = (i + 1) & mask;
        }
        return ABSENT;
    }

    public void put(long key, int value) {
        if (value < 0) {
            throw new IllegalArgumentException("values must be non-negative");
        }
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) {
            rehash(keys.length * 2);
        }
    }

    /** @return the removed value, or -1 */
    public int remove(long key) {
        int i = slot(key);
        while (used[i]) {
            if (keys[i] == key) {
                int removed = values[i];
                shiftBack(i);
                size--;
                return removed;
            }
            i = (i + 1) & mask;
        }
        return ABSENT;
    }

    public void clear() {
        Arrays.fill(used, false);
        size = 0;
    }

    /** Closes the gap at {@code hole} by moving later entries of the probe run back, so lookups never stop short. */
    private void shiftBack(int hole) {
        int i = (hole + 1) & mask;
        while (used[i]) {
            int home = slot(keys[i]);
            // Move entry i into the hole if its home lies cyclically at or before the hole.
            if (((i - home) & mask) >= ((i - hole) & mask)) {
                keys[hole] = keys[i];
                values[hole] = values[i];
                hole = i;
            }
            i = (i + 1) & mask;
        }
        used[hole] = false;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new int[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
    }

    private void rehash(int capacity) {
        long[] oldKeys = keys;
        int[] oldValues = values;
        boolean[] oldUsed = used;
        allocate(capacity);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldUsed[i]) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
