package lor.director.world;

import java.io.IOException;

import lor.director.db.DataAccessException;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.TicketSigner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starting a world: the world is claimed in the database first (a new epoch, and never while another director's
 * lease is live), off the caller's thread; then a warm spare takes it, or a new process is launched. The spawn ends
 * with the world's registration and hydration ({@link WorldRegistrations}), or with its timeout here.
 */
final class WorldSpawner {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    private final Lifecycle life;
    private final LeaseKeeper leases;
    private final WorldHydration hydration;
    private final WorldExits.Listener exits;

    WorldSpawner(Lifecycle life, LeaseKeeper leases, WorldHydration hydration, WorldExits.Listener exits) {
        this.life = life;
        this.leases = leases;
        this.hydration = hydration;
        this.exits = exits;
    }

    /** Moves a stopped world to starting and begins its spawn; the returned spawn's future completes when it runs. */
    WorldProcess spawnLocked(WorldInstance w) {
        WorldProcess p = new WorldProcess();
        w.moveTo(WorldStatus.STARTING);
        w.current = p;
        w.lastStatus = null;
        w.lastLoad = null;
        w.hydratedSeq = 0;
        p.timeout = life.schedule(() -> onSpawnTimeout(w, p), life.timeouts.spawnMs());
        life.runBlocking(() -> claimAndStart(w, p), () -> abandon(w, p, "the director is overloaded; try again"));
        return p;
    }

    private void claimAndStart(WorldInstance w, WorldProcess p) {
        WorldLeases.Claim claim;
        try {
            claim = life.leases.claim(w.worldId);
        } catch (LeaseHeldException e) {
            LOG.info("not starting world {}: {}", w.worldId, e.getMessage());
            abandon(w, p, new RunElsewhereException(e.owner()));
            return;
        } catch (UnknownWorldException e) {
            LOG.info("not starting world {}: it has been removed", w.worldId);
            forgetRemoved(w, p);
            return;
        } catch (DataAccessException e) {
            LOG.error("not starting world {}: cannot claim it in the database: {}", w.worldId, e.getMessage());
            abandon(w, p, "the database is unavailable");
            return;
        }
        WorldSettings stored;
        try {
            stored = claim.stored() == null ? null : WorldSettings.parse(w.worldId, claim.stored().settingsJson());
        } catch (IllegalArgumentException e) {
            // Stored through a director of another build; the registry of this one would have refused it.
            LOG.warn("not starting world {}: this director cannot run its stored settings: {}", w.worldId,
                    e.getMessage());
            leases.release(w.worldId, claim.epoch());
            abandon(w, p, "this director cannot run the world's settings");
            return;
        }
        synchronized (w) {
            if (w.current == p && w.status == WorldStatus.STARTING && !life.shuttingDown()) {
                if (stored != null) {
                    // As defined now: another director may have changed (or renamed) it since this one read it.
                    w.name = claim.stored().name();
                    w.settings = stored;
                }
                p.epoch = claim.epoch();
                p.heldSinceNanos = System.nanoTime();
                SparePool.Spare spare = life.spares.take();
                if (spare != null) {
                    assignLocked(w, p, spare);
                } else {
                    launchLocked(w, p);
                }
                return;
            }
        }
        // Stopped (or the director began shutting down) while the claim ran: give the world back.
        leases.release(w.worldId, claim.epoch());
    }

    /** The world's row is gone (removed through another director): it is forgotten here too, and its joins told. */
    private void forgetRemoved(WorldInstance w, WorldProcess p) {
        synchronized (w) {
            if (w.current == p) {
                p.cancelTimeout();
                w.current = null;
                w.moveTo(WorldStatus.STOPPED);
                w.removed = true;
                life.worlds.remove(w);
            }
        }
        p.ready.completeExceptionally(new UnknownWorldException(w.worldId));
    }

    /**
     * Records the spawn once the world runs, not before: a restarted director takes a world back as it is, so a
     * process that never hydrated must not be taken back (it would run on with an empty world). Blocking.
     */
    void recordSpawn(WorldInstance w, WorldProcess p) {
        String gameUrl;
        synchronized (w) {
            gameUrl = p.ready.isDone() && !p.ready.isCompletedExceptionally() ? p.ready.join().gameUrl() : null;
        }
        try {
            // The start time tells a reused pid apart on this host; a pid of another host's process has none here.
            life.leases.recordSpawn(w.worldId, p.epoch, p.pid, life.launcher.localProcesses()
                    ? AdoptedProcess.startOf(p.process) : null, p.gamePort, p.spawnTokenSha256, gameUrl, p.ticketKeyId);
            synchronized (w) {
                p.recorded = true;
            }
        } catch (DataAccessException e) {
            LOG.warn("world {} runs without a spawn record ({}): a restarted director could not take it back",
                    w.worldId, e.getMessage());
        }
    }

    /** Ends a spawn that never got a process. */
    private void abandon(WorldInstance w, WorldProcess p, String reason) {
        abandon(w, p, new WorldUnavailableException(reason));
    }

