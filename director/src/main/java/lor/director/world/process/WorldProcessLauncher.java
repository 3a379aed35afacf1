package lor.director.world.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import lor.director.world.WorldSettings;

/**
 * Starts world-server JVMs as this host's child processes (the default {@link WorldLauncher}): the same
 * {@code java} the director runs on, small-heap flags, non-secret settings on the command line (visible in
 * {@code ps}; the director's network guards among them, so that a world's game port keeps the director's limits and
 * allowed origins), the spawn token and ticket secret only in the environment.
 */
public final class WorldProcessLauncher implements WorldLauncher {

    /**
     * A world holds one grid and its entities; 256 MiB is ample at this stage and keeps a host with many worlds
     * within memory. SerialGC: one simulation thread, small heap, no GC threads competing with the tick.
     *
     * <p>Idle resident memory (issue 5, figures in docs/benchmarks.md): an 8 MiB initial heap (the young generation
     * is a third of it and an idle world's allocations cycle through all of it; the heap grows under load: at 1,000
     * players a tenth more young collections than from 16 MiB and no more CPU, 2.5 MB less idle RSS) and,
     * where the JDK has it, glibc's free native memory (compiler arenas after the start's compilations) handed
     * back every 5 s. Not taken: {@code -XX:ArchiveRelocationMode=0}, which would keep the archives' pages shared
     * between worlds (15 MB less private memory, 3 MB less RSS) by mapping them at a fixed address: that gives up
     * address randomisation for class metadata; operators can add it with {@code --world-jvm-options}.
     *
     * <p>{@code -Dio.netty.jfr.enabled=false}: Netty's pooled allocator registers Flight Recorder events on its first
     * allocation, which loaded and initialised JFR in every world (about 170 ms of a cold start, in the middle of the
     * control connection's handshake, and 3 MB of idle RSS). {@code --world-jvm-options "-Dio.netty.jfr.enabled=true"}
     * brings the events back for a profile.
     *
     * <p>{@code -Dio.netty.leakDetection.level=disabled}: Netty's default leak detection records the stack of one
     * buffer allocation in 128, and a world allocates tens of thousands a second under load: at 1,000 players those
     * stack walks were 1.4 % of the world's CPU samples and dropping them took 1-2 points of a core (issue 5). The
     * tests keep detection on in-process; {@code --world-jvm-options "-Dio.netty.leakDetection.level=simple"} brings
     * it back in world processes.
     *
     * <p>{@code -Dslf4j.provider=lor.world.logging.WorldLogProvider}: the world's logging set up directly, without
     * logback's auto-configuration (service lookups, a version check, timing and status messages that spun about
     * fifteen method handles at run time before the world's first log line, issue 20); the same console output.
     * {@code -Dslf4j.internal.verbosity=WARN} keeps SLF4J from announcing that provider on every start.
     */
    static final List<String> JVM_FLAGS = jvmFlags(Runtime.version());

    /** glibc's malloc arenas: at most two per world process instead of up to eight per core. */
    static final Map<String, String> ENVIRONMENT = Map.of("MALLOC_ARENA_MAX", "2");

    static List<String> jvmFlags(Runtime.Version java) {
        List<String> flags = new ArrayList<>(List.of(
                "-Xms8m", "-Xmx256m", "-Xss512k",
                "-XX:+UseSerialGC",
                "-XX:MaxMetaspaceSize=128m"));
        if (trimsNativeHeap(java)) {
            flags.add("-XX:TrimNativeHeapInterval=5000");
        }
        flags.addAll(List.of("-XX:+ExitOnOutOfMemoryError", "-Dfile.encoding=UTF-8", "-Dio.netty.jfr.enabled=false",
                "-Dio.netty.leakDetection.level=disabled", "-Dslf4j.provider=lor.world.logging.WorldLogProvider",
                "-Dslf4j.internal.verbosity=WARN"));
        return List.copyOf(flags);
    }

    /** {@code -XX:TrimNativeHeapInterval}: JDK 22, backported to 17.0.9 and 21.0.1; an unknown -XX option would
     * stop the world JVM from starting. */
    static boolean trimsNativeHeap(Runtime.Version java) {
        return switch (java.feature()) {
            case 17 -> java.update() >= 9;
            case 18, 19, 20 -> false;
            case 21 -> java.update() >= 1;
            default -> java.feature() > 21;
        };
    }

    private final Path worldJar;
    private final String javaBinary;
    /** The class-data archive worlds start with; null for the build's beside the jar, unchecked. */
    private final WorldClassArchive archive;
    /** The operator's JVM options, after the built-in ones: HotSpot lets the last one win. */
    private final List<String> extraJvmOptions;
    private final WorldArguments arguments;

    public WorldProcessLauncher(Path worldJar, Supplier<String> controlUrl, String bindAddress, long snapshotIntervalMs,
                                int maxSnapshotBytes) {
        this(worldJar, controlUrl, bindAddress, snapshotIntervalMs, maxSnapshotBytes, List.of());
    }

