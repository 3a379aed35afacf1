package lor.director.world;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import lor.director.world.admission.JoinTarget;
import lor.director.world.lease.LeaseKeeper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What happens when a world's process exits: its lease and players are let go, and the world becomes stopped (the
 * joins that waited for it start the next process) or failed, as {@link WorldExit} judges the exit. A failed world
 * refuses joins until an operator clears it.
 */
final class WorldExits {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    /** Told when a world's process has exited. */
    @FunctionalInterface
    interface Listener {
        void exited(WorldInstance w, WorldProcess p, int exitCode);
    }

    private final Lifecycle life;
    private final LeaseKeeper leases;
    private final WorldSpawner spawner;

    WorldExits(Lifecycle life, LeaseKeeper leases, WorldSpawner spawner) {
        this.life = life;
        this.leases = leases;
        this.spawner = spawner;
    }

    void exited(WorldInstance w, WorldProcess p, int exitCode) {
        life.metrics.worldExits.incrementAndGet();
        synchronized (w) {
            if (w.current != p) {
                return;
            }
            String failure = WorldExit.judge(w, p, exitCode);
            life.spawnEnding(w.worldId, p.epoch);
            leases.release(w.worldId, p.epoch);
            p.cancelTimeout();
            w.current = null;
            w.lastStatus = null;
            w.lastLoad = null;
            life.membership.clearWorld(w.worldId);
            p.ready.completeExceptionally(new WorldUnavailableException(
                    "the world's process exited (code " + exitCode + ")"));
            if (p.control != null) {
                p.control.close();
                p.control = null;
            }
            if (failure != null) {
                failLocked(w, failure);
            } else {
                w.moveTo(WorldStatus.STOPPED);
                restartForWaitersLocked(w);
            }
        }
    }

    /**
     * This director no longer holds the world's lease: it fenced itself off, or another director took the world
     * over. The process is forgotten without being stopped: it is another director's now, or will be once it
     * reconnects there (told to by a retryable refusal). One that never ran (no spawn record) cannot be adopted and
     * is killed instead. The world's players stay where they are: only this director's view of them is cleared.
     */
    void letGoLocked(WorldInstance w, WorldProcess p, String why) {
        if (w.current != p) {
            return;
        }
        LOG.warn("world {} (pid {}, epoch {}) let go: {}", w.worldId, p.pid, p.epoch, why);
        p.cancelTimeout();
        w.current = null;
        w.lastStatus = null;
        w.lastLoad = null;
        life.membership.clearWorld(w.worldId);
        p.ready.completeExceptionally(new WorldUnavailableException("the world is moving to another director; "
                + "try again"));
        if (p.control != null) {
            p.control.release(why);
            p.control = null;
        }
        if (!p.recorded && p.started() && !p.adopted && p.epoch > 0) {
            // Nobody can adopt it: it is killed, and once it is gone its lease is given back (when the database
            // answers), so that a join through any director may start the world at once.
            p.process.destroyForcibly();
            leases.releaseOnceGone(w.worldId, p.epoch, p.process);
        }
        w.moveTo(WorldStatus.STOPPED);
        w.failWaiters("the world is moving to another director; try again");
    }

    private void restartForWaitersLocked(WorldInstance w) {
        if (w.waitingForRestart.isEmpty()) {
            return;
        }
        if (life.shuttingDown()) {
            w.failWaiters("the director is shutting down");
            return;
        }
        List<CompletableFuture<JoinTarget>> waiters = new ArrayList<>(w.waitingForRestart);
        w.waitingForRestart.clear();
        spawner.spawnLocked(w).ready.whenComplete((target, error) -> {
            for (CompletableFuture<JoinTarget> waiter : waiters) {
                if (error == null) {
                    waiter.complete(target);
                } else {
                    waiter.completeExceptionally(error);
                }
            }
        });
    }

    private void failLocked(WorldInstance w, String reason) {
        w.moveTo(WorldStatus.FAILED);
        w.failure = reason;
        life.metrics.worldFailures.incrementAndGet();
        LOG.error("world {} failed: {}. Joins are refused until an operator clears it "
                + "(POST /api/admin/worlds/{}/clear)", w.worldId, reason, w.worldId);
        w.failWaiters("the world has failed: " + reason);
    }

    /**
     * An operator's word that a failed world may be started again (after fixing or deleting its bad snapshot, or
     * the cause of its crashes): it becomes stopped, and the next join starts it.
     *
     * @return false when the world is unknown or not failed
     */
    boolean clearFailure(String worldId) {
        WorldInstance w = life.worlds.get(worldId);
        if (w == null) {
            return false;
        }
        synchronized (w) {
            if (w.status != WorldStatus.FAILED) {
                return false;
            }
            LOG.info("world {}: failure cleared by an operator (was: {})", worldId, w.failure);
            w.moveTo(WorldStatus.STOPPED);
            w.failure = null;
            w.crashes.clear();
            return true;
        }
    }
}
