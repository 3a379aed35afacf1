package lor.director.world;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Starts world-server JVMs: the same {@code java} the director runs on, small-heap flags, non-secret settings on
 * the command line (visible in {@code ps}), the spawn token and ticket secret only in the environment.
 */
public final class WorldProcessLauncher {

    /**
     * A world holds one grid and its entities; 256 MiB is ample at this stage and keeps a host with many worlds
     * within memory. SerialGC: one simulation thread, small heap, no GC threads competing with the tick.
     */
    static final List<String> JVM_FLAGS = List.of(
            "-Xms32m", "-Xmx256m", "-Xss512k",
            "-XX:+UseSerialGC",
            "-XX:MaxMetaspaceSize=128m",
            "-XX:+ExitOnOutOfMemoryError",
            "-Dfile.encoding=UTF-8");

    private final Path worldJar;
    private final String javaBinary;
    private final Supplier<String> controlUrl;
    private final String bindAddress;
    private final long snapshotIntervalMs;
    private final int maxSnapshotBytes;

    public WorldProcessLauncher(Path worldJar, Supplier<String> controlUrl, String bindAddress, long snapshotIntervalMs,
                                int maxSnapshotBytes) {
        this.worldJar = worldJar;
        this.javaBinary = currentJava();
        this.controlUrl = controlUrl;
        this.bindAddress = bindAddress;
        this.snapshotIntervalMs = snapshotIntervalMs;
        this.maxSnapshotBytes = maxSnapshotBytes;
    }

    /** The command line for a world; it holds no secret. {@code controlUrl} is read at launch: the director's
     * port is known only once it is bound. */
    List<String> command(String worldId, WorldSettings settings) {
        List<String> command = new ArrayList<>();
        command.add(javaBinary);
        command.addAll(JVM_FLAGS);
        command.addAll(List.of("-jar", worldJar.toString(),
                "--world-id", worldId,
                "--control-url", controlUrl.get(),
                "--bind", bindAddress,
                "--game-port", "0",
                "--snapshot-interval-ms", Long.toString(snapshotIntervalMs),
                "--max-snapshot-bytes", Integer.toString(maxSnapshotBytes),
                "--npcs", Integer.toString(settings.npcs()),
                "--view-radius", Integer.toString(settings.viewRadius())));
        if (settings.map() != null) {
            command.addAll(List.of("--map", settings.map()));
        }
        return command;
    }

    Process launch(String worldId, WorldSettings settings, String spawnToken, String ticketSecret)
            throws IOException {
        if (!Files.isRegularFile(worldJar)) {
            throw new IOException("world-server jar not found at " + worldJar);
        }
        ProcessBuilder builder = new ProcessBuilder(command(worldId, settings)).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put("LOR_SPAWN_TOKEN", spawnToken);
        env.put("LOR_TICKET_SECRET", ticketSecret);
        // The director's own database credentials are none of a world's business.
        env.remove("LOR_DB_PASSWORD");
        env.remove("LOR_DB_USER");
        env.remove("LOR_DB_URL");
        return builder.start();
    }

    public Path worldJar() {
        return worldJar;
    }

    private static String currentJava() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
