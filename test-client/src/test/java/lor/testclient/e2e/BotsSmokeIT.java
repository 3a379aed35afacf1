package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import lor.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The load generator as an operator runs it: {@code test-client.jar bots} as a process against a real director,
 * ten bots for five seconds (every figure of the report has samples by then), and its report read back. The world is
 * {@code elements}, whose game module sends modules frames beside the states (the elementals hunt the bots): the
 * bots must tell those from states.
 */
class BotsSmokeIT {

    @TempDir
    Path dataDir;

    @TempDir
    Path work;

    @Test
    void tenBotsJoinWalkAndAreMeasuredAgainstARealDirector() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "bots-smoke")) {
            Path logs = Files.createDirectories(Path.of("target", "e2e-logs"));
            Path output = logs.resolve("bots-smoke.out");
            Path report = Path.of("target", "bots-smoke-report.json");
            Files.deleteIfExists(report);

            Process bots = new ProcessBuilder(DirectorProcess.javaBinary(), "-jar",
                    DirectorProcess.jar("lor.testClientJar").toString(), "bots",
                    "--director", director.clientUrl().toString(),
                    "--count", "10", "--duration", "5", "--warmup", "2",
                    "--world", "elements", "--encoding", "binary",
                    "--report", report.toString(), "--tokens", work.resolve("bot-tokens.json").toString())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            boolean finished = bots.waitFor(3, TimeUnit.MINUTES);
            if (!finished) {
                bots.destroyForcibly();
            }
            String printed = read(output);
            assertThat(finished).as("bots finished; output so far:%n%s", printed).isTrue();
            assertThat(bots.exitValue()).as(printed).isZero();
            assertThat(printed).contains("bots 10 binary world elements: joined 10, failed 0, dropped 0");

            JsonNode json = Json.MAPPER.readTree(read(report));
            assertThat(json.path("exitStatus").asInt()).isZero();
            assertThat(json.path("counts").path("joined").asInt()).as(printed).isEqualTo(10);
            assertThat(json.path("counts").path("dropped").asInt()).as(printed).isZero();
            assertThat(json.path("counts").path("malformedStates").asLong()).as(printed).isZero();
            assertThat(json.path("latencyMs").path("count").asLong()).isPositive();
            assertThat(json.path("latencyMs").path("p99").asDouble()).as(json.toString()).isLessThan(500);
            assertThat(json.path("intents").path("unanswered").asLong()).isZero();
            assertThat(json.path("joinToWelcomeMs").path("count").asLong()).isEqualTo(10);
            assertThat(json.path("perClientPerSecond").path("clients").asInt()).isEqualTo(10);
            assertThat(json.path("perClientPerSecond").path("downlinkBytes").asDouble()).isPositive();
            assertThat(json.path("perClientPerSecond").path("stateFrames").asDouble()).isBetween(8.0, 12.0);
            assertThat(json.path("sampleChecks").path("frames").asLong()).isPositive();
            assertThat(json.path("sampleChecks").path("errors").asLong()).as(json.toString()).isZero();
            assertThat(json.path("sampleChecks").path("selfMissing").asLong()).isZero();
            assertThat(json.path("server").path("local").asBoolean()).as(json.toString()).isTrue();
            assertThat(json.path("server").path("cpuPercentOfCore").asDouble()).isPositive();
            assertThat(json.path("server").path("rssMb").asDouble()).isPositive();
            assertThat(json.path("generator").path("cpuPercentOfCore").asDouble()).isPositive();
            assertThat(json.path("serverMetrics")).isNotEmpty();
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
