package lor.director.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StaticFilesTest {

    @Test
    void servesSimCoreCompiledToJavaScriptFromTheSimWebJar() {
        StaticFiles.File sim = new StaticFiles().get("sim.js");

        assertThat(sim).as("web/sim.js on the classpath").isNotNull();
        assertThat(sim.contentType()).isEqualTo("text/javascript; charset=utf-8");
        assertThat(new String(sim.bytes(), StandardCharsets.UTF_8))
                .contains("export{").contains(" as predictor").contains(" as lastError");
    }

    @Test
    void stillServesThePagesOwnFiles() {
        StaticFiles files = new StaticFiles();

        assertThat(files.get("index.html")).isNotNull();
        assertThat(files.get("predictor.js")).isNotNull();
    }

    @Test
    void aSimJsInTheModulesDirectoryIsServedInPlaceOfTheBuiltInOne(@TempDir Path modules) throws Exception {
        byte[] studio = "export function predictor() { return null; }\n".repeat(20).getBytes(StandardCharsets.UTF_8);
        Files.write(modules.resolve("sim.js"), studio);

        StaticFiles files = StaticFiles.withModulesDir(modules);

        assertThat(files.get("sim.js").bytes()).isEqualTo(studio);
        assertThat(files.get("sim.js").contentType()).isEqualTo("text/javascript; charset=utf-8");
        assertThat(files.get("sim.js").etag()).isNotEqualTo(new StaticFiles().get("sim.js").etag());
        assertThat(files.get("sim.js").gzipped()).as("compressed as the jar's files are").isNotNull();
        assertThat(files.get("app.js")).isSameAs(new StaticFiles().get("app.js"));
    }

    @Test
    void withoutOneOrWithoutADirectoryTheBuiltInSimJsIsServed(@TempDir Path modules) {
        assertThat(StaticFiles.withModulesDir(modules).get("sim.js")).isSameAs(new StaticFiles().get("sim.js"));
        assertThat(StaticFiles.withModulesDir(null).get("sim.js")).isSameAs(new StaticFiles().get("sim.js"));
    }

    @Test
    void anEmptyOneIsRefusedWithItsPath(@TempDir Path modules) throws Exception {
        Files.write(modules.resolve("sim.js"), new byte[0]);

        assertThatThrownBy(() -> StaticFiles.withModulesDir(modules)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(modules.resolve("sim.js").toString()).hasMessageContaining("is empty");
    }
}
