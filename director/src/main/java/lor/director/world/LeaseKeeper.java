package lor.director.world;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;

import lor.director.db.DataAccessException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this director's leases on its worlds alive and gives them back: renewed on a timer, released when a world's
 * process exits or its claim is given up, all released when the director stops. A database that does not answer
 * is logged and survived: a lease not renewed expires by itself.
 */
final class LeaseKeeper {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    /** How long a world's lease lives unrenewed; a crashed director's worlds are free again after it. */
    static final Duration TTL = Duration.ofSeconds(30);
    /** How often this director renews its leases: a third of their life, so two missed renewals are survived. */
    static final long RENEW_MILLIS = TTL.toMillis() / 3;

    private final Lifecycle life;
    private ScheduledFuture<?> renewal;

    LeaseKeeper(Lifecycle life) {
        this.life = life;
    }

    void start() {
        renewal = life.every(() -> life.runBlocking(this::renew), RENEW_MILLIS);
    }

    void stop() {
        if (renewal != null) {
            renewal.cancel(false);
        }
    }

    /** Gives the world up under {@code epoch}, off the caller's thread. */
    void release(String worldId, long epoch) {
        life.runBlocking(() -> {
            try {
                life.leases.release(worldId, epoch);
            } catch (DataAccessException e) {
                LOG.warn("cannot release world {}: {}; its lease expires by itself", worldId, e.getMessage());
            }
        });
    }

    /** Gives up every world: the director has stopped them. */
    void releaseAll() {
        try {
            life.leases.releaseAll();
        } catch (DataAccessException e) {
            LOG.warn("cannot release this director's worlds: {}; their leases expire within {} s", e.getMessage(),
                    TTL.toSeconds());
        }
    }

    private void renew() {
        try {
            life.leases.renewAll();
        } catch (DataAccessException e) {
            LOG.warn("cannot renew the world leases: {}", e.getMessage());
        }
    }
}
