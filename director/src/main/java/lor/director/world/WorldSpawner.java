package lor.director.world;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

import lor.director.db.DataAccessException;
import lor.director.world.admission.JoinTarget;
import lor.director.world.lease.LeaseHeldException;
import lor.director.world.lease.LeaseKeeper;
import lor.director.world.lease.WorldLeases;
import lor.director.world.process.AdoptedProcess;
import lor.director.world.process.ProcessOutputPump;
import lor.director.world.process.SparePool;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.ticket.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starting a world: the world is claimed in the database first (a new epoch, and never while another director's
 * lease is live), off the caller's thread; then a warm spare takes it, or a new process is launched. The spawn ends
 * with the world's registration and hydration ({@link WorldRegistrations}), or with its timeout here.
 */
final class WorldSpawner {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    private final LocalDirector director;
    private final LeaseKeeper leases;
    private final WorldHydration hydration;
    private final WorldExits.Listener exits;

    WorldSpawner(LocalDirector director, LeaseKeeper leases, WorldHydration hydration, WorldExits.Listener exits) {
        this.director = director;
        this.leases = leases;
        this.hydration = hydration;
        this.exits = exits;
    }

    /** Moves a stopped world to starting and begins its spawn; the returned spawn's future completes when it runs. */
    WorldProcess spawnLocked(WorldInstance w) {
        WorldProcess p = WorldProcess.spawn(w);
        w.starting(p);
        p.timeoutAfter(director.schedule(() -> onSpawnTimeout(w, p), director.timeouts.spawnMs()));
        director.runBlocking(() -> claimAndStart(w, p), () -> abandon(w, p, "the director is overloaded; try again"));
        return p;
    }

    private void claimAndStart(WorldInstance w, WorldProcess p) {
        String worldId = w.worldId();
        WorldLeases.Claim claim;
        try {
            claim = director.leases.claim(worldId);
        } catch (LeaseHeldException e) {
            LOG.info("not starting world {}: {}", worldId, e.getMessage());
            abandon(w, p, new RunElsewhereException(e.owner()));
            return;
        } catch (UnknownWorldException e) {
            LOG.info("not starting world {}: it has been removed", worldId);
            forgetRemoved(w, p);
            return;
        } catch (DataAccessException e) {
            LOG.error("not starting world {}: cannot claim it in the database: {}", worldId, e.getMessage());
            abandon(w, p, "the database is unavailable");
            return;
        }
        WorldSettings stored;
        try {
            stored = claim.stored() == null ? null : WorldSettings.parse(worldId, claim.stored().settingsJson());
        } catch (IllegalArgumentException e) {
            // Stored through a director of another build; the registry of this one would have refused it.
            LOG.warn("not starting world {}: this director cannot run its stored settings: {}", worldId,
                    e.getMessage());
            leases.release(worldId, claim.epoch());
            abandon(w, p, "this director cannot run the world's settings");
            return;
        }
        // The process starts under the world's monitor: a stop that comes meanwhile finds it started, or the claim
        // finds the world stopped and gives it back.
        synchronized (w) {
            if (w.isCurrent(p) && w.status() == WorldStatus.STARTING && !director.shuttingDown()) {
                if (stored != null) {
                    // As defined now: another director may have changed (or renamed) it since this one read it.
                    w.redefine(claim.stored().name(), stored);
                }
                p.claimed(claim.epoch());
                SparePool.Spare spare = director.spares.take();
                if (spare != null) {
                    assignLocked(w, p, spare);
                } else {
                    launchLocked(w, p);
                }
                return;
            }
        }
        // Stopped (or the director began shutting down) while the claim ran: give the world back.
        leases.release(worldId, claim.epoch());
    }

    /** The world's row is gone (removed through another director): it is forgotten here too, and its joins told. */
    private void forgetRemoved(WorldInstance w, WorldProcess p) {
        if (w.removedWhileClaiming(p)) {
            director.worlds.remove(w);
        }
        p.refuseJoins(new UnknownWorldException(w.worldId()));
    }

    /**
     * Records the spawn once the world runs, not before: a restarted director takes a world back as it is, so a
     * process that never hydrated must not be taken back (it would run on with an empty world). Blocking.
     */
    void recordSpawn(WorldInstance w, WorldProcess p) {
        CompletableFuture<JoinTarget> ready = p.ready();
        String gameUrl = ready.isDone() && !ready.isCompletedExceptionally() ? ready.join().gameUrl() : null;
        try {
            // The start time tells a reused pid apart on this host; a pid of another host's process has none here.
            director.leases.recordSpawn(w.worldId(), p.epoch(), p.pid(), director.launcher.localProcesses()
                    ? AdoptedProcess.startOf(p.process()) : null, p.gamePort(), p.spawnTokenSha256(), gameUrl,
                    p.ticketKeyId());
            p.markRecorded();
        } catch (DataAccessException e) {
            LOG.warn("world {} runs without a spawn record ({}): a restarted director could not take it back",
                    w.worldId(), e.getMessage());
        }
    }

