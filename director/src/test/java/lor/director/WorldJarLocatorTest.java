package lor.director;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the director finds the world-server jar: as configured, beside itself, or in a checkout's build. */
class WorldJarLocatorTest {

    @TempDir
    Path dir;

    @Test
    void aConfiguredJarWinsAndMustExist() throws IOException {
        Path jar = file("elsewhere/world.jar");

        assertThat(WorldJarLocator.locate(jar, List.of(file("deploy/world-server.jar")))).isEqualTo(jar);
        assertThatThrownBy(() -> WorldJarLocator.locate(dir.resolve("missing.jar"), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--world-jar: no file at " + dir.resolve("missing.jar"));
    }

    @Test
    void aDeploymentFindsTheJarBesideDirectorJarBeforeACheckoutsBuild() throws IOException {
        Path deployment = dir.resolve("deploy");
        Path beside = file("deploy/world-server.jar");
        file("work/world-server/target/world-server.jar");

        List<Path> candidates = WorldJarLocator.candidates(null, Optional.of(deployment), dir.resolve("work"));

        assertThat(WorldJarLocator.locate(null, candidates)).isEqualTo(beside);
    }

    @Test
    void aCheckoutFindsTheBuildOfTheWorldServerModule() throws IOException {
        // director/target/director.jar of a checkout: ../../world-server/target/world-server.jar.
        Path built = file("repo/world-server/target/world-server.jar");

        List<Path> candidates = WorldJarLocator.candidates(null, Optional.of(dir.resolve("repo/director/target")),
                dir.resolve("somewhere-else"));

        assertThat(WorldJarLocator.locate(null, candidates)).isEqualTo(built);
    }

    @Test
    void thePropertyOfTheTestSuitesComesFirst() throws IOException {
        Path property = file("suite/world-server.jar");
        file("deploy/world-server.jar");

        List<Path> candidates = WorldJarLocator.candidates(property.toString(), Optional.of(dir.resolve("deploy")),
                dir);

        assertThat(WorldJarLocator.locate(null, candidates)).isEqualTo(property);
    }

    @Test
    void nothingFoundNamesWhereItLookedAndHowToFixIt() {
        List<Path> candidates = WorldJarLocator.candidates(null, Optional.of(dir.resolve("deploy")), dir);

        assertThatThrownBy(() -> WorldJarLocator.locate(null, candidates))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot find world-server.jar (looked at [" + dir.resolve("deploy")
                        .resolve("world-server.jar"))
                .hasMessageEndingWith("build it with mvn -B verify or pass --world-jar");
    }

    private Path file(String relative) throws IOException {
        Path path = dir.resolve(relative);
        Files.createDirectories(path.getParent());
        Files.writeString(path, "jar");
        return path;
    }
}
