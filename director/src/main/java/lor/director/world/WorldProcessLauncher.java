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
    /** The JVM flags plus, when the build left one beside the jar, the class-data-sharing archive. */
    private final List<String> jvmFlags;
    private final Supplier<String> controlUrl;
    private final String bindAddress;
    private final long snapshotIntervalMs;
    private final int maxSnapshotBytes;

    public WorldProcessLauncher(Path worldJar, Supplier<String> controlUrl, String bindAddress, long snapshotIntervalMs,
                                int maxSnapshotBytes) {
        this(worldJar, controlUrl, bindAddress, snapshotIntervalMs, maxSnapshotBytes, List.of());
    }

    /** @param extraJvmOptions the operator's options, after the built-in ones: HotSpot lets the last one win */
    public WorldProcessLauncher(Path worldJar, Supplier<String> controlUrl, String bindAddress, long snapshotIntervalMs,
                                int maxSnapshotBytes, List<String> extraJvmOptions) {
        this.worldJar = worldJar;
        this.javaBinary = currentJava();
        List<String> flags = new ArrayList<>(jvmFlags(worldJar));
        flags.addAll(extraJvmOptions);
        this.jvmFlags = List.copyOf(flags);
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
        command.addAll(jvmFlags);
        command.addAll(List.of("-jar", worldJar.toString(),
                "--world-id", worldId,
                "--control-url", controlUrl.get(),
                "--bind", bindAddress,
                "--game-port", "0",
                "--snapshot-interval-ms", Long.toString(snapshotIntervalMs),
                "--max-snapshot-bytes", Integer.toString(maxSnapshotBytes),
                "--npcs", Integer.toString(settings.npcs()),
                "--view-radius", Integer.toString(settings.viewRadius()),
                "--spawn", settings.spawn()));
        if (settings.map() != null) {
            command.addAll(List.of("--map", settings.map()));
        }
        return command;
    }

    Process launch(String worldId, WorldSettings settings, String spawnToken, String ticketSecret)
            throws IOException {
        return start(command(worldId, settings), Map.of("LOR_SPAWN_TOKEN", spawnToken, "LOR_TICKET_SECRET",
                ticketSecret));
    }

    /** The command line of a warm spare: no world yet; it learns its world and ticket secret on assignment. */
    List<String> spareCommand() {
        List<String> command = new ArrayList<>();
        command.add(javaBinary);
        command.addAll(jvmFlags);
        command.addAll(List.of("-jar", worldJar.toString(), "--spare",
                "--control-url", controlUrl.get(),
                "--bind", bindAddress,
                "--game-port", "0",
                "--max-snapshot-bytes", Integer.toString(maxSnapshotBytes)));
        return command;
    }

    Process launchSpare(String spawnToken) throws IOException {
        return start(spareCommand(), Map.of("LOR_SPAWN_TOKEN", spawnToken));
    }

    private Process start(List<String> command, Map<String, String> secrets) throws IOException {
        if (!Files.isRegularFile(worldJar)) {
            throw new IOException("world-server jar not found at " + worldJar);
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.putAll(secrets);
        // The director's own database credentials are none of a world's business.
        env.remove("LOR_DB_PASSWORD");
        env.remove("LOR_DB_USER");
        env.remove("LOR_DB_URL");
        return builder.start();
    }

    long snapshotIntervalMs() {
        return snapshotIntervalMs;
    }

    public Path worldJar() {
        return worldJar;
    }

    /**
     * The archive was dumped by the JDK that built the jar; with another JDK the JVM ignores it ({@code -Xshare:auto},
     * the default) and starts without it, a little slower.
     */
    static List<String> jvmFlags(Path worldJar) {
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        Path archive = worldJar.resolveSibling("world-server.jsa");
        if (Files.isRegularFile(archive)) {
            flags.add("-XX:SharedArchiveFile=" + archive);
            flags.add("-Xlog:cds=off");
            flags.add("-Xlog:cds+dynamic=off");
        }
        return List.copyOf(flags);
    }

    private static String currentJava() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
