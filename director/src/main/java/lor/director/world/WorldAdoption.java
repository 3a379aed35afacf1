package lor.director.world;

import java.util.Optional;

import lor.director.db.DataAccessException;
import lor.director.world.lease.SpawnRecord;
import lor.director.world.process.AdoptedProcess;
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

    private final LocalDirector director;
    private final GameAddresses addresses;
    private final WorldExits.Listener exits;

    WorldAdoption(LocalDirector director, GameAddresses addresses, WorldExits.Listener exits) {
        this.director = director;
        this.addresses = addresses;
        this.exits = exits;
    }

    /** @return how many worlds are waited for; see {@link WorldSupervisor#adoptLeftBehind} */
    int adoptLeftBehind() {
        if (!director.launcher.localProcesses()) {
            // A recorded pid names a process of another host (a GameServer's container): failover adopts those.
            return 0;
        }
        int waiting = 0;
        try {
            for (SpawnRecord r : director.leases.leftBehind()) {
                WorldInstance w = director.worlds.get(r.worldId());
                Optional<AdoptedProcess> process = AdoptedProcess.find(r.pid(), r.processStartedAt());
                boolean taken = w != null && director.leases.takeOver(r.worldId(), r.epoch(), r.director(),
                        director.secrets.keyId());
                if (!taken) {
                    LOG.warn("world {} was claimed again since director {} left it; not taking it back", r.worldId(),
                            r.director());
                } else if (process.isEmpty()) {
                    LOG.info("world {}: its process (pid {}) ended with director {}; the next join starts it from "
                            + "its last snapshot", r.worldId(), r.pid(), r.director());
                    director.leases.release(r.worldId(), r.epoch());
                } else {
                    adopt(w, r, process.get());
                    waiting++;
                }
            }
        } catch (DataAccessException e) {
            LOG.error("cannot look for worlds left running by an earlier director: {}; they end themselves within "
                    + "{} s and start afresh on the next join", e.getMessage(), Timings.ORPHAN_LIMIT.toSeconds());
        }
        return waiting;
    }

    private void adopt(WorldInstance w, SpawnRecord r, AdoptedProcess process) {
        WorldProcess p = WorldProcess.adopt(w, r, process, r.pid());
        w.takingBack(p);
        p.timeoutAfter(director.schedule(() -> onTimeout(w, p), WINDOW_MILLIS));
        process.onExit().thenAccept(exited -> exits.exited(w, p, AdoptedProcess.UNKNOWN_EXIT));
        LOG.info("world {}: taking back pid {} (epoch {}) left running by director {}; waiting up to {} s for it to "
                + "reconnect", w.worldId(), p.pid(), p.epoch(), r.director(), WINDOW_MILLIS / 1000);
    }

    private void onTimeout(WorldInstance w, WorldProcess p) {
        // Decided under the world's monitor: a registration that comes meanwhile waits, and is then refused.
        synchronized (w) {
            if (!w.isCurrent(p) || p.signer() != null) {
                return;
            }
            LOG.error("world {} (pid {}) left running by the previous director did not reconnect within {} ms; "
                    + "killing it: the next join starts it from its last snapshot",
                    w.worldId(), p.pid(), WINDOW_MILLIS);
            p.abort(new WorldUnavailableException(
                    "the world did not come back after a director restart; try again"));
        }
    }

    /** A world left running by the previous director has reconnected: it serves joins again, its players kept. */
    void reconnected(WorldInstance w, WorldProcess p) {
        // One step: the joins waiting learn where the world is before an exit can end the spawn.
        synchronized (w) {
            if (!w.cameBack(p)) {
                return;
            }
            director.metrics.worldAdoptions.incrementAndGet();
            LOG.info("world {} taken back: pid {} (epoch {}) runs on with its players, game port {}", w.worldId(),
                    p.pid(), p.epoch(), p.gamePort());
            p.becameReady(addresses.targetOf(w, p));
        }
    }
}