    /** Ends a spawn that never got a process. */
    private void abandon(WorldInstance w, WorldProcess p, String reason) {
        abandon(w, p, new WorldUnavailableException(reason));
    }

    /** The world is stopped again, and the joins waiting for this spawn learn why. */
    static void abandon(WorldInstance w, WorldProcess p, WorldUnavailableException why) {
        w.stopped(p);
        p.refuseJoins(why);
    }

    private void launchLocked(WorldInstance w, WorldProcess p) {
        String worldId = w.worldId();
        String spawnToken = Secrets.random256();
        p.spawnToken(spawnToken);
        String ticketSecret = ticketSecret(w, p);
        Process process;
        try {
            p.markStarted("its launch");
            process = director.launcher.launch(worldId, w.settings(), spawnToken, ticketSecret);
        } catch (IOException e) {
            LOG.error("cannot start a process for world {}: {}", worldId, e.getMessage());
            leases.release(worldId, p.epoch());
            abandon(w, p, "the world's process could not start");
            return;
        }
        // 0 where the process is not this host's: the world says its pid when it registers.
        p.launched(process);
        director.metrics.worldSpawns.incrementAndGet();
        LOG.info("spawned world {} as {} (epoch {})", worldId, director.launcher.localProcesses()
                ? "pid " + p.pid() : process, p.epoch());
        ProcessOutputPump.start(worldId, p.pid(), process.getInputStream(), p.report());
        // Read while the JVM starts (a few hundred ms) rather than after it registers: the database's answer, and
        // for a world of thousands of players the snapshot's JSON, are then off the join's path.
        hydration.prefetch(w, p);
        process.onExit().thenAccept(exited -> exits.exited(w, p, exited.exitValue()));
    }

    /**
     * Turns a warm spare into the world: it gets the world's settings and this spawn's ticket secret over its
     * control connection, then registers as that world on the same connection and is hydrated as a fresh spawn would
     * be. A new spare is started in its place once the world is ready (or failed).
     */
    private void assignLocked(WorldInstance w, WorldProcess p, SparePool.Spare spare) {
        String worldId = w.worldId();
        p.spawnToken(spare.spawnToken());
        p.markStarted("its assignment to a spare");
        String ticketSecret = ticketSecret(w, p);
        p.launched(spare.process());
        p.reportsThrough(spare.report());
        spare.becomes(worldId);
        hydration.prefetch(w, p);
        spare.control().send(new WorldAssignMessage(
                w.settings().spec(worldId, director.launcher.snapshotIntervalMs()), ticketSecret));
        LOG.info("world {} takes warm spare pid {} (epoch {})", worldId, p.pid(), p.epoch());
        spare.process().onExit().thenAccept(exited -> exits.exited(w, p, exited.exitValue()));
        // The replacement's JVM start would compete for the CPU with the hydration the join is waiting for.
        p.ready().whenComplete((target, error) -> director.runBlocking(director.spares::replenish));
    }

    /** Chooses the spawn's ticket secret, once its epoch and spawn token are known. */
    private String ticketSecret(WorldInstance w, WorldProcess p) {
        String ticketSecret = director.secrets.secretFor(w.worldId(), p.epoch(), p.spawnTokenSha256());
        p.signsWith(ticketSecret, director.secrets.keyId());
        return ticketSecret;
    }

    private void onSpawnTimeout(WorldInstance w, WorldProcess p) {
        long timeoutMs = director.timeouts.spawnMs();
        // Decided under the world's monitor: a registration or hydration that comes meanwhile waits for it.
        synchronized (w) {
            if (!w.isCurrent(p) || p.hydrated()) {
                return;
            }
            if (!p.started()) {
                LOG.error("world {} could not be claimed within {} ms", w.worldId(), timeoutMs);
                abandon(w, p, "the database did not answer in time");
                return;
            }
            if (p.recentlyAlive(System.nanoTime(), WorldHealth.SILENCE_NANOS)) {
                // Registered and beating: a long hydration, not a failed start. Look again a little later.
                LOG.warn("world {} (pid {}) is still hydrating after {} ms", w.worldId(), p.pid(), timeoutMs);
                p.timeoutAfter(director.schedule(() -> onSpawnTimeout(w, p), WorldHealth.HEARTBEAT_MILLIS));
                return;
            }
            LOG.error("world {} (pid {}) did not register and hydrate within {} ms; killing it", w.worldId(),
                    p.pid(), timeoutMs);
            p.abort(new WorldUnavailableException("the world did not start within " + timeoutMs + " ms"));
        }
    }
}
