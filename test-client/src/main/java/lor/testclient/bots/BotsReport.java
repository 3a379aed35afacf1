package lor.testclient.bots;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import lor.protocol.Json;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The outcome of a {@code bots} run: the one-line summary printed on stdout, the exit status, and the
 * {@code --report} JSON. The JSON object's fields (figures that cannot be known are {@code null}):
 * <ul>
 * <li>{@code format} (1), {@code startedAt} (ISO-8601), {@code summary} (the stdout line), {@code exitStatus}
 * (0 when every bot joined and none dropped, else 1);</li>
 * <li>{@code config}: {@code director, world, count, durationSeconds, warmupSeconds, rate, encoding,
 * joinConcurrency, seed, threads, sampleBots, joinTimeoutSeconds, tokens} as the run used them;</li>
 * <li>{@code phases}: {@code joinSeconds} (first connection → last bot joined or failed), {@code warmupSeconds},
 * {@code windowSeconds} (the measurement window), {@code graceSeconds} (2: how long answers to the window's intents
 * were awaited after it);</li>
 * <li>{@code counts}: {@code bots, joined, failed} (never joined), {@code dropped} (joined, then lost the game
 * connection before the run ended), {@code resumed, loggedIn, registered} (how bots got their session),
 * {@code transfers} (portal transfers, each followed by a rejoin), {@code intentsSent} (whole run),
 * {@code rejectedByTick} ({@code wall}, {@code out_of_bounds}, {@code occupied}), {@code rejectedRateLimited},
 * {@code malformedStates} (state frames without a readable ack), {@code missedSendSlots} (intent slots of the
 * window skipped because a bot's event loop was over a whole period late: the generator fell behind);</li>
 * <li>{@code intents}: the intents sent inside the window: {@code measured}, {@code answeredByState} (a state
 * acked them first), {@code answeredByRejection} (a tick refused them), {@code rateLimited} (refused at once,
 * never reached a tick; not in the latency histogram), {@code unanswered} (no answer by the end of the grace
 * period or before the connection was lost), {@code discarded} (pending when a portal transfer replaced the
 * connection);</li>
 * <li>{@code latencyMs}: intent → visible latency of answered measured intents; {@code sendLagMs}: how late
 * after its slot the timer of each measured intent fired (the generator's own delay); {@code joinToWelcomeMs},
 * {@code joinToFirstStateMs} ({@code join_world} sent → {@code welcome} / first {@code state}): each
 * {@code {count, mean, p50, p90, p99, max}} in milliseconds;</li>
 * <li>{@code perClientPerSecond}: over the window, per bot that was in the world at its start ({@code clients}):
 * {@code downlinkBytes} (every byte read from the game socket, WebSocket framing included), {@code downlinkFrames}
 * (WebSocket messages received), {@code stateFrames}, {@code uplinkBytes}, {@code uplinkFrames}; and
 * {@code windowTotals} with the same counts summed over all clients;</li>
 * <li>{@code sampleChecks}: bots 0..{@code sampleBots}-1 fully decode every state (JSON: Jackson; binary: a
 * {@code StateTracker}): {@code bots, frames, errors} (frames that did not decode or whose ack disagreed with the
 * cheap read), {@code selfMissing} (states without the bot's own entity), {@code firstError};</li>
 * <li>{@code errors}: {@code error} codes received on game connections, with counts; {@code failures} and
 * {@code drops}: reasons with counts;</li>
 * <li>{@code generator}: this process over the window: {@code processors, eventLoopThreads, cpuSeconds,
 * cpuPercentOfCore} (100 = one core busy), {@code gcSeconds};</li>
 * <li>{@code server}: the world's process: {@code worldId, pid, local} (its {@code /proc} could be read),
 * {@code status, playersAtStart, playersAtEnd} (from {@code /api/worlds}), and when local {@code cpuSeconds,
 * cpuPercentOfCore, cpuMicrosPerClientPerSecond} (utime + stime over the window), {@code rssMbAtStart, rssMb}
 * (stat's rss × page size, at the window's end), {@code vmHwmMb} (peak resident), {@code threads},
 * {@code clockTicksPerSecond, pageSize}; {@code tickP99WindowsMs}: the world's tick p99 read every 10 s of the
 * window (each over its last 200 ticks, so together over every tick of the window) and {@code tickP99WorstMs};</li>
 * <li>{@code serverMetrics}, {@code serverMetricsAtStart}: the director's {@code /metrics} lines starting with
 * {@code lor_} that name the world or carry no labels, at the window's end and start.</li>
 * </ul>
 */
final class BotsReport {

    static final double GRACE_SECONDS = 2;

    /** This process over the window. */
    record GeneratorFigures(int processors, int eventLoopThreads, long cpuNanos, long gcMillis) {
    }

    /** The world's process, as the director and {@code /proc} show it; samples are null when not local. */
    record ServerFigures(String worldId, Long pid, boolean local, String status, Integer playersAtStart,
                         Integer playersAtEnd, ServerProbe.ProcSample start, ServerProbe.ProcSample end,
                         long clockTicksPerSecond, long pageSize, List<String> metricsAtStart,
                         List<String> metricsAtEnd, List<Double> tickP99Windows) {
    }

    private final BotsOptions options;
    private final Instant startedAt;
    private final double joinSeconds;
    private final double windowSeconds;
    private final double graceSeconds;
    private final List<BotResult> bots;
    private final FleetStats stats;
    private final GeneratorFigures generator;
    private final ServerFigures server;

    private final int joined;
    private final int dropped;
    private final int clients;
    private final long[] windowTotals = new long[5];

    BotsReport(BotsOptions options, Instant startedAt, double joinSeconds, double windowSeconds, double graceSeconds,
               List<BotResult> bots, FleetStats stats, GeneratorFigures generator, ServerFigures server) {
        this.options = options;
        this.startedAt = startedAt;
        this.joinSeconds = joinSeconds;
        this.windowSeconds = windowSeconds;
        this.graceSeconds = graceSeconds;
        this.bots = bots;
        this.stats = stats;
        this.generator = generator;
        this.server = server;
        this.joined = (int) bots.stream().filter(BotResult::joined).count();
        this.dropped = (int) bots.stream().filter(BotResult::dropped).count();
        int inWindow = 0;
        for (BotResult bot : bots) {
            if (bot.inWindow()) {
                inWindow++;
                for (int k = 0; k < windowTotals.length; k++) {
                    windowTotals[k] += bot.windowDelta(k);
                }
            }
        }
        this.clients = inWindow;
    }

    int exitStatus() {
        return joined == options.count() && dropped == 0 ? 0 : 1;
    }

    /** Bytes (or frames) per client per second over the window, for counter {@code which} of {@link BotResult}. */
    double perClientPerSecond(int which) {
        return clients == 0 || windowSeconds <= 0 ? 0 : windowTotals[which] / (clients * windowSeconds);
    }

    Double generatorCpuPercent() {
        return windowSeconds <= 0 ? null : generator.cpuNanos() / 1e9 / windowSeconds * 100;
    }

    Double serverCpuSeconds() {
        if (server.start() == null || server.end() == null || server.clockTicksPerSecond() <= 0) {
            return null;
        }
        return (server.end().cpuTicks() - server.start().cpuTicks()) / (double) server.clockTicksPerSecond();
    }

    Double serverCpuPercent() {
        Double cpu = serverCpuSeconds();
        if (cpu == null) {
            return null;
        }
        double seconds = (server.end().nanoTime() - server.start().nanoTime()) / 1e9;
        return seconds <= 0 ? null : cpu / seconds * 100;
    }

    Double serverRssMb(ServerProbe.ProcSample sample) {
        return sample == null ? null : sample.rssPages() * server.pageSize() / (1024.0 * 1024.0);
    }

    String summary() {
        Histogram latency = stats.latency;
        long unanswered = bots.stream().mapToLong(BotResult::unanswered).sum();
        return String.format(Locale.ROOT,
                "bots %d %s world %s: joined %d, failed %d, dropped %d; latency p50 %s ms p99 %s ms (%d samples, "
                        + "%d unanswered); downlink %.0f B/client/s; server cpu %s%% rss %s MB; generator cpu %s%%",
                options.count(), options.encoding(), options.world(), joined, options.count() - joined, dropped,
                ms(latency, 50), ms(latency, 99), latency.getTotalCount(), unanswered,
                perClientPerSecond(BotResult.BYTES_IN), oneDecimal(serverCpuPercent()),
                oneDecimal(serverRssMb(server.end())), oneDecimal(generatorCpuPercent()));
    }

    ObjectNode toJson() {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("format", 1);
        root.put("startedAt", startedAt.toString());
        root.put("summary", summary());
        root.put("exitStatus", exitStatus());

        ObjectNode config = root.putObject("config");
        config.put("director", options.director().toString());
        config.put("world", options.world());
        config.put("count", options.count());
        config.put("durationSeconds", options.durationSeconds());
        config.put("warmupSeconds", options.warmupSeconds());
        config.put("rate", options.rate());
        config.put("encoding", options.encoding());
        config.put("joinConcurrency", options.joinConcurrency());
        config.put("seed", options.seed());
        config.put("threads", options.threads());
        config.put("sampleBots", options.sampleBots());
        config.put("joinTimeoutSeconds", options.joinTimeoutSeconds());
        config.put("tokens", options.tokens().toString());

        ObjectNode phases = root.putObject("phases");
        phases.put("joinSeconds", round(joinSeconds, 3));
        phases.put("warmupSeconds", options.warmupSeconds());
        phases.put("windowSeconds", round(windowSeconds, 3));
        phases.put("graceSeconds", graceSeconds);

        ObjectNode counts = root.putObject("counts");
        counts.put("bots", options.count());
        counts.put("joined", joined);
        counts.put("failed", options.count() - joined);
        counts.put("dropped", dropped);
        counts.put("resumed", bots.stream().filter(b -> b.auth() == Bot.Auth.RESUMED).count());
        counts.put("loggedIn", bots.stream().filter(b -> b.auth() == Bot.Auth.LOGGED_IN).count());
        counts.put("registered", bots.stream().filter(b -> b.auth() == Bot.Auth.REGISTERED).count());
        counts.put("transfers", bots.stream().mapToLong(BotResult::transfers).sum());
        counts.put("intentsSent", bots.stream().mapToLong(BotResult::intentsSent).sum());
        counts.put("rejectedByTick", bots.stream().mapToLong(BotResult::rejectedByTick).sum());
        counts.put("rejectedRateLimited", bots.stream().mapToLong(BotResult::rejectedRateLimited).sum());
        counts.put("malformedStates", bots.stream().mapToLong(BotResult::malformedStates).sum());
        counts.put("missedSendSlots", bots.stream().mapToLong(BotResult::missedSlots).sum());

        ObjectNode intents = root.putObject("intents");
        intents.put("measured", bots.stream().mapToLong(BotResult::measured).sum());
        intents.put("answeredByState", bots.stream().mapToLong(BotResult::answeredByState).sum());
        intents.put("answeredByRejection", bots.stream().mapToLong(BotResult::answeredByRejection).sum());
        intents.put("rateLimited", bots.stream().mapToLong(BotResult::rateLimited).sum());
        intents.put("unanswered", bots.stream().mapToLong(BotResult::unanswered).sum());
        intents.put("discarded", bots.stream().mapToLong(BotResult::discarded).sum());

        histogram(root.putObject("latencyMs"), stats.latency);
        histogram(root.putObject("sendLagMs"), stats.sendLag);
        histogram(root.putObject("joinToWelcomeMs"), stats.joinToWelcome);
        histogram(root.putObject("joinToFirstStateMs"), stats.joinToFirstState);

        ObjectNode perClient = root.putObject("perClientPerSecond");
        perClient.put("clients", clients);
        perClient.put("downlinkBytes", round(perClientPerSecond(BotResult.BYTES_IN), 1));
        perClient.put("downlinkFrames", round(perClientPerSecond(BotResult.FRAMES_IN), 2));
        perClient.put("stateFrames", round(perClientPerSecond(BotResult.STATE_FRAMES), 2));
        perClient.put("uplinkBytes", round(perClientPerSecond(BotResult.BYTES_OUT), 1));
        perClient.put("uplinkFrames", round(perClientPerSecond(BotResult.FRAMES_OUT), 2));
        ObjectNode totals = root.putObject("windowTotals");
        totals.put("downlinkBytes", windowTotals[BotResult.BYTES_IN]);
        totals.put("downlinkFrames", windowTotals[BotResult.FRAMES_IN]);
        totals.put("stateFrames", windowTotals[BotResult.STATE_FRAMES]);
        totals.put("uplinkBytes", windowTotals[BotResult.BYTES_OUT]);
        totals.put("uplinkFrames", windowTotals[BotResult.FRAMES_OUT]);

        ObjectNode samples = root.putObject("sampleChecks");
        samples.put("bots", bots.stream().filter(BotResult::sample).count());
        samples.put("frames", bots.stream().mapToLong(BotResult::sampleFrames).sum());
        samples.put("errors", bots.stream().mapToLong(BotResult::sampleErrors).sum());
        samples.put("selfMissing", bots.stream().mapToLong(BotResult::selfMissing).sum());
        samples.put("firstError", bots.stream().map(BotResult::firstSampleError).filter(e -> e != null)
                .findFirst().orElse(null));

        Map<String, Integer> errors = new TreeMap<>();
        Map<String, Integer> failures = new TreeMap<>();
        Map<String, Integer> drops = new TreeMap<>();
        for (BotResult bot : bots) {
            bot.errors().forEach((code, n) -> errors.merge(code, n, Integer::sum));
            if (bot.failure() != null) {
                failures.merge(bot.failure(), 1, Integer::sum);
            }
            if (bot.dropReason() != null) {
                drops.merge(bot.dropReason(), 1, Integer::sum);
            }
        }
        counted(root.putObject("errors"), errors);
        counted(root.putObject("failures"), failures);
        counted(root.putObject("drops"), drops);

        ObjectNode gen = root.putObject("generator");
        gen.put("processors", generator.processors());
        gen.put("eventLoopThreads", generator.eventLoopThreads());
        gen.put("cpuSeconds", round(generator.cpuNanos() / 1e9, 3));
        putNullable(gen, "cpuPercentOfCore", generatorCpuPercent(), 1);
        gen.put("gcSeconds", round(generator.gcMillis() / 1000.0, 3));

        ObjectNode srv = root.putObject("server");
        srv.put("worldId", server.worldId());
        if (server.pid() == null) {
            srv.putNull("pid");
        } else {
            srv.put("pid", server.pid());
        }
        srv.put("local", server.local());
        srv.put("status", server.status());
        putNullable(srv, "playersAtStart", server.playersAtStart());
        putNullable(srv, "playersAtEnd", server.playersAtEnd());
        Double cpuSeconds = serverCpuSeconds();
        putNullable(srv, "cpuSeconds", cpuSeconds, 3);
        putNullable(srv, "cpuPercentOfCore", serverCpuPercent(), 1);
        putNullable(srv, "cpuMicrosPerClientPerSecond", cpuSeconds == null || clients == 0 || windowSeconds <= 0
                ? null : cpuSeconds * 1e6 / (clients * windowSeconds), 1);
        putNullable(srv, "rssMbAtStart", serverRssMb(server.start()), 1);
        putNullable(srv, "rssMb", serverRssMb(server.end()), 1);
        putNullable(srv, "vmHwmMb", server.end() == null || server.end().vmHwmKb() < 0 ? null
                : server.end().vmHwmKb() / 1024.0, 1);
        putNullable(srv, "threads", server.end() == null ? null : server.end().threads());
        srv.put("clockTicksPerSecond", server.clockTicksPerSecond());
        srv.put("pageSize", server.pageSize());
        ArrayNode tickP99s = srv.putArray("tickP99WindowsMs");
        server.tickP99Windows().forEach(p99 -> tickP99s.add(round(p99, 3)));
        putNullable(srv, "tickP99WorstMs", server.tickP99Windows().stream().max(Double::compare).orElse(null), 3);

        lines(root.putArray("serverMetrics"), server.metricsAtEnd());
        lines(root.putArray("serverMetricsAtStart"), server.metricsAtStart());
        return root;
    }

    void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(toJson())
                + "\n", StandardCharsets.UTF_8);
    }

    /** count, mean, p50, p90, p99, max in milliseconds of a histogram of microseconds. */
    static void histogram(ObjectNode out, Histogram h) {
        out.put("count", h.getTotalCount());
        boolean empty = h.getTotalCount() == 0;
        for (String field : List.of("mean", "p50", "p90", "p99", "max")) {
            if (empty) {
                out.putNull(field);
                continue;
            }
            double micros = switch (field) {
                case "mean" -> h.getMean();
                case "p50" -> h.getValueAtPercentile(50);
                case "p90" -> h.getValueAtPercentile(90);
                case "p99" -> h.getValueAtPercentile(99);
                default -> h.getMaxValue();
            };
            out.put(field, round(micros / 1000.0, 3));
        }
    }

    private static String ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? "n/a"
                : String.format(Locale.ROOT, "%.1f", h.getValueAtPercentile(percentile) / 1000.0);
    }

    private static String oneDecimal(Double value) {
        return value == null ? "n/a" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static void counted(ObjectNode out, Map<String, Integer> counts) {
        counts.forEach(out::put);
    }

    private static void lines(ArrayNode out, List<String> lines) {
        if (lines != null) {
            lines.forEach(out::add);
        }
    }

    private static void putNullable(ObjectNode out, String field, Double value, int decimals) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            out.putNull(field);
        } else {
            out.put(field, round(value, decimals));
        }
    }

    private static void putNullable(ObjectNode out, String field, Integer value) {
        if (value == null) {
            out.putNull(field);
        } else {
            out.put(field, value);
        }
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
