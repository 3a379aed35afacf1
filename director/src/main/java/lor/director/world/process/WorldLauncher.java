package lor.director.world.process;

import java.io.IOException;

import lor.director.world.WorldSettings;

/**
 * Starts world processes: the world server of one world, or a warm spare that becomes one later. The director runs
 * them as local child processes by default ({@link WorldProcessLauncher}); on Kubernetes, Agones runs them as
 * GameServers ({@code lor.director.kubernetes.AgonesLauncher}). Either way the process connects back to the
 * director's {@code /control} with the spawn token given here, and the rest of the lifecycle is the same.
 *
 * <p>What comes back is a {@link Process}: alive until the world ends, {@code destroy()} asking it to stop cleanly
 * (SIGTERM, or deleting its GameServer), {@code destroyForcibly()} killing it, {@code onExit()} completing with its
 * exit value (0 for a clean stop).
 */
public interface WorldLauncher {

    /** Starts the world's process; the spawn token and ticket secret never appear on a command line or in a spec. */
    Process launch(String worldId, WorldSettings settings, String spawnToken, String ticketSecret)
            throws IOException;

    /** Starts a warm spare, which registers and waits to be told its world. */
    Process launchSpare(String spawnToken) throws IOException;

    /** The periodic snapshot interval every world is given. */
    long snapshotIntervalMs();

    /**
     * Whether its processes are this host's children, which a director restarted on this host can find again by pid
     * and take back. Processes elsewhere (a cluster) are not recorded for that.
     */
    default boolean localProcesses() {
        return true;
    }
}
