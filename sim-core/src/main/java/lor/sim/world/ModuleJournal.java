package lor.sim.world;

import java.util.Arrays;

/**
 * What a module's hook changed in the current call, so that a hook that throws, or an action that is refused, can be
 * undone whole: each change is a record of its arguments (how to put it back) followed by what it was, undone newest
 * first. A record is as wide as its kind needs (a wake is one id, a cell four ints): every hook writes some, and on
 * the cheapest hooks (a wake that turns a cell) the journal is a good share of what the API costs. Allocates nothing
 * once warm.
 */
final class ModuleJournal {

    static final int CELL = 1;
    static final int ATTRIBUTE = 2;
    static final int DATA = 3;
    static final int MOVE = 4;
    static final int SPAWN = 5;
    static final int REMOVE = 6;
    static final int GIVE = 7;
    static final int WAKE = 8;
    /** A watch added (module, cell, tag): undone by removing it. */
    static final int WATCH = 9;
    /** A watch removed (module, cell, tag): undone by adding it back. */
    static final int UNWATCH = 10;

    /** By kind: how many arguments its records hold. */
    private static final int[] ARGUMENTS = {0, 4, 3, 3, 4, 1, 2, 4, 1, 3, 3};

    private int[] records = new int[256];
    private int size;

    /** A record of one argument (a wake's id, a spawned slot). */
    void record(int what, int a) {
        int at = reserve(2);
        records[at] = a;
        records[at + 1] = what;
    }

    /**
     * A set cell: {@link #record(int, int, int, int, int)} with its kind known, so without the look-up and branches
     * on the width: a field rule writes one for nearly every wake (docs/benchmarks.md, "Dispatch").
     */
    void recordCell(int module, int index, int old, int since) {
        int at = reserve(5);
        int[] r = records;
        r[at] = module;
        r[at + 1] = index;
        r[at + 2] = old;
        r[at + 3] = since;
        r[at + 4] = CELL;
    }

    /** A record of up to four arguments; those past its kind's count are not kept. */
    void record(int what, int a, int b, int c, int d) {
        int n = ARGUMENTS[what];
        int at = reserve(n + 1);
        records[at] = a;
        if (n > 1) {
            records[at + 1] = b;
        }
        if (n > 2) {
            records[at + 2] = c;
        }
        if (n > 3) {
            records[at + 3] = d;
        }
        records[at + n] = what;
    }

    private int reserve(int width) {
        int at = size;
        if (at + width > records.length) {
            records = Arrays.copyOf(records, records.length * 2);
        }
        size = at + width;
        return at;
    }

    /** Forgets every record: the changes stand. */
    void clear() {
        size = 0;
    }

    /** The end of the newest record, 0 when there is none: where reading back starts. */
    int end() {
        return size;
    }

    /** The kind of the record that ends at {@code end}. */
    int what(int end) {
        return records[end - 1];
    }

    /** Where the record that ends at {@code end} starts: the end of the record before it. */
    int start(int end) {
        return end - 1 - ARGUMENTS[records[end - 1]];
    }

    /** Argument {@code i} of the record that starts at {@code start}. */
    int arg(int start, int i) {
        return records[start + i];
    }
}
