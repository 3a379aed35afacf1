package lor.director.world.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a director on another JDK than the build's runs to make worlds' class-data archive, and names it. */
class WorldClassArchiveTest {

    private static final List<String> WORLD_FLAGS = List.of("-Xmx256m", "-XX:+UseSerialGC");

    @TempDir
    Path dir;

    @Test
    void trainsAnAotCacheOnJdk25AndLater() throws IOException {
        WorldClassArchive archive = archive("25.0.3+9");
        Path output = dir.resolve("out.aot");

        assertThat(archive.aotCache()).isTrue();
        assertThat(archive.trainingCommand(output)).containsSubsequence("/jdk/bin/java", "-Xmx256m",
                "-XX:+UseSerialGC", "-XX:AOTCacheOutput=" + output, "-cp", jar().toString(), "lor.world.CdsTraining");
        assertThat(archive.fileName()).startsWith("world-server-jdk25-").endsWith(".aot");
    }

    @Test
    void trainsADynamicArchiveBefore() throws IOException {
        WorldClassArchive archive = archive("21.0.4+7");
        Path output = dir.resolve("out.jsa");

        assertThat(archive.aotCache()).isFalse();
        assertThat(archive.trainingCommand(output)).contains("-XX:ArchiveClassesAtExit=" + output)
                .noneMatch(flag -> flag.startsWith("-XX:AOTCache"));
        assertThat(archive.fileName()).startsWith("world-server-jdk21-").endsWith(".jsa");
    }

    @Test
    void worldsUseTheArchiveTheFlagsOfItsKind() {
        Path file = dir.resolve("a");

        assertThat(WorldClassArchive.useFlags(file, true)).first().isEqualTo("-XX:AOTCache=" + file);
        assertThat(WorldClassArchive.useFlags(file, false)).first().isEqualTo("-XX:SharedArchiveFile=" + file);
    }

    @Test
    void aNewBuildOfTheJarOrAnotherJdkGetsAnArchiveOfItsOwn() throws IOException {
        String first = archive("25.0.3+9").fileName();

        assertThat(archive("25.0.4+1").fileName()).isNotEqualTo(first);
        Files.setLastModifiedTime(jar(), FileTime.fromMillis(Files.getLastModifiedTime(jar()).toMillis() + 1000));
        assertThat(archive("25.0.3+9").fileName()).isNotEqualTo(first);
    }

    @Test
    void worldsStartWithTheBuildsArchiveUntilChecked() throws IOException {
        Path shipped = Files.createFile(dir.resolve("world-server.jsa"));

        assertThat(archive("17.0.15+6").flags()).first().isEqualTo("-XX:SharedArchiveFile=" + shipped);
    }

    private WorldClassArchive archive(String version) throws IOException {
        return new WorldClassArchive(jar(), dir.resolve("made"), "/jdk/bin/java", Runtime.Version.parse(version),
                WORLD_FLAGS);
    }

    private Path jar() throws IOException {
        Path jar = dir.resolve("world-server.jar");
        if (!Files.exists(jar)) {
            Files.writeString(jar, "not really a jar");
        }
        return jar;
    }
}
