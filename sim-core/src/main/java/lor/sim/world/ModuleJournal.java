package lor.sim.world;

import java.util.Arrays;

/**
 * What a module's hook changed in the current call, so that a hook that throws, or an action that is refused, can be
 * undone whole: each change is a record of five ints (what, and how to put it back), undone in reverse order.
 * Allocates nothing once warm.
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

    private static final int WIDTH = 5;

    private int[] records = new int[WIDTH * 64];
    private int size;

    void record(int what, int a, int b, int c, int d) {
        if (size + WIDTH > records.length) {
            records = Arrays.copyOf(records, records.length * 2);
        }
        records[size] = what;
        records[size + 1] = a;
        records[size + 2] = b;
        records[size + 3] = c;
        records[size + 4] = d;
        size += WIDTH;
    }

    /** Records kept: the mark to undo back to. */
    int mark() {
        return size / WIDTH;
    }

    /** Forgets every record: the changes stand. */
    void clear() {
        size = 0;
    }

    /** Records after {@code mark}, newest first: {@link #what(int)} and {@link #arg(int, int)} by record. */
    int count() {
        return size / WIDTH;
    }

    int what(int record) {
        return records[record * WIDTH];
    }

    int arg(int record, int i) {
        return records[record * WIDTH + 1 + i];
    }

    /** Drops the records from {@code mark} on, once they have been undone. */
    void truncate(int mark) {
        size = mark * WIDTH;
    }
}
