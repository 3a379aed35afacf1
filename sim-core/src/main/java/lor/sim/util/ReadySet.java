package lor.sim.util;

import java.util.Arrays;

/**
 * A set of non-negative int ids as a hierarchical bitset: level 0 has a bit per id, every level above a bit per
 * non-zero word of the level below, up to a single word. Finding the next member costs a few word reads whatever
 * the capacity, and so does finding that there is none: an empty set of ten million possible ids costs what an
 * empty set of a thousand does. Adding and removing are O(levels); nothing allocates except growing.
 */
public final class ReadySet {

    private long[][] levels;
    private int capacity;
    private int size;

    public ReadySet(int capacity) {
        allocate(Math.max(64, capacity));
    }

    public void add(int id) {
        if (id < 0) {
            throw new IllegalArgumentException("negative id " + id);
        }
        if (id >= capacity) {
            grow(Math.max(id + 1, capacity * 2));
        }
        if (contains(id)) {
            return;
        }
        size++;
        int index = id;
        for (long[] level : levels) {
            int word = index >>> 6;
            boolean wasEmpty = level[word] == 0;
            level[word] |= 1L << index;
            if (!wasEmpty) {
                return;
            }
            index = word;
        }
    }

    public void remove(int id) {
        if (!contains(id)) {
            return;
        }
        size--;
        int index = id;
        for (long[] level : levels) {
            int word = index >>> 6;
            level[word] &= ~(1L << index);
            if (level[word] != 0) {
                return;
            }
            index = word;
        }
    }

    public boolean contains(int id) {
        return id >= 0 && id < capacity && (levels[0][id >>> 6] & (1L << id)) != 0;
    }

    /** The smallest member at or above {@code from}, or -1. */
    public int next(int from) {
        if (size == 0 || from >= capacity) {
            return -1;
        }
        return nextAt(0, Math.max(0, from));
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** Removes every member, at a cost that follows the members, not the capacity. */
    public void clear() {
        for (int id = next(0); id >= 0; id = next(id + 1)) {
            remove(id);
        }
    }

    /** The smallest set bit at or above {@code from} on level {@code k}, or -1. */
    private int nextAt(int k, int from) {
        long[] level = levels[k];
        int word = from >>> 6;
        if (word >= level.length) {
            return -1;
        }
        long bits = level[word] & (-1L << from);
        if (bits != 0) {
            return (word << 6) + Long.numberOfTrailingZeros(bits);
        }
        if (k + 1 == levels.length) {
            return -1;
        }
        int nextWord = nextAt(k + 1, word + 1);
        return nextWord < 0 ? -1 : (nextWord << 6) + Long.numberOfTrailingZeros(level[nextWord]);
    }

    private void allocate(int newCapacity) {
        capacity = newCapacity;
        int count = 1;
        for (int words = (newCapacity + 63) >>> 6; words > 1; words = (words + 63) >>> 6) {
            count++;
        }
        levels = new long[count][];
        int words = (newCapacity + 63) >>> 6;
        for (int k = 0; k < count; k++) {
            levels[k] = new long[words];
            words = (words + 63) >>> 6;
        }
    }

    private void grow(int newCapacity) {
        long[] bits = levels[0];
        allocate(newCapacity);
        System.arraycopy(bits, 0, levels[0], 0, bits.length);
        for (int k = 1; k < levels.length; k++) {
            long[] below = levels[k - 1];
            long[] level = levels[k];
            Arrays.fill(level, 0);
            for (int w = 0; w < below.length; w++) {
                if (below[w] != 0) {
                    level[w >>> 6] |= 1L << w;
                }
            }
        }
    }
}
