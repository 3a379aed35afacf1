package lor.director.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

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
}
