package lor.director.world.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The class-data archive worlds start with. The build leaves one beside the world jar ({@code world-server.jsa}),
 * dumped by the JDK that built it; a JVM of another version ignores it, and a world then starts in about 2.4 times
 * the time (issue 20: a cold join p50 of 784 ms on JDK 25 against 327 with JDK 17 and its archive). So a director
 * whose JDK cannot use that archive makes one for its own JDK, once per world jar, in its data directory: it runs the
 * jar's training ({@code lor.world.CdsTraining}, what the build runs) in the background at start, and worlds launched
 * after that use it. On JDK 25 and later the archive is an AOT cache ({@code -XX:AOTCacheOutput}: classes loaded and
 * linked, method profiles); before that, a dynamic CDS archive, as the build's.
 *
 * <p>Only the director makes it, under a name of its own until it is complete: worlds never write it, so several
 * starting together cannot race over the file (the reason {@code -XX:+AutoCreateSharedArchive} was not used).
 * Worlds launched while it is being made start without it. Thread-safe.
 */
public final class WorldClassArchive {

    private static final Logger LOG = LoggerFactory.getLogger(WorldClassArchive.class);

    /** The training runs a world, a loopback player and a stand-in director: seconds, not minutes. */
    private static final long TRAINING_LIMIT_SECONDS = 120;
    private static final long PROBE_LIMIT_SECONDS = 30;
    /** The JDK whose AOT cache is made in one run ({@code -XX:AOTCacheOutput}, JEP 514). */
    private static final int AOT_CACHE_FEATURE = 25;
    private static final String TRAINING_CLASS = "lor.world.CdsTraining";

    private final Path worldJar;
    private final Path directory;
    private final String javaBinary;
    private final Runtime.Version java;
    private final List<String> worldFlags;
    private volatile List<String> flags;

    /**
     * @param directory  where an archive for this JDK is made and kept
     * @param worldFlags the flags worlds start with, which the training runs with too
     */
    public WorldClassArchive(Path worldJar, Path directory, String javaBinary, Runtime.Version java,
                             List<String> worldFlags) {
        this.worldJar = worldJar;
        this.directory = directory;
        this.javaBinary = javaBinary;
        this.java = java;
        this.worldFlags = List.copyOf(worldFlags);
        this.flags = shippedFlags(worldJar);
    }

    /** The flags of the archive worlds start with now: the build's until {@link #prepare()} knows better. */
    public List<String> flags() {
        return flags;
    }

    /**
     * Checks that this JDK can use the build's archive, and if not, finds or makes one for it. Blocking (seconds
     * when it makes one); run it off the start's path. Never throws: without an archive worlds only start slower.
     */
    public void prepare() {
        try {
            Path shipped = worldJar.resolveSibling("world-server.jsa");
            if (Files.isRegularFile(shipped) && usable(useFlags(shipped, false))) {
                return;
            }
            Path made = directory.resolve(fileName());
            if (Files.isRegularFile(made) && usable(useFlags(made, aotCache()))) {
                use(made, "found");
                return;
            }
            LOG.info("worlds start without a class-data archive: {}; making one for this JDK in {}",
                    Files.isRegularFile(shipped) ? "the build's does not fit this JDK (" + java + ")"
                            : "the build left none beside the world jar", directory);
            flags = List.of();
            long start = System.nanoTime();
            if (make(made) && usable(useFlags(made, aotCache()))) {
                use(made, "made in " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
            } else {
                LOG.warn("could not make a class-data archive for this JDK (see {}); worlds start without one, "
                        + "slower", trainingLog());
            }
        } catch (IOException e) {
            LOG.warn("could not make a class-data archive for this JDK ({}); worlds start without one, slower",
                    e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void use(Path archive, String how) {
        flags = useFlags(archive, aotCache());
        LOG.info("worlds start with the class-data archive {} ({})", archive, how);
    }

    /** The build's archive beside the jar, when there is one: the flags worlds start with until checked. */
    static List<String> shippedFlags(Path worldJar) {
        Path archive = worldJar.resolveSibling("world-server.jsa");
        return Files.isRegularFile(archive) ? useFlags(archive, false) : List.of();
    }

    static List<String> useFlags(Path archive, boolean aotCache) {
        if (aotCache) {
            return List.of("-XX:AOTCache=" + archive, "-Xlog:aot=off", "-Xlog:cds=off");
        }
        return List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    }

    /** The training's command line, writing the archive to {@code output}. */
    List<String> trainingCommand(Path output) {
        List<String> command = new ArrayList<>();
        command.add(javaBinary);
        command.addAll(worldFlags);
        command.add(aotCache() ? "-XX:AOTCacheOutput=" + output : "-XX:ArchiveClassesAtExit=" + output);
        command.addAll(List.of("-Xlog:cds=off", "-cp", worldJar.toString(), TRAINING_CLASS));
        return command;
    }

    boolean aotCache() {
        return java.feature() >= AOT_CACHE_FEATURE;
    }

    /**
     * The archive's name: this JDK's version and the jar's identity (size and time), so that a new build or JDK gets
     * an archive of its own rather than one the JVM would refuse.
     */
    String fileName() throws IOException {
        String identity = java + "|" + worldJar.toAbsolutePath() + "|" + Files.size(worldJar) + "|"
                + Files.getLastModifiedTime(worldJar).toMillis();
        String hash;
        try {
            hash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(identity.getBytes(StandardCharsets.UTF_8)), 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
        return "world-server-jdk" + java.feature() + "-" + hash + (aotCache() ? ".aot" : ".jsa");
    }

    private boolean make(Path archive) throws IOException, InterruptedException {
        Files.createDirectories(directory);
        // A director stopped mid-training leaves its partial file behind (the training's JVM finishes on its own).
        try (DirectoryStream<Path> left = Files.newDirectoryStream(directory, "*.partial-*")) {
            for (Path stale : left) {
                Files.deleteIfExists(stale);
            }
        }
        Path partial = directory.resolve(archive.getFileName() + ".partial-" + ProcessHandle.current().pid());
        ProcessBuilder builder = new ProcessBuilder(trainingCommand(partial)).redirectErrorStream(true)
                .redirectOutput(trainingLog().toFile());
        // A world's environment: none of the director's database settings.
        WorldProcessLauncher.environment(builder.environment(), Map.of());
        Process training = builder.start();
        boolean done = training.waitFor(TRAINING_LIMIT_SECONDS, TimeUnit.SECONDS);
        if (!done) {
            training.destroyForcibly();
        }
        try {
            if (!done || training.exitValue() != 0 || !Files.isRegularFile(partial)) {
                return false;
            }
            Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private Path trainingLog() {
        return directory.resolve("training.log");
    }

    /** Whether a JVM of this JDK starts with these archive flags when it may not go without ({@code -Xshare:on}). */
    private boolean usable(List<String> archiveFlags) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(javaBinary);
        command.addAll(archiveFlags);
        command.add(aotCache() && archiveFlags.get(0).startsWith("-XX:AOTCache=") ? "-XX:AOTMode=on" : "-Xshare:on");
        command.addAll(List.of("-cp", worldJar.toString(), "-version"));
        Process probe = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!probe.waitFor(PROBE_LIMIT_SECONDS, TimeUnit.SECONDS)) {
            probe.destroyForcibly();
            return false;
        }
        return probe.exitValue() == 0;
    }
}
