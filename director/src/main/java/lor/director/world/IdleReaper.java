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

    private final Lifecycle life;
    private final WorldStopper stopper;
    private ScheduledFuture<?> check;

    IdleReaper(Lifecycle life, WorldStopper stopper) {
        this.life = life;
        this.stopper = stopper;
    }

    void start() {
        if (life.timeouts.idleShutdownMs() > 0) {
            check = life.every(this::stopIdleWorlds, CHECK_MILLIS);
        }
    }

    void stop() {
        if (check != null) {
            check.cancel(false);
        }
    }

    private void stopIdleWorlds() {
        long idleMs = life.timeouts.idleShutdownMs();
        long now = System.nanoTime();
        for (WorldInstance w : life.worlds.all()) {
            synchronized (w) {
                if (w.status == WorldStatus.RUNNING && life.membership.count(w.worldId) == 0
                        && now - w.lastActiveNanos >= TimeUnit.MILLISECONDS.toNanos(idleMs)) {
                    stopper.requestStopLocked(w, "no players for " + idleMs + " ms");
                }
            }
        }
    }
}
