package lor.director.world;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Stops running worlds that have had no players (and handed out no ticket) for the idle shutdown time, so that an
 * unused world costs no process. Off when that time is 0.
 */
final class IdleReaper {

    /** How often idle worlds are looked for. */
    static final long CHECK_MILLIS = 250;

    private final LocalDirector director;
    private final WorldStopper stopper;
    private ScheduledFuture<?> check;

    IdleReaper(LocalDirector director, WorldStopper stopper) {
        this.director = director;
        this.stopper = stopper;
    }

    void start() {
        if (director.timeouts.idleShutdownMs() > 0) {
            check = director.every(this::stopIdleWorlds, CHECK_MILLIS);
        }
    }

    void stop() {
        if (check != null) {
            check.cancel(false);
        }
    }

    private void stopIdleWorlds() {
        long idleMs = director.timeouts.idleShutdownMs();
        long now = System.nanoTime();
        long idleNanos = TimeUnit.MILLISECONDS.toNanos(idleMs);
        for (WorldInstance w : director.worlds.all()) {
            // Decided and stopped in one step: a join that touches the world meanwhile keeps it running.
            synchronized (w) {
                if (w.runsIdle(idleNanos, now) && director.membership.count(w.worldId()) == 0) {
                    stopper.requestStop(w, "no players for " + idleMs + " ms");
                }
            }
        }
    }
}