    private void abandon(WorldInstance w, WorldProcess p, WorldUnavailableException why) {
        synchronized (w) {
            if (w.current == p) {
                abandonLocked(w, p, why);
                return;
            }
        }
        p.ready.completeExceptionally(why);
    }

    /** The world is stopped again, and the joins waiting for this spawn learn why. */
    static void abandonLocked(WorldInstance w, WorldProcess p, String reason) {
        abandonLocked(w, p, new WorldUnavailableException(reason));
    }

    private static void abandonLocked(WorldInstance w, WorldProcess p, WorldUnavailableException why) {
        p.cancelTimeout();
        w.current = null;
        w.moveTo(WorldStatus.STOPPED);
        p.ready.completeExceptionally(why);
    }

    private void launchLocked(WorldInstance w, WorldProcess p) {
        String spawnToken = Secrets.random256();
        p.spawnToken(spawnToken);
        String ticketSecret = ticketSecretLocked(w, p);
        try {
            p.markStarted("its launch");
            p.process = life.launcher.launch(w.worldId, w.settings, spawnToken, ticketSecret);
        } catch (IOException e) {
            LOG.error("cannot start a process for world {}: {}", w.worldId, e.getMessage());
            leases.release(w.worldId, p.epoch);
            abandonLocked(w, p, "the world's process could not start");
            return;
        }
        // 0 where the process is not this host's: the world says its pid when it registers.
        p.pid = p.process.pid();
        life.metrics.worldSpawns.incrementAndGet();
        LOG.info("spawned world {} as {} (epoch {})", w.worldId, life.launcher.localProcesses() ? "pid " + p.pid
                : p.process, p.epoch);
        ProcessOutputPump.start(w.worldId, p.pid, p.process.getInputStream(), p.report);
        // Read while the JVM starts (a few hundred ms) rather than after it registers: the database's answer, and
        // for a world of thousands of players the snapshot's JSON, are then off the join's path.
        hydration.prefetch(w, p);
        p.process.onExit().thenAccept(exited -> exits.exited(w, p, exited.exitValue()));
    }

    /**
     * Turns a warm spare into the world: it gets the world's settings and this spawn's ticket secret over its
     * control connection, then registers as that world on the same connection and is hydrated as a fresh spawn would
     * be. A new spare is started in its place once the world is ready (or failed).
     */
    private void assignLocked(WorldInstance w, WorldProcess p, SparePool.Spare spare) {
        p.spawnToken(spare.spawnToken);
        p.markStarted("its assignment to a spare");
        String ticketSecret = ticketSecretLocked(w, p);
        p.process = spare.process;
        p.pid = spare.process.pid();
        p.report = spare.report;
        spare.label = w.worldId;
        hydration.prefetch(w, p);
        spare.control.send(new WorldAssignMessage(w.settings.spec(w.worldId, life.launcher.snapshotIntervalMs()),
                ticketSecret));
        LOG.info("world {} takes warm spare pid {} (epoch {})", w.worldId, p.pid, p.epoch);
        p.process.onExit().thenAccept(exited -> exits.exited(w, p, exited.exitValue()));
        // The replacement's JVM start would compete for the CPU with the hydration the join is waiting for.
        p.ready.whenComplete((target, error) -> life.runBlocking(life.spares::replenish));
    }

    /** Chooses the spawn's ticket secret, once its epoch and spawn token are known. */
    private String ticketSecretLocked(WorldInstance w, WorldProcess p) {
        String ticketSecret = life.secrets.secretFor(w.worldId, p.epoch, p.spawnTokenSha256);
        p.signer = TicketSigner.fromEncodedSecret(ticketSecret);
        p.ticketKeyId = life.secrets.keyId();
        return ticketSecret;
    }

    private void onSpawnTimeout(WorldInstance w, WorldProcess p) {
        long timeoutMs = life.timeouts.spawnMs();
        synchronized (w) {
            if (w.current != p || p.hydrated) {
                return;
            }
            if (!p.started()) {
                LOG.error("world {} could not be claimed within {} ms", w.worldId, timeoutMs);
                abandonLocked(w, p, "the database did not answer in time");
                return;
            }
            if (WorldHealth.recentlyAlive(p, System.nanoTime())) {
                // Registered and beating: a long hydration, not a failed start. Look again a little later.
                LOG.warn("world {} (pid {}) is still hydrating after {} ms", w.worldId, p.pid, timeoutMs);
                p.timeout = life.schedule(() -> onSpawnTimeout(w, p), WorldHealth.HEARTBEAT_MILLIS);
                return;
            }
            LOG.error("world {} (pid {}) did not register and hydrate within {} ms; killing it", w.worldId, p.pid,
                    timeoutMs);
            p.ready.completeExceptionally(new WorldUnavailableException(
                    "the world did not start within " + timeoutMs + " ms"));
            p.process.destroyForcibly();
        }
    }
}
