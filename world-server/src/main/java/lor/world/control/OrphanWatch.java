package lor.world.control;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoop;

/**
 * Ends the world once it has gone unaccepted for the orphan limit, an attempt in flight or not: a connect or
 * handshake can take seconds, and past the limit the world's lease may be close to expiring (see
 * {@link ControlClient#ORPHAN_AFTER_MILLIS}). Used on the control event loop only, where its deadline runs.
 */
final class OrphanWatch {

    private final EventLoop loop;
    private final long limitNanos;
    private final Runnable orphaned;
    /** Ends the world when it passes; null while a director has it. */
    private ScheduledFuture<?> deadline;

    OrphanWatch(EventLoop loop, long limitMillis, Runnable orphaned) {
        this.loop = loop;
        this.limitNanos = TimeUnit.MILLISECONDS.toNanos(limitMillis);
        this.orphaned = orphaned;
    }

    long limitSeconds() {
        return TimeUnit.NANOSECONDS.toSeconds(limitNanos);
    }

    /** No director has the world from now on: it has until the limit to find one. */
    void unaccepted() {
        if (deadline != null) {
            deadline.cancel(false);
        }
        deadline = loop.schedule(this::expire, limitNanos, TimeUnit.NANOSECONDS);
    }

    /** A director has the world. */
    void accepted() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    private void expire() {
        deadline = null;
        orphaned.run();
    }
}
