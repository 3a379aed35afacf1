package lor.director.world;

import java.util.Collection;

import lor.director.DirectorMetrics;
import lor.protocol.control.Timings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kills world processes that stop proving they are alive. A running world beats once a second on its control
 * connection while its tick thread moves on; one silent for three beats (stopped with SIGSTOP, a stuck tick
 * thread) is SIGKILLed. It is replaced only once it has exited, like any crashed world, so two processes never
 * serve one world. Worlds without a control connection (reconnecting) and worlds still starting are left to the
 * reconnect and spawn timeouts.
 */
final class WorldHealth {

    private static final Logger LOG = LoggerFactory.getLogger(WorldHealth.class);

    /** The world's beat interval and how often this checks. */
    static final long HEARTBEAT_MILLIS = Timings.HEARTBEAT_PERIOD.toMillis();
    static final int MISSED_BEATS = Timings.MISSED_HEARTBEATS;
    static final long SILENCE_NANOS = MISSED_BEATS * HEARTBEAT_MILLIS * 1_000_000;

    private final Collection<WorldInstance> worlds;
    private final DirectorMetrics metrics;

    WorldHealth(Collection<WorldInstance> worlds, DirectorMetrics metrics) {
        this.worlds = worlds;
        this.metrics = metrics;
    }

    void check() {
        long now = System.nanoTime();
        for (WorldInstance w : worlds) {
            WorldProcess p = w.current();
            long silentMs = p == null ? -1 : p.killIfSilent(now, SILENCE_NANOS);
            if (silentMs < 0) {
                continue;
            }
            metrics.worldsUnhealthy.incrementAndGet();
            LOG.error("world {} (pid {}) missed {} heartbeats ({} ms silent); killing it, it is replaced once it "
                    + "has exited", w.worldId(), p.pid(), MISSED_BEATS, silentMs);
        }
    }
}
