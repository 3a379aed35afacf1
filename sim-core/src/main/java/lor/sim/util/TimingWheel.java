package lor.sim.util;

import java.util.Arrays;

/**
 * Timers by tick for int ids, in a hierarchical timing wheel (the classic four-level wheel of Linux's timers and
 * Kafka's purgatory): level 0 has a bucket per tick for the next 256 ticks, level 1 a bucket per 256 ticks for the
 * next 65,536, level 2 per 65,536 for the next 2^24, level 3 per 2^24 for the next 2^32, and a list beyond. Adding a
 * timer is O(1); a tick costs the timers due at it plus, every 256 ticks, moving one bucket of a higher level down,
 * so its cost does not grow with the timers that are not due. Entries are never removed early: a caller that
 * changes its mind checks its own columns when an entry fires. Not thread-safe.
 */
public final class TimingWheel {

    private static final int BUCKETS = 256;
    private static final int MASK = BUCKETS - 1;

    /** levels[k][i]: the bucket i of level k. */
    private final Bucket[][] levels = new Bucket[4][BUCKETS];
    private Bucket overflow = new Bucket();
    private Bucket spare = new Bucket();
    /** The tick the next {@link #advance} fires. */
    private long current;
    private int size;

    public TimingWheel(long firstTick) {
        for (Bucket[] level : levels) {
            for (int i = 0; i < BUCKETS; i++) {
                level[i] = new Bucket();
            }
        }
        this.current = firstTick;
    }

    /** Adds an entry; a due tick before {@link #nextTick()} fires at the next {@link #advance}. */
    public void schedule(int id, long dueTick) {
        place(id, Math.max(dueTick, current));
        size++;
    }

    /**
     * Fires the next tick: appends the id of every entry due at it to {@code fired}.
     *
     * @return the tick fired
     */
    public long advance(IntList fired) {
        long t = current;
        if ((t & MASK) == 0) {
            // Move the higher levels' bucket that now comes within range down, lowest level first: what a higher
            // level sends into the lower bucket just emptied is due within 256 ticks, so it lands on level 0.
            int i1 = (int) (t >>> 8) & MASK;
            cascade(levels[1][i1]);
            if (i1 == 0) {
                int i2 = (int) (t >>> 16) & MASK;
                cascade(levels[2][i2]);
                if (i2 == 0) {
                    int i3 = (int) (t >>> 24) & MASK;
                    cascade(levels[3][i3]);
                    if (i3 == 0) {
                        Bucket far = overflow;
                        overflow = spare;
                        spare = far;
                        cascade(far);
                    }
                }
            }
        }
        Bucket due = levels[0][(int) t & MASK];
        for (int i = 0; i < due.size; i++) {
            fired.add(due.ids[i]);
        }
        size -= due.size;
        due.size = 0;
        current = t + 1;
        return t;
    }

    public long nextTick() {
        return current;
    }

    /** Entries waiting, stale ones included. */
    public int size() {
        return size;
    }

    /** Drops every entry; the next {@link #advance} fires {@code firstTick}. */
    public void clear(long firstTick) {
        for (Bucket[] level : levels) {
            for (Bucket bucket : level) {
                bucket.size = 0;
            }
        }
        overflow.size = 0;
        size = 0;
        current = firstTick;
    }

    private void place(int id, long due) {
        long delta = due - current;
        if (delta < BUCKETS) {
            levels[0][(int) due & MASK].add(id, due);
        } else if (delta < 1L << 16) {
            levels[1][(int) (due >>> 8) & MASK].add(id, due);
        } else if (delta < 1L << 24) {
            levels[2][(int) (due >>> 16) & MASK].add(id, due);
        } else if (delta < 1L << 32) {
            levels[3][(int) (due >>> 24) & MASK].add(id, due);
        } else {
            overflow.add(id, due);
        }
    }

    /** Places every entry of {@code bucket} again from the current tick, then empties it. */
    private void cascade(Bucket bucket) {
        int n = bucket.size;
        bucket.size = 0;
        for (int i = 0; i < n; i++) {
            place(bucket.ids[i], bucket.dues[i]);
        }
    }

    /** Entries as parallel arrays, kept when emptied so that a steady state allocates nothing. */
    private static final class Bucket {
        int[] ids = new int[4];
        long[] dues = new long[4];
        int size;

        void add(int id, long due) {
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, size * 2);
                dues = Arrays.copyOf(dues, size * 2);
            }
            ids[size] = id;
            dues[size] = due;
            size++;
        }
    }
}
