package lor.director.world.process;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import lor.director.world.WorldSettings;
import lor.protocol.control.WorldSpec;

/**
 * The world server's arguments for a world or a warm spare, whatever starts it: where the director's {@code /control}
 * is, the address and port to serve players on, snapshot settings, the director's options for every world (network
 * guards, pings, reconnects, TLS files, game ports) and the world's own settings. No secret: those go in the
 * environment.
 */
public final class WorldArguments {

    private final Supplier<String> controlUrl;
    private final String bindAddress;
    private final int gamePort;
    private final long snapshotIntervalMs;
    private final int maxSnapshotBytes;
    private final Supplier<List<String>> worldOptions;

    /**
     * @param controlUrl   read at each launch: the director's port is known only once it is bound
     * @param gamePort     0 for any free port (or the range in {@code worldOptions}); a fixed container port in a pod
     * @param worldOptions read at each launch: the default allowed origins name the director's port
     */
    public WorldArguments(Supplier<String> controlUrl, String bindAddress, int gamePort, long snapshotIntervalMs,
                          int maxSnapshotBytes, Supplier<List<String>> worldOptions) {
        this.controlUrl = controlUrl;
        this.bindAddress = bindAddress;
        this.gamePort = gamePort;
        this.snapshotIntervalMs = snapshotIntervalMs;
        this.maxSnapshotBytes = maxSnapshotBytes;
        this.worldOptions = worldOptions;
    }

    public long snapshotIntervalMs() {
        return snapshotIntervalMs;
    }

    /**
     * A world's command line: its id and settings as {@link WorldSpec} writes them (what a spare gets in
     * {@code world_assign}), then the process's own options.
     */
    public List<String> world(String worldId, WorldSettings settings) {
        List<String> args = new ArrayList<>(settings.spec(worldId, snapshotIntervalMs).toArguments());
        args.addAll(List.of(
                "--control-url", controlUrl.get(),
                "--bind", bindAddress,
                "--game-port", Integer.toString(gamePort),
                "--max-snapshot-bytes", Integer.toString(maxSnapshotBytes)));
        args.addAll(worldOptions.get());
        return args;
    }

    /** A spare binds its game port at start and passes the director's options on to the world it becomes. */
    public List<String> spare() {
        List<String> args = new ArrayList<>(List.of("--spare",
                "--control-url", controlUrl.get(),
                "--bind", bindAddress,
                "--game-port", Integer.toString(gamePort),
                "--max-snapshot-bytes", Integer.toString(maxSnapshotBytes)));
        args.addAll(worldOptions.get());
        return args;
    }
}
