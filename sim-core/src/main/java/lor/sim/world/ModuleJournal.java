package lor.sim.world;

import java.util.Arrays;

/**
 * What a module's hook changed in the current call, so that a hook that throws, or an action that is refused, can be
 * undone whole: each change is a record of its arguments (how to put it back) followed by what it was, undone newest
 * first. A record is as wide as its kind needs (a spawned slot is one int, a set cell three): nearly every hook writes
 * some, and on the cheapest hooks (a wake that turns a cell) the journal is a good share of what the API costs. The
 * wakes a hook schedules are not here: {@link ModuleWakes#mark} undoes them without a record each. Allocates nothing
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
    /** A watch added (module, cell, tag): undone by removing it. */
    static final int WATCH = 8;
    /** A watch removed (module, cell, tag): undone by adding it back. */
    static final int UNWATCH = 9;

    /** By kind: how many arguments its records hold, before the kind (a cell's record has none: see recordCell). */
    private static final int[] ARGUMENTS = {0, 0, 3, 3, 4, 1, 2, 4, 3, 3};
    private static final int CELL_WIDTH = 3;

    private int[] records = new int[256];
    private int size;

    /** A record of one argument (a spawned slot). */
    void record(int what, int a) {
        int at = reserve(2);
        records[at] = a;
        records[at + 1] = what;
    }

    /**
     * A set cell of the calling module's field: its value and tick before, then its index complemented, which is
     * negative and so tells the record from the others, whose kinds are positive. Three ints and no kind look-up: a
     * field rule writes one for nearly every wake (docs/benchmarks.md, "Dispatch").
     */
    void recordCell(int index, int old, int since) {
        int at = reserve(3);
        int[] r = records;
        r[at] = old;
        r[at + 1] = since;
        r[at + 2] = ~index;
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
        int last = records[end - 1];
        return last < 0 ? CELL : last;
    }

    /** Where the record that ends at {@code end} starts: the end of the record before it. */
    int start(int end) {
        int last = records[end - 1];
        return last < 0 ? end - CELL_WIDTH : end - 1 - ARGUMENTS[last];
    }

    /** The cell of the cell record that ends at {@code end}: (old value, old tick) are its arguments 0 and 1. */
    int cell(int end) {
        return ~records[end - 1];
    }

    /** Argument {@code i} of the record that starts at {@code start}. */
    int arg(int start, int i) {
        return records[start + i];
    }
}
