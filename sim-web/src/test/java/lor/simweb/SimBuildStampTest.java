package lor.simweb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import lor.sim.world.World;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stamp that ties {@code sim-test.js} to the build's {@code sim.js} and sim-core ({@link SimBuildStamp}): its
 * digest covers every sim-core class and nothing else, the same from classes or a jar; and this build's stamp
 * ({@code SimBuild}, compiled into the test script) names this build's {@code sim.js} and sim-core.
 */
class SimBuildStampTest {

    @TempDir
    Path dir;

    @Test
    void theDigestOfSimCoreIsTheSameFromItsClassesAndFromItsJar() throws IOException {
        Path classes = classes("a");
        Path jar = jar(classes);

        assertThat(SimBuildStamp.simCoreDigest(jar)).isEqualTo(SimBuildStamp.simCoreDigest(classes));
    }

    @Test
    void theDigestChangesWithAnyClassOfSimCoreAndOnlyWithThem() throws IOException {
        String before = SimBuildStamp.simCoreDigest(classes("a"));
        Files.writeString(dir.resolve("classes/lor/sim/world/Other.class"), "b");
        String changed = SimBuildStamp.simCoreDigest(dir.resolve("classes"));
        Files.writeString(dir.resolve("classes/lor/sim/world/Other.class"), "a");
        Files.writeString(dir.resolve("classes/lor/sim/notes.txt"), "not a class");
        Files.createDirectories(dir.resolve("classes/lor/protocol"));
        Files.writeString(dir.resolve("classes/lor/protocol/Json.class"), "another module's");

        assertThat(changed).isNotEqualTo(before);
        assertThat(SimBuildStamp.simCoreDigest(dir.resolve("classes"))).isEqualTo(before);
    }

    @Test
    void simCoreIsTheClasspathElementThatHoldsItsWorld() throws IOException {
        Path classes = classes("a");
        Path jar = jar(classes);
        Path other = Files.createDirectories(dir.resolve("other"));

        assertThat(SimBuildStamp.simCoreOn(other + File.pathSeparator + jar)).isEqualTo(jar);
        assertThat(SimBuildStamp.simCoreOn(classes + File.pathSeparator + other)).isEqualTo(classes);
        assertThatThrownBy(() -> SimBuildStamp.simCoreOn(other.toString()))
                .hasMessageContaining("lor/sim/world/World.class");
    }

    @Test
    void theStampWritesBothFiguresIntoSimBuild() throws IOException {
        Path classes = classes("a");
        Path simJs = Files.writeString(dir.resolve("sim.js"), "export {};");

        SimBuildStamp.main(new String[] {classes.toString(), simJs.toString(), dir.resolve("out").toString()});

        assertThat(Files.readString(dir.resolve("out/lor/simweb/SimBuild.java")))
                .contains("SIM_CORE = \"" + SimBuildStamp.simCoreDigest(classes) + "\"")
                .contains("SIM_JS = \"" + SimBuildStamp.sha256(Files.readAllBytes(simJs)) + "\"");
    }

    /** What the test script carries names this build's sim.js and the sim-core these tests run on. */
    @Test
    void thisBuildsStampNamesItsSimJsAndItsSimCore() throws IOException, URISyntaxException {
        Path simJs = Path.of("target", "classes", "web", "sim.js");
        Path simCore = Path.of(World.class.getProtectionDomain().getCodeSource().getLocation().toURI());

        assertThat(SimBuild.SIM_JS).isEqualTo(SimBuildStamp.sha256(Files.readAllBytes(simJs)));
        assertThat(SimBuild.SIM_CORE).isEqualTo(SimBuildStamp.simCoreDigest(simCore));
    }

    /** A classes directory with sim-core's World and one other class whose bytes are {@code other}. */
    private Path classes(String other) throws IOException {
        Path world = dir.resolve("classes/lor/sim/world");
        Files.createDirectories(world);
        Files.writeString(world.resolve("World.class"), "world");
        Files.writeString(world.resolve("Other.class"), other);
        return dir.resolve("classes");
    }

    private Path jar(Path classes) throws IOException {
        Path jar = dir.resolve("sim-core.jar");
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String name : new String[] {"lor/sim/world/Other.class", "lor/sim/world/World.class"}) {
                zip.putNextEntry(new ZipEntry(name));
                zip.write(Files.readAllBytes(classes.resolve(name)));
                zip.closeEntry();
            }
        }
        return jar;
    }
}
