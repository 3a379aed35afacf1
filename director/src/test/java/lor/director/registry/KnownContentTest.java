package lor.director.registry;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The maps and packs read from a world-server jar and a studio's content directory. */
class KnownContentTest {

    @TempDir
    Path dir;

    @Test
    void readsTheJarsMapsAndPacksAndTheGeneratedMaps() throws IOException {
        Path jar = jar("maps/cellar.map", "maps/start.map", "maps/readme.txt", "content/default.json",
                "content/nested/x.json", "lor/world/Maps.class");

        KnownContent content = KnownContent.read(jar, null);

        assertThat(content.maps()).containsExactly("bench", "bench-layers", "cellar", "start");
        assertThat(content.packs()).containsExactly("default");
    }

    @Test
    void packsOfTheContentDirectoryAreReadOnEveryCall() throws IOException {
        Path packs = Files.createDirectories(dir.resolve("packs"));
        KnownContent content = KnownContent.read(jar("content/default.json"), packs);
        Files.writeString(packs.resolve("forge.yml"), "");
        Files.writeString(packs.resolve("Not A Pack.json"), "");
        Files.writeString(packs.resolve("notes.txt"), "");

        assertThat(content.packs()).containsExactly("default", "forge");
        assertThat(content.hasPack("forge")).isTrue();
    }

    private Path jar(String... entries) throws IOException {
        Path jar = dir.resolve("world-server.jar");
        try (OutputStream file = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(file)) {
            for (String entry : entries) {
                zip.putNextEntry(new ZipEntry(entry));
                zip.write(new byte[] {'x'});
                zip.closeEntry();
            }
        }
        return jar;
    }
}
