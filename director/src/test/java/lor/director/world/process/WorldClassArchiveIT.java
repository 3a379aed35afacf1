package lor.director.world.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real JVMs of this JDK: a world jar without a usable archive beside it gets one made by the training the build runs,
 * which a world JVM then starts with, and which the next director finds instead of making it again.
 */
class WorldClassArchiveIT {

    private static final Path BUILT_JAR = Path.of(System.getProperty("lor.worldJar",
            "../world-server/target/world-server.jar"));

    @TempDir
    Path dir;

    @Test
    void makesAnArchiveForAJarWithoutOneAndTheNextDirectorFindsIt() throws Exception {
        Path jar = Files.copy(BUILT_JAR, dir.resolve("world-server.jar"));
        Path made = dir.resolve("world-archive");
        WorldClassArchive first = archive(jar, made);
        assertThat(first.flags()).as("nothing beside the jar").isEmpty();
        Files.createDirectories(made);
        Files.writeString(made.resolve(first.fileName() + ".partial-1"), "left by a director stopped mid-training");

        first.prepare();

        Path archive = made.resolve(first.fileName());
        assertThat(archive).isRegularFile();
        assertThat(first.flags()).first().asString().endsWith(archive.toString());
        assertThat(startsWithOnly(jar, first.flags())).as("a JVM that may not start without it starts").isTrue();
        try (var left = Files.list(made)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no partial file left")
                    .containsExactlyInAnyOrder(archive.getFileName().toString(), "training.log");
        }

        Files.delete(made.resolve("training.log"));
        WorldClassArchive next = archive(jar, made);
        next.prepare();

        assertThat(next.flags()).isEqualTo(first.flags());
        assertThat(made.resolve("training.log")).as("found, not trained again").doesNotExist();
    }

    @Test
    void keepsTheBuildsArchiveWhenThisJdkCanUseIt() {
        Path made = dir.resolve("world-archive");
        WorldClassArchive archive = archive(BUILT_JAR, made);
        List<String> shipped = archive.flags();

        archive.prepare();

        assertThat(archive.flags()).isEqualTo(shipped).isNotEmpty();
        assertThat(made).doesNotExist();
    }

    private static WorldClassArchive archive(Path jar, Path made) {
        return new WorldClassArchive(jar, made, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                Runtime.version(), WorldProcessLauncher.JVM_FLAGS);
    }

    /** Whether {@code java -Xshare:on} with these flags runs the jar's classes (it exits at once without them). */
    private static boolean startsWithOnly(Path jar, List<String> archiveFlags)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(archiveFlags);
        command.addAll(List.of("-Xshare:on", "-cp", jar.toString(), "-version"));
        Process java = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return java.waitFor(30, TimeUnit.SECONDS) && java.exitValue() == 0;
    }
}