    /** @param extraJvmOptions the operator's options, after the built-in ones: HotSpot lets the last one win */
    public WorldProcessLauncher(Path worldJar, Supplier<String> controlUrl, String bindAddress, long snapshotIntervalMs,
                                int maxSnapshotBytes, List<String> extraJvmOptions) {
        this(worldJar, controlUrl, bindAddress, snapshotIntervalMs, maxSnapshotBytes, extraJvmOptions, List::of);
    }

    /**
     * @param worldOptions world-server options given to every world and spare alike (the director's network guards,
     *                     {@code --reconnect-window-ms N}, …), read at launch like {@code controlUrl}: the default
     *                     allowed origins name the director's port
     */
    public WorldProcessLauncher(Path worldJar, Supplier<String> controlUrl, String bindAddress, long snapshotIntervalMs,
                                int maxSnapshotBytes, List<String> extraJvmOptions,
                                Supplier<List<String>> worldOptions) {
        this(worldJar, controlUrl, bindAddress, snapshotIntervalMs, maxSnapshotBytes, extraJvmOptions, worldOptions,
                null);
    }

    /**
     * @param archiveDir where a class-data archive for the director's JDK is made when the build's does not fit it
     *                   ({@link #prepareArchive()}); null to start worlds with the build's, unchecked
     */
    public WorldProcessLauncher(Path worldJar, Supplier<String> controlUrl, String bindAddress, long snapshotIntervalMs,
                                int maxSnapshotBytes, List<String> extraJvmOptions,
                                Supplier<List<String>> worldOptions, Path archiveDir) {
        this.worldJar = worldJar;
        this.javaBinary = currentJava();
        this.archive = archiveDir == null ? null
                : new WorldClassArchive(worldJar, archiveDir, javaBinary, Runtime.version(), JVM_FLAGS);
        this.extraJvmOptions = List.copyOf(extraJvmOptions);
        this.arguments = new WorldArguments(controlUrl, bindAddress, 0, snapshotIntervalMs, maxSnapshotBytes,
                worldOptions);
    }

    /** The command line for a world; it holds no secret. */
    List<String> command(String worldId, WorldSettings settings) {
        List<String> command = java();
        command.addAll(arguments.world(worldId, settings));
        return command;
    }

    private List<String> java() {
        List<String> command = new ArrayList<>();
        command.add(javaBinary);
        command.addAll(JVM_FLAGS);
        command.addAll(archive == null ? WorldClassArchive.shippedFlags(worldJar) : archive.flags());
        command.addAll(extraJvmOptions);
        command.addAll(List.of("-jar", worldJar.toString()));
        return command;
    }

    @Override
    public Process launch(String worldId, WorldSettings settings, String spawnToken, String ticketSecret)
            throws IOException {
        return start(command(worldId, settings), Map.of("LOR_SPAWN_TOKEN", spawnToken, "LOR_TICKET_SECRET",
                ticketSecret));
    }

    /** The command line of a warm spare: no world yet; it learns its world and ticket secret on assignment. */
    List<String> spareCommand() {
        List<String> command = java();
        command.addAll(arguments.spare());
        return command;
    }

    @Override
    public Process launchSpare(String spawnToken) throws IOException {
        return start(spareCommand(), Map.of("LOR_SPAWN_TOKEN", spawnToken));
    }

    private Process start(List<String> command, Map<String, String> secrets) throws IOException {
        if (!Files.isRegularFile(worldJar)) {
            throw new IOException("world-server jar not found at " + worldJar);
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        environment(builder.environment(), secrets);
        return builder.start();
    }

    /** The world's environment: the director's, with {@link #ENVIRONMENT} unless the operator set those variables,
     * the secrets, and none of the director's database settings. */
    static void environment(Map<String, String> env, Map<String, String> secrets) {
        ENVIRONMENT.forEach(env::putIfAbsent);
        env.putAll(secrets);
        // The director's own database credentials are none of a world's business.
        env.remove("LOR_DB_PASSWORD");
        env.remove("LOR_DB_USER");
        env.remove("LOR_DB_URL");
    }

    @Override
    public long snapshotIntervalMs() {
        return arguments.snapshotIntervalMs();
    }

    public Path worldJar() {
        return worldJar;
    }

    /**
     * The flags of a world started with the build's archive: it was dumped by the JDK that built the jar, and a JVM of
     * another version ignores it ({@code -Xshare:auto}, the default) and starts without it, slower; see
     * {@link WorldClassArchive}.
     */
    static List<String> jvmFlags(Path worldJar) {
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        flags.addAll(WorldClassArchive.shippedFlags(worldJar));
        return List.copyOf(flags);
    }

    /**
     * Makes sure worlds start with a class-data archive this JDK can use ({@link WorldClassArchive#prepare()}).
     * Blocking, seconds at most; a no-op without an archive directory.
     */
    public void prepareArchive() {
        if (archive != null) {
            archive.prepare();
        }
    }

    private static String currentJava() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
