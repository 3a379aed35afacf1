package lor.director.world;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import lor.protocol.control.WorldShutdownMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stopping worlds: one at a time (idle, an operator), or all of them when the director stops. A world is asked over
 * its control connection to save a final snapshot and exit (SIGTERM, which takes the same path, when it cannot be
 * reached), and killed if it has not exited within the stop timeout.
 */
final class WorldStopper {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    private final LocalDirector director;

    WorldStopper(LocalDirector director) {
        this.director = director;
    }

    /** @return false when the world is unknown or not starting or running */
    boolean stop(String worldId, String reason) {
        WorldInstance w = director.worlds.get(worldId);
        return w != null && requestStop(w, reason);
    }

    /**
     * Stops the world if it is starting or running: one step under its monitor, so a join that comes meanwhile
     * waits for the next spawn.
     *
     * @return false when it was not starting or running
     */
    boolean requestStop(WorldInstance w, String reason) {
        synchronized (w) {
            WorldStatus status = w.status();
            if (status != WorldStatus.RUNNING && status != WorldStatus.STARTING) {
                return false;
            }
            WorldProcess p = w.current();
            if (!p.started()) {
                // Still being claimed: nothing runs yet, and the claim gives the world back when it sees this.
                WorldSpawner.abandon(w, p, new WorldUnavailableException("the world is stopping"));
                return true;
            }
            w.stopping();
            director.spawnEnding(w.worldId(), p.epoch());
            LOG.info("stopping world {} (pid {}): {}", w.worldId(), p.pid(), reason);
            ControlChannel control = p.control();
            if (control != null && p.hydrated()) {
                control.send(new WorldShutdownMessage(w.worldId(), reason));
            } else {
                // Not reachable over control: SIGTERM makes the world take the same shutdown path.
                p.process().destroy();
            }
            p.refuseJoins(new WorldUnavailableException("the world is stopping"));
            p.timeoutAfter(director.schedule(() -> forceKill(w, p), director.timeouts.stopMs()));
            return true;
        }
    }

    private void forceKill(WorldInstance w, WorldProcess p) {
        if (p.killIfStillCurrent()) {
            LOG.error("world {} (pid {}) did not stop within {} ms; killing it", w.worldId(), p.pid(),
                    director.timeouts.stopMs());
        }
    }

    /**
     * Stops the spares and every world (but, with {@code leaveRecorded}, the running worlds whose spawn is recorded
     * for a next director to take back) and waits for their processes to exit, killing those still alive after
     * {@code timeout}.
     *
     * @return how many worlds were left running
     */
    int stopAll(Duration timeout, boolean leaveRecorded) {
        List<CompletableFuture<Process>> exits = new ArrayList<>();
        List<Process> processes = new ArrayList<>();
        for (Process spare : director.spares.close()) {
            exits.add(spare.onExit());
            processes.add(spare);
        }
        int left = 0;
        for (WorldInstance w : director.worlds.all()) {
            synchronized (w) {
                w.failWaiters("the director is shutting down");
                WorldProcess p = w.current();
                if (p == null) {
                    continue;
                }
                if (leaveRecorded && w.status() == WorldStatus.RUNNING && p.recorded()) {
                    left++;
                    continue;
                }
                requestStop(w, "director shutting down");
                if (p.started()) {
                    exits.add(p.process().onExit());
                    processes.add(p.process());
                }
            }
        }
        if (!exits.isEmpty()) {
            awaitExits(exits, processes, timeout);
        }
        return left;
    }

    private static void awaitExits(List<CompletableFuture<Process>> exits, List<Process> processes,
                                   Duration timeout) {
        LOG.info("waiting up to {} s for {} world(s) to save and exit", timeout.toSeconds(), exits.size());
        try {
            CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.error("worlds did not exit in time; killing them");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Process process : processes) {
            if (process.isAlive()) {
                process.destroyForcibly();
                try {
                    process.onExit().get(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    LOG.error("world process {} survived SIGKILL", process.pid());
                }
            }
        }
    }
}
