package lor.director.world;

import java.util.concurrent.CompletableFuture;

import lor.director.world.admission.JoinTarget;

/**
 * Where a join for a world goes: to the running process, to the spawn under way, to the next spawn when the world
 * is stopping (or its process has just died), or it starts one. However many joins race, a world is spawned once:
 * the decision is made under the world's lock.
 */
final class WorldJoins {

    /** Joins that may wait for a stopping world to come back, per world. */
    static final int MAX_WAITING = 10_000;

    private final LocalDirector director;
    private final WorldSpawner spawner;

    WorldJoins(LocalDirector director, WorldSpawner spawner) {
        this.director = director;
        this.spawner = spawner;
    }

    /** See {@link WorldSupervisor#join}. */
    CompletableFuture<JoinTarget> join(String worldId) {
        WorldInstance w = director.worlds.get(worldId);
        if (w == null) {
            return CompletableFuture.failedFuture(new UnknownWorldException(worldId));
        }
        if (director.shuttingDown()) {
            return CompletableFuture.failedFuture(new WorldUnavailableException("the director is shutting down"));
        }
        if (director.fenced()) {
            return CompletableFuture.failedFuture(new WorldUnavailableException("this director cannot reach its "
                    + "database; try again"));
        }
        // One decision under the world's monitor: however many joins race, one of them spawns it.
        synchronized (w) {
            if (w.removed()) {
                return CompletableFuture.failedFuture(new UnknownWorldException(worldId));
            }
            w.touch();
            WorldStatus status = w.status();
            if (status == WorldStatus.RUNNING && !w.current().process().isAlive()) {
                // Killed a moment ago and its exit not yet handled: the exit handler starts the next process.
                return w.waitForRestart();
            }
            return switch (status) {
                case RUNNING, STARTING -> w.current().ready();
                case FAILED -> CompletableFuture.failedFuture(
                        new WorldUnavailableException("the world has failed: " + w.failure()));
                case STOPPING -> w.waitingForRestart() >= MAX_WAITING
                        ? CompletableFuture.failedFuture(new WorldUnavailableException("the world is restarting; "
                                + "try again"))
                        : w.waitForRestart();
                case STOPPED -> spawner.spawnLocked(w).ready();
            };
        }
    }

    /** A ticket was handed out: the world is not idle, whatever its last player count said. */
    void touch(String worldId) {
        director.worlds.touch(worldId);
    }
}
