package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import lor.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Whole runs of the load generator against {@link FakeLorServer}, a director and world in this JVM. */
class BotFleetIT {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void binaryBotsJoinWalkAndAreMeasured() throws Exception {
        try (FakeLorServer server = new FakeLorServer(true)) {
            int status = run(server, "--count", "5", "--encoding", "binary", "--sample-bots", "2");

            JsonNode report = report();
            assertThat(status).as(printed()).isZero();
            assertThat(report.path("counts").path("joined").asInt()).isEqualTo(5);
            assertThat(report.path("counts").path("dropped").asInt()).isZero();
            assertThat(report.path("counts").path("loggedIn").asInt()).isEqualTo(5);
            assertThat(report.path("latencyMs").path("count").asLong()).isPositive();
            assertThat(report.path("latencyMs").path("p99").asDouble()).isLessThan(1000);
            assertThat(report.path("intents").path("answeredByState").asLong()).isPositive();
            assertThat(report.path("intents").path("answeredByRejection").asLong()).isPositive();
            assertThat(report.path("intents").path("unanswered").asLong()).isZero();
            assertThat(report.path("joinToWelcomeMs").path("count").asLong()).isEqualTo(5);
            assertThat(report.path("joinToFirstStateMs").path("count").asLong()).isEqualTo(5);
            assertThat(report.path("perClientPerSecond").path("clients").asInt()).isEqualTo(5);
            assertThat(report.path("perClientPerSecond").path("downlinkBytes").asDouble()).isPositive();
            assertThat(report.path("perClientPerSecond").path("stateFrames").asDouble()).isBetween(5.0, 12.0);
            assertThat(report.path("perClientPerSecond").path("uplinkFrames").asDouble()).isBetween(5.0, 12.0);
            assertThat(report.path("sampleChecks").path("bots").asInt()).isEqualTo(2);
            assertThat(report.path("sampleChecks").path("frames").asLong()).isPositive();
            assertThat(report.path("sampleChecks").path("errors").asLong()).as(report.toString()).isZero();
            assertThat(report.path("sampleChecks").path("selfMissing").asLong()).isZero();
            assertThat(report.path("counts").path("malformedStates").asLong()).isZero();
            assertThat(report.path("sendLagMs").path("count").asLong())
                    .isEqualTo(report.path("intents").path("measured").asLong());
            assertThat(report.path("errors").isEmpty()).isTrue();
            assertThat(report.path("server").path("local").asBoolean()).isFalse();
            assertThat(report.path("generator").path("cpuPercentOfCore").isNumber()).isTrue();
            assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("bots 5 binary world meadow: joined 5");
            assertThat(TokenStore.load(dir.resolve("tokens.json"))).containsEntry("bot-0", "tok-bot-0")
                    .containsEntry("bot-4", "tok-bot-4");
        }
    }

    @Test
    void jsonBotsReadTheAckOfEveryStateAndResumeCachedSessions() throws Exception {
        try (FakeLorServer server = new FakeLorServer(false)) {
            TokenStore.save(dir.resolve("tokens.json"), java.util.Map.of("bot-0", "stale"));

            int status = run(server, "--count", "3", "--encoding", "json", "--sample-bots", "3");

            JsonNode report = report();
            assertThat(status).as(printed()).isZero();
            assertThat(report.path("counts").path("joined").asInt()).isEqualTo(3);
            assertThat(report.path("latencyMs").path("count").asLong()).isPositive();
            assertThat(report.path("intents").path("answeredByRejection").asLong()).isPositive();
            assertThat(report.path("sampleChecks").path("frames").asLong()).isPositive();
            assertThat(report.path("sampleChecks").path("errors").asLong()).as(report.toString()).isZero();
            assertThat(report.path("sampleChecks").path("selfMissing").asLong()).isZero();
            // bot-0's stale token was refused, so it logged in; the fresh token replaced the stale one.
            assertThat(TokenStore.load(dir.resolve("tokens.json"))).containsEntry("bot-0", "tok-bot-0");
        }
    }

    @Test
    void aWorldThatKeepsToJsonFailsTheJoinsThatAskedForBinary() throws Exception {
        try (FakeLorServer server = new FakeLorServer(false)) {
            int status = run(server, "--count", "2", "--encoding", "binary", "--duration", "0.2", "--warmup", "0");

            JsonNode report = report();
            assertThat(status).isEqualTo(1);
            assertThat(report.path("counts").path("failed").asInt()).isEqualTo(2);
            assertThat(report.path("failures").path("the world answered hello with encoding json, not binary")
                    .asInt()).isEqualTo(2);
            assertThat(report.path("exitStatus").asInt()).isEqualTo(1);
        }
    }

    @Test
    void aBotWhoseGameConnectionIsLostCountsAsDropped() throws Exception {
        try (FakeLorServer server = new FakeLorServer(false)) {
            server.closeGameOf("bot-1", 3);

            int status = run(server, "--count", "2", "--duration", "0.5", "--warmup", "0.5");

            JsonNode report = report();
            assertThat(status).isEqualTo(1);
            assertThat(report.path("counts").path("joined").asInt()).isEqualTo(2);
            assertThat(report.path("counts").path("dropped").asInt()).isEqualTo(1);
            assertThat(report.path("drops").path("the world closed the connection").asInt()).isEqualTo(1);
            // bot-1 was lost 0.3 s into the 0.5 s warm-up: only bot-0 was in the world for the window.
            assertThat(report.path("perClientPerSecond").path("clients").asInt()).isEqualTo(1);
        }
    }

    private int run(FakeLorServer server, String... extra) {
        List<String> args = new ArrayList<>(List.of("--director", server.directorUrl(), "--world", "meadow",
                "--duration", "1", "--warmup", "0.5", "--threads", "2",
                "--report", dir.resolve("report.json").toString(), "--tokens", dir.resolve("tokens.json").toString()));
        for (int i = 0; i < extra.length; i += 2) {
            int at = args.indexOf(extra[i]);
            if (at >= 0) {
                args.set(at + 1, extra[i + 1]);
            } else {
                args.add(extra[i]);
                args.add(extra[i + 1]);
            }
        }
        // The fake answers within 100 ms: a short grace period keeps these runs short.
        return BotsCommand.run(args.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), 0.5);
    }

    private JsonNode report() throws Exception {
        return Json.MAPPER.readTree(dir.resolve("report.json").toFile());
    }

    private String printed() {
        return out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
    }
}
