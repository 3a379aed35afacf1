package lor.director;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the world-server jar: the configured path if any; else {@code world-server.jar} beside
 * {@code director.jar} (a deployment); else the build's {@code world-server/target/world-server.jar} (a checkout).
 */
final class WorldJarLocator {

    static final String JAR_NAME = "world-server.jar";

    private WorldJarLocator() {
    }

    static Path locate(Path configured) {
        return locate(configured, candidates(System.getProperty("lor.worldJar"), ownJarDirectory(),
                Path.of("").toAbsolutePath()));
    }

    /** @param candidates where to look, in order, when nothing is configured */
    static Path locate(Path configured, List<Path> candidates) {
        if (configured != null) {
            if (!Files.isRegularFile(configured)) {
                throw new IllegalArgumentException("--world-jar: no file at " + configured);
            }
            return configured;
        }
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("cannot find " + JAR_NAME + " (looked at " + candidates
                + "); build it with mvn -B verify or pass --world-jar");
    }

    /**
     * @param property    the {@code lor.worldJar} system property (the test suites set it), or null
     * @param ownDirectory where {@code director.jar} is
     * @param workingDirectory the directory the director was started in
     */
    static List<Path> candidates(String property, Optional<Path> ownDirectory, Path workingDirectory) {
        List<Path> candidates = new ArrayList<>();
        if (property != null) {
            candidates.add(Path.of(property).toAbsolutePath().normalize());
        }
        ownDirectory.ifPresent(dir -> {
            candidates.add(dir.resolve(JAR_NAME));
            candidates.add(dir.resolve("../../world-server/target/" + JAR_NAME).normalize());
        });
        candidates.add(workingDirectory.resolve("world-server").resolve("target").resolve(JAR_NAME).normalize());
        return candidates;
    }

    private static Optional<Path> ownJarDirectory() {
        try {
            Path location = Path.of(WorldJarLocator.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Optional.ofNullable(location.getParent());
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
    }
}
