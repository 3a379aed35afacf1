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

    private final Lifecycle life;
    private final WorldSpawner spawner;

    WorldJoins(Lifecycle life, WorldSpawner spawner) {
        this.life = life;
        this.spawner = spawner;
    }

    /** See {@link WorldSupervisor#join}. */
    CompletableFuture<JoinTarget> join(String worldId) {
        WorldInstance w = life.worlds.get(worldId);
        if (w == null) {
            return CompletableFuture.failedFuture(new UnknownWorldException(worldId));
        }
        if (life.shuttingDown()) {
            return CompletableFuture.failedFuture(new WorldUnavailableException("the director is shutting down"));
        }
        if (life.fenced()) {
            return CompletableFuture.failedFuture(new WorldUnavailableException("this director cannot reach its "
                    + "database; try again"));
        }
        synchronized (w) {
            if (w.removed) {
                return CompletableFuture.failedFuture(new UnknownWorldException(worldId));
            }
            w.lastActiveNanos = System.nanoTime();
            if (w.status == WorldStatus.RUNNING && !w.current.process.isAlive()) {
                // Killed a moment ago and its exit not yet handled: the exit handler starts the next process.
                return waitForRestart(w);
            }
            return switch (w.status) {
                case RUNNING, STARTING -> w.current.ready;
                case FAILED -> CompletableFuture.failedFuture(
                        new WorldUnavailableException("the world has failed: " + w.failure));
                case STOPPING -> w.waitingForRestart.size() >= MAX_WAITING
                        ? CompletableFuture.failedFuture(new WorldUnavailableException("the world is restarting; "
                                + "try again"))
                        : waitForRestart(w);
                case STOPPED -> spawner.spawnLocked(w).ready;
            };
        }
    }

    private static CompletableFuture<JoinTarget> waitForRestart(WorldInstance w) {
        CompletableFuture<JoinTarget> restarted = new CompletableFuture<>();
        w.waitingForRestart.add(restarted);
        return restarted;
    }

    /** A ticket was handed out: the world is not idle, whatever its last player count said. */
    void touch(String worldId) {
        WorldInstance w = life.worlds.get(worldId);
        if (w != null) {
            synchronized (w) {
                w.lastActiveNanos = System.nanoTime();
            }
        }
    }
}
