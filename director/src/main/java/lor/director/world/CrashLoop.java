package lor.director.world;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * A world's recent abnormal exits: more than {@link #MAX_EXITS} - 1 within {@link #WINDOW_MILLIS} is a crash loop,
 * and starting the world again would only crash it again. Guarded by the owning {@link WorldInstance}'s monitor.
 */
final class CrashLoop {

    static final int MAX_EXITS = 4;
    static final long WINDOW_MILLIS = 60_000;

    private final ArrayDeque<Long> exits = new ArrayDeque<>(MAX_EXITS);

    /** Counts an abnormal exit at {@code nowNanos}; true when it completes a crash loop. */
    boolean exited(long nowNanos) {
        if (exits.size() == MAX_EXITS) {
            exits.removeFirst();
        }
        exits.addLast(nowNanos);
        return exits.size() == MAX_EXITS
                && nowNanos - exits.peekFirst() <= TimeUnit.MILLISECONDS.toNanos(WINDOW_MILLIS);
    }

    int recent() {
        return exits.size();
    }

    void clear() {
        exits.clear();
    }
}
