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
        if (configured != null) {
            if (!Files.isRegularFile(configured)) {
                throw new IllegalArgumentException("--world-jar: no file at " + configured);
            }
            return configured;
        }
        List<Path> candidates = candidates();
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("cannot find " + JAR_NAME + " (looked at " + candidates
                + "); build it with mvn -B verify or pass --world-jar");
    }

    private static List<Path> candidates() {
        List<Path> candidates = new ArrayList<>();
        String property = System.getProperty("lor.worldJar");
        if (property != null) {
            candidates.add(Path.of(property).toAbsolutePath().normalize());
        }
        ownJarDirectory().ifPresent(dir -> {
            candidates.add(dir.resolve(JAR_NAME));
            candidates.add(dir.resolve("../../world-server/target/" + JAR_NAME).normalize());
        });
        candidates.add(Path.of("world-server", "target", JAR_NAME).toAbsolutePath().normalize());
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
