package lor.director.world;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

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

    private final LocalDirector director;
    private final LeaseKeeper leases;
    private final WorldSpawner spawner;

    WorldExits(LocalDirector director, LeaseKeeper leases, WorldSpawner spawner) {
        this.director = director;
        this.leases = leases;
        this.spawner = spawner;
    }

    void exited(WorldInstance w, WorldProcess p, int exitCode) {
        director.metrics.worldExits.incrementAndGet();
        // One step under the world's monitor: a join that comes meanwhile finds the world stopped (and spawns it) or
        // waits for the restart this starts.
        synchronized (w) {
            if (!w.isCurrent(p)) {
                return;
            }
            String failure = WorldExit.judge(w, p, exitCode);
            director.spawnEnding(w.worldId(), p.epoch());
            leases.release(w.worldId(), p.epoch());
            director.membership.clearWorld(w.worldId());
            p.closeControl();
            if (failure != null) {
                w.failed(p, failure);
            } else {
                w.stopped(p);
            }
            p.refuseJoins(new WorldUnavailableException("the world's process exited (code " + exitCode + ")"));
            if (failure != null) {
                failed(w, failure);
            } else {
                restartForWaitersLocked(w);
            }
        }
    }

    /**
     * This director no longer holds the world's lease: it fenced itself off, or another director took the world
     * over. The process, if {@code which} it is, is forgotten without being stopped: it is another director's now,
     * or will be once it reconnects there (told to by a retryable refusal). One that never ran (no spawn record)
     * cannot be adopted and is killed instead. The world's players stay where they are: only this director's view
     * of them is cleared.
     */
    void letGo(WorldInstance w, Predicate<WorldProcess> which, String why) {
        synchronized (w) {
            WorldProcess p = w.current();
            if (p == null || !which.test(p)) {
                return;
            }
            LOG.warn("world {} (pid {}, epoch {}) let go: {}", w.worldId(), p.pid(), p.epoch(), why);
            director.membership.clearWorld(w.worldId());
            p.releaseControl(why);
            if (!p.recorded() && p.started() && !p.adopted() && p.epoch() > 0) {
                // Nobody can adopt it: it is killed, and once it is gone its lease is given back (when the database
                // answers), so that a join through any director may start the world at once.
                p.kill();
                leases.releaseOnceGone(w.worldId(), p.epoch(), p.process());
            }
            w.stopped(p);
            p.refuseJoins(new WorldUnavailableException("the world is moving to another director; try again"));
            w.failWaiters("the world is moving to another director; try again");
        }
    }

    private void restartForWaitersLocked(WorldInstance w) {
        if (w.waitingForRestart() == 0) {
            return;
        }
        if (director.shuttingDown()) {
            w.failWaiters("the director is shutting down");
            return;
        }
        List<CompletableFuture<JoinTarget>> waiters = w.takeWaiters();
        spawner.spawnLocked(w).ready().whenComplete((target, error) -> {
            for (CompletableFuture<JoinTarget> waiter : waiters) {
                if (error == null) {
                    waiter.complete(target);
                } else {
                    waiter.completeExceptionally(error);
                }
            }
        });
    }

    private void failed(WorldInstance w, String reason) {
        director.metrics.worldFailures.incrementAndGet();
        LOG.error("world {} failed: {}. Joins are refused until an operator clears it "
                + "(POST /api/admin/worlds/{}/clear)", w.worldId(), reason, w.worldId());
        w.failWaiters("the world has failed: " + reason);
    }

    /**
     * An operator's word that a failed world may be started again (after fixing or deleting its bad snapshot, or
     * the cause of its crashes): it becomes stopped, and the next join starts it.
     *
     * @return false when the world is unknown or not failed
     */
    boolean clearFailure(String worldId) {
        WorldInstance w = director.worlds.get(worldId);
        String cleared = w == null ? null : w.clearFailure();
        if (cleared == null) {
            return false;
        }
        LOG.info("world {}: failure cleared by an operator (was: {})", worldId, cleared);
        return true;
    }
}
