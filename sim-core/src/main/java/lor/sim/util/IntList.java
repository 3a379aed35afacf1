package lor.sim.util;

import java.util.Arrays;

/** A growable list of primitive ints: no boxing, no allocation except when it grows (doubling). */
public final class IntList {

    private int[] values;
    private int size;

    public IntList(int initialCapacity) {
        values = new int[Math.max(4, initialCapacity)];
    }

    public void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    public void addAll(IntList other) {
        for (int i = 0; i < other.size; i++) {
            add(other.values[i]);
        }
    }

    public int get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i + " of " + size);
        }
        return values[i];
    }

    public void set(int i, int value) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i + " of " + size);
        }
        values[i] = value;
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Empties the list, keeping its array. */
    public void clear() {
        size = 0;
    }

    public int removeLast() {
        if (size == 0) {
            throw new IndexOutOfBoundsException("empty");
        }
        return values[--size];
    }

    public int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
