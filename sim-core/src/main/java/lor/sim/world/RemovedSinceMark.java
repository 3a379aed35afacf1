package lor.sim.world;

import java.util.Arrays;

/**
 * The entities removed since the last {@link World#markPositions()} that existed at it: their ids and the cells they
 * stood on then, for a delta-encoding broadcaster to say who is gone.
 */
final class RemovedSinceMark {

    private int[] ids = new int[16];
    private int[] cells = new int[16];
    private int count;

    void add(int id, int cell) {
        if (count == ids.length) {
            ids = Arrays.copyOf(ids, count * 2);
            cells = Arrays.copyOf(cells, count * 2);
        }
        ids[count] = id;
        cells[count] = cell;
        count++;
    }

    /** Forgets the last {@code n} added: a removal that was undone. */
    void dropLast(int n) {
        count -= n;
    }

    void clear() {
        count = 0;
    }

    int count() {
        return count;
    }

    int id(int i) {
        return ids[i];
    }

    int cell(int i) {
        return cells[i];
    }
}
