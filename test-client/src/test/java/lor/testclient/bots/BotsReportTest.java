package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class BotsReportTest {

    private static final BotsOptions OPTIONS = BotsOptions.parse("--director", "ws://127.0.0.1:9000/ws",
            "--count", "3", "--duration", "10", "--warmup", "2", "--world", "bench", "--encoding", "binary",
            "--threads", "2", "--sample-bots", "1");

    @TempDir
    Path dir;

    @Test
    void reportHoldsEveryFigureInItsDocumentedPlace() throws Exception {
        FleetStats stats = new FleetStats();
        for (int ms = 1; ms <= 100; ms++) {
            FleetStats.recordNanos(stats.latency, ms * 1_000_000L);
        }
        FleetStats.recordNanos(stats.joinToWelcome, 250_000_000L);
        FleetStats.recordNanos(stats.sendLag, 200_000L);
        FleetStats.recordNanos(stats.joinToFirstState, 300_000_000L);
        List<BotResult> bots = List.of(
                bot(0, true, null, false, null, Bot.Auth.RESUMED, traffic(1000, 10, 100, 2, 9),
                        traffic(11_000, 110, 500, 102, 109)),
                bot(1, true, null, false, null, Bot.Auth.REGISTERED, traffic(0, 0, 0, 0, 0),
                        traffic(30_000, 100, 400, 100, 100)),
                bot(2, false, "director answered join with world_unavailable: no", false, null, null, null, null));
        ServerProbe.ProcSample start = new ServerProbe.ProcSample(0, 1_000, 25_600, 102_400, 110_000, 30);
        ServerProbe.ProcSample end = new ServerProbe.ProcSample(10_000_000_000L, 1_500, 51_200, 204_800, 210_000, 31);
        BotsReport report = new BotsReport(OPTIONS, Instant.parse("2026-01-02T03:04:05Z"), 4.5, 10, 2, bots, stats,
                new BotsReport.GeneratorFigures(2, 2, 1_500_000_000L, 120),
                new BotsReport.ServerFigures("bench", 4242L, true, "running", 2, 2, start, end, 100, 4096,
                        List.of("lor_worlds_running 1"), List.of("lor_worlds_running 1",
                        "lor_tick_overruns_total{world=\"bench\"} 3"), List.of(4.25, 9.5)));
        Path file = dir.resolve("out").resolve("report.json");

        report.write(file);
        JsonNode json = Json.MAPPER.readTree(file.toFile());

        assertThat(json.path("format").asInt()).isEqualTo(1);
        assertThat(json.path("startedAt").asString()).isEqualTo("2026-01-02T03:04:05Z");
        assertThat(json.path("exitStatus").asInt()).isEqualTo(1);
        assertThat(json.path("summary").asString()).isEqualTo(report.summary());

        JsonNode config = json.path("config");
        assertThat(config.path("director").asString()).isEqualTo("ws://127.0.0.1:9000/ws");
        assertThat(config.path("world").asString()).isEqualTo("bench");
        assertThat(config.path("count").asInt()).isEqualTo(3);
        assertThat(config.path("encoding").asString()).isEqualTo("binary");
        assertThat(config.path("durationSeconds").asDouble()).isEqualTo(10);
        assertThat(config.path("warmupSeconds").asDouble()).isEqualTo(2);
        assertThat(config.path("rate").asDouble()).isEqualTo(10);
        assertThat(config.path("joinConcurrency").asInt()).isEqualTo(20);
        assertThat(config.path("seed").asLong()).isEqualTo(1);

        assertThat(json.path("phases").path("joinSeconds").asDouble()).isEqualTo(4.5);
        assertThat(json.path("phases").path("windowSeconds").asDouble()).isEqualTo(10);
        assertThat(json.path("phases").path("graceSeconds").asDouble()).isEqualTo(2);

        JsonNode counts = json.path("counts");
        assertThat(counts.path("bots").asInt()).isEqualTo(3);
        assertThat(counts.path("joined").asInt()).isEqualTo(2);
        assertThat(counts.path("failed").asInt()).isEqualTo(1);
        assertThat(counts.path("dropped").asInt()).isZero();
        assertThat(counts.path("resumed").asInt()).isEqualTo(1);
        assertThat(counts.path("registered").asInt()).isEqualTo(1);
        assertThat(counts.path("loggedIn").asInt()).isZero();
        assertThat(counts.path("intentsSent").asLong()).isEqualTo(2 * 120);
        assertThat(counts.path("missedSendSlots").asLong()).isEqualTo(2 * 3);

        JsonNode intents = json.path("intents");
        assertThat(intents.path("measured").asLong()).isEqualTo(2 * 100);
        assertThat(intents.path("answeredByState").asLong()).isEqualTo(2 * 90);
        assertThat(intents.path("answeredByRejection").asLong()).isEqualTo(2 * 8);
        assertThat(intents.path("rateLimited").asLong()).isEqualTo(2);
        assertThat(intents.path("unanswered").asLong()).isEqualTo(2);

        JsonNode latency = json.path("latencyMs");
        assertThat(latency.path("count").asLong()).isEqualTo(100);
        assertThat(latency.path("p50").asDouble()).isCloseTo(50, within(0.1));
        assertThat(latency.path("p90").asDouble()).isCloseTo(90, within(0.1));
        assertThat(latency.path("p99").asDouble()).isCloseTo(99, within(0.1));
        assertThat(latency.path("max").asDouble()).isCloseTo(100, within(0.1));
        assertThat(latency.path("mean").asDouble()).isCloseTo(50.5, within(0.1));
        assertThat(json.path("joinToWelcomeMs").path("p50").asDouble()).isCloseTo(250, within(0.5));
        assertThat(json.path("sendLagMs").path("max").asDouble()).isCloseTo(0.2, within(0.001));
        assertThat(json.path("joinToFirstStateMs").path("count").asLong()).isEqualTo(1);

        // Two clients over 10 s: (10,000 + 30,000) bytes / 20 client-seconds.
        JsonNode perClient = json.path("perClientPerSecond");
        assertThat(perClient.path("clients").asInt()).isEqualTo(2);
        assertThat(perClient.path("downlinkBytes").asDouble()).isEqualTo(2000);
        assertThat(perClient.path("downlinkFrames").asDouble()).isEqualTo(10);
        assertThat(perClient.path("stateFrames").asDouble()).isEqualTo(10);
        assertThat(perClient.path("uplinkBytes").asDouble()).isEqualTo(40);
        assertThat(perClient.path("uplinkFrames").asDouble()).isEqualTo(10);
        assertThat(json.path("windowTotals").path("downlinkBytes").asLong()).isEqualTo(40_000);

        assertThat(json.path("sampleChecks").path("bots").asInt()).isEqualTo(1);
        assertThat(json.path("sampleChecks").path("firstError").isNull()).isTrue();
        assertThat(json.path("errors").path("replaced").asInt()).isEqualTo(2);
        assertThat(json.path("failures").path("director answered join with world_unavailable: no").asInt())
                .isEqualTo(1);
        assertThat(json.path("drops").isEmpty()).isTrue();

        assertThat(json.path("generator").path("cpuPercentOfCore").asDouble()).isEqualTo(15);
        assertThat(json.path("generator").path("cpuSeconds").asDouble()).isEqualTo(1.5);
        assertThat(json.path("generator").path("gcSeconds").asDouble()).isEqualTo(0.12);

        // 500 ticks at 100 Hz over 10 s: 5 s of CPU, half a core; 5 s / 20 client-seconds = 250,000 µs.
        JsonNode server = json.path("server");
        assertThat(server.path("pid").asLong()).isEqualTo(4242);
        assertThat(server.path("local").asBoolean()).isTrue();
        assertThat(server.path("cpuSeconds").asDouble()).isEqualTo(5);
        assertThat(server.path("cpuPercentOfCore").asDouble()).isEqualTo(50);
        assertThat(server.path("cpuMicrosPerClientPerSecond").asDouble()).isEqualTo(250_000);
        assertThat(server.path("rssMbAtStart").asDouble()).isEqualTo(100);
        assertThat(server.path("rssMb").asDouble()).isEqualTo(200);
        assertThat(server.path("vmHwmMb").asDouble()).isCloseTo(205.1, within(0.1));
        assertThat(server.path("threads").asInt()).isEqualTo(31);
        assertThat(server.path("tickP99WindowsMs").toString()).isEqualTo("[4.25,9.5]");
        assertThat(server.path("tickP99WorstMs").asDouble()).isEqualTo(9.5);
        assertThat(server.path("playersAtEnd").asInt()).isEqualTo(2);

        assertThat(json.path("serverMetrics")).hasSize(2);
        assertThat(json.path("serverMetrics").get(1).asString())
                .isEqualTo("lor_tick_overruns_total{world=\"bench\"} 3");
        assertThat(json.path("serverMetricsAtStart")).hasSize(1);
    }

    @Test
    void summaryLineNamesTheRunsHeadlineFigures() {
        FleetStats stats = new FleetStats();
        FleetStats.recordNanos(stats.latency, 40_000_000L);
        BotsReport report = new BotsReport(OPTIONS, Instant.now(), 1, 10, 2, List.of(
                bot(0, true, null, false, null, Bot.Auth.LOGGED_IN, traffic(0, 0, 0, 0, 0),
                        traffic(12_345, 100, 0, 100, 100))), stats,
                new BotsReport.GeneratorFigures(2, 2, 2_000_000_000L, 0),
                new BotsReport.ServerFigures("bench", 7L, true, "running", 1, 1,
                        new ServerProbe.ProcSample(0, 0, 0, 0, 0, 1),
                        new ServerProbe.ProcSample(10_000_000_000L, 250, 25_600, 0, 0, 1), 100, 4096,
                        List.of(), List.of(), List.of()));

        assertThat(report.summary()).isEqualTo("bots 3 binary world bench: joined 1, failed 2, dropped 0; "
                + "latency p50 40.0 ms p99 40.0 ms (1 samples, 1 unanswered); downlink 1235 B/client/s; "
                + "server cpu 25.0% rss 100.0 MB; generator cpu 20.0%");
    }

    @Test
    void everyBotJoinedAndNoneDroppedIsSuccess() {
        List<BotResult> all = new ArrayList<>();
        for (int n = 0; n < 3; n++) {
            all.add(bot(n, true, null, false, null, Bot.Auth.RESUMED, null, null));
        }
        assertThat(report(all).exitStatus()).isZero();

        all.set(1, bot(1, true, null, true, "the world closed the connection", Bot.Auth.RESUMED, null, null));
        assertThat(report(all).exitStatus()).isEqualTo(1);
        assertThat(report(all).toJson().path("drops").path("the world closed the connection").asInt()).isEqualTo(1);
    }

    @Test
    void figuresThatCannotBeKnownAreNull() {
        BotsReport report = new BotsReport(OPTIONS, Instant.now(), 1, 10, 2, List.of(), new FleetStats(),
                new BotsReport.GeneratorFigures(2, 2, 0, 0),
                new BotsReport.ServerFigures("bench", null, false, null, null, null, null, null, 100, 4096,
                        List.of(), List.of(), List.of()));

        JsonNode json = report.toJson();

        assertThat(json.path("latencyMs").path("count").asLong()).isZero();
        assertThat(json.path("latencyMs").path("p99").isNull()).isTrue();
        assertThat(json.path("server").path("pid").isNull()).isTrue();
        assertThat(json.path("server").path("cpuPercentOfCore").isNull()).isTrue();
        assertThat(json.path("server").path("rssMb").isNull()).isTrue();
        assertThat(json.path("perClientPerSecond").path("downlinkBytes").asDouble()).isZero();
        assertThat(report.summary()).contains("latency p50 n/a ms p99 n/a ms", "server cpu n/a% rss n/a MB");
    }

    private static BotsReport report(List<BotResult> bots) {
        return new BotsReport(OPTIONS, Instant.now(), 1, 10, 2, bots, new FleetStats(),
                new BotsReport.GeneratorFigures(2, 2, 0, 0),
                new BotsReport.ServerFigures("bench", null, false, null, null, null, null, null, 100, 4096,
                        List.of(), List.of(), List.of()));
    }

    /** bytesIn, framesIn, bytesOut, framesOut, stateFrames. */
    private static long[] traffic(long bytesIn, long framesIn, long bytesOut, long framesOut, long states) {
        return new long[] {bytesIn, framesIn, bytesOut, framesOut, states};
    }

    private static BotResult bot(int index, boolean joined, String failure, boolean dropped, String dropReason,
                                 Bot.Auth auth, long[] windowStart, long[] windowEnd) {
        return new BotResult(index, joined, failure, dropped, dropReason, auth, joined ? 120 : 0, joined ? 100 : 0,
                joined ? 90 : 0, joined ? 8 : 0, joined ? 1 : 0, joined ? 1 : 0, 0, 12, 1, 0, 0, joined ? 3 : 0,
                index == 0, 0, 0,
                0, null, joined ? Map.of("replaced", 1) : Map.of(), windowStart, windowEnd);
    }
}
