package lor.director.world;

import java.util.Optional;

import lor.director.db.DataAccessException;
import lor.protocol.control.Timings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Taking back the worlds that a director of this host left running when it died (crashed, killed, or stopped with
 * {@code --on-stop leave-worlds}): each becomes this director's again under the same epoch, and runs once its
 * process reconnects and proves itself with the spawn token its record holds the hash of.
 */
final class WorldAdoption {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    static final long WINDOW_MILLIS = Timings.ADOPTION_WINDOW.toMillis();

    private final Lifecycle life;
    private final GameAddresses addresses;
    private final WorldExits.Listener exits;

    WorldAdoption(Lifecycle life, GameAddresses addresses, WorldExits.Listener exits) {
        this.life = life;
        this.addresses = addresses;
        this.exits = exits;
    }

    /** @return how many worlds are waited for; see {@link WorldSupervisor#adoptLeftBehind} */
    int adoptLeftBehind() {
        if (!life.launcher.localProcesses()) {
            // A recorded pid names a process of another host (a GameServer's container): failover adopts those.
            return 0;
        }
        int waiting = 0;
        try {
            for (SpawnRecord r : life.leases.leftBehind()) {
                WorldInstance w = life.worlds.get(r.worldId());
                Optional<AdoptedProcess> process = AdoptedProcess.find(r.pid(), r.processStartedAt());
                boolean taken = w != null && life.leases.takeOver(r.worldId(), r.epoch(), r.director(),
                        life.secrets.keyId());
                if (!taken) {
                    LOG.warn("world {} was claimed again since director {} left it; not taking it back", r.worldId(),
                            r.director());
                } else if (process.isEmpty()) {
                    LOG.info("world {}: its process (pid {}) ended with director {}; the next join starts it from "
                            + "its last snapshot", r.worldId(), r.pid(), r.director());
                    life.leases.release(r.worldId(), r.epoch());
                } else {
                    synchronized (w) {
                        adoptLocked(w, r, process.get());
                    }
                    waiting++;
                }
            }
        } catch (DataAccessException e) {
            LOG.error("cannot look for worlds left running by an earlier director: {}; they end themselves within "
                    + "{} s and start afresh on the next join", e.getMessage(), Timings.ORPHAN_LIMIT.toSeconds());
        }
        return waiting;
    }

    private void adoptLocked(WorldInstance w, SpawnRecord r, AdoptedProcess process) {
        WorldProcess p = new WorldProcess();
        p.epoch = r.epoch();
        p.heldSinceNanos = System.nanoTime();
        p.process = process;
        p.pid = r.pid();
        p.spawnTokenSha256 = r.spawnTokenSha256();
        p.adopted = true;
        p.recorded = true;
        p.hydrated = true;
        w.moveTo(WorldStatus.STARTING);
        w.current = p;
        w.lastActiveNanos = System.nanoTime();
        p.timeout = life.schedule(() -> onTimeout(w, p), WINDOW_MILLIS);
        p.process.onExit().thenAccept(exited -> exits.exited(w, p, AdoptedProcess.UNKNOWN_EXIT));
        LOG.info("world {}: taking back pid {} (epoch {}) left running by director {}; waiting up to {} s for it to "
                + "reconnect", w.worldId, p.pid, p.epoch, r.director(), WINDOW_MILLIS / 1000);
    }

    private void onTimeout(WorldInstance w, WorldProcess p) {
        synchronized (w) {
            if (w.current != p || p.signer != null) {
                return;
            }
            LOG.error("world {} (pid {}) left running by the previous director did not reconnect within {} ms; "
                    + "killing it: the next join starts it from its last snapshot", w.worldId, p.pid, WINDOW_MILLIS);
            p.ready.completeExceptionally(new WorldUnavailableException(
                    "the world did not come back after a director restart; try again"));
            p.process.destroyForcibly();
        }
    }

    /** A world left running by the previous director has reconnected: it serves joins again, its players kept. */
    void reconnected(WorldInstance w, WorldProcess p) {
        synchronized (w) {
            if (w.current != p || w.status != WorldStatus.STARTING) {
                return;
            }
            p.cancelTimeout();
            w.moveTo(WorldStatus.RUNNING);
            w.lastActiveNanos = System.nanoTime();
            life.metrics.worldAdoptions.incrementAndGet();
            LOG.info("world {} taken back: pid {} (epoch {}) runs on with its players, game port {}", w.worldId,
                    p.pid, p.epoch, p.gamePort);
            p.ready.complete(addresses.targetOf(w, p));
        }
    }
}
