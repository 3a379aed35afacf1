package lor.testclient.lifecycle;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import lor.protocol.Json;
import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;
import lor.testclient.net.DirectorHttp;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code test-client lifecycle --director ws://HOST:PORT/ws --world W --admin-token T [--rounds N]
 * [--wait-for-spare] [--idle-rss-seconds S] [--report FILE]}: runs {@link LifecycleBench} and, when asked, reads
 * the idle world's resident memory from the director's {@code /metrics} after it has had no player for S seconds.
 */
public final class LifecycleCommand {

    private static final Option<URI> DIRECTOR = Option.of("--director", "ws://HOST:PORT/ws",
            (option, text) -> URI.create(text)).help("the director's client endpoint (required)");
    private static final Option<String> ADMIN_TOKEN = Option.text("--admin-token", "T")
            .help("the director's admin token (required): each round stops the world through the operator API");
    private static final Option<String> WORLD = Option.text("--world", "W").defaultValue("bench")
            .help("the world to stop and join");
    private static final Option<Integer> ROUNDS = Option.of("--rounds", "N", Readers.intIn(1, 1000))
            .defaultValue(20).help("stop-then-join rounds (default {default}, 1..1000)");
    private static final Option<Boolean> WAIT_FOR_SPARE = Option.flag("--wait-for-spare")
            .help("before each round, wait until the director has a warm spare ready");
    private static final Option<Integer> IDLE_RSS_SECONDS = Option.of("--idle-rss-seconds", "S",
            Readers.intIn(0, 3600)).defaultValue(0)
            .help("afterwards, leave the world without players for S seconds, then report its resident memory "
                    + "(lor_world_resident_memory_bytes) as idleRssMb");
    private static final Option<Path> REPORT = Option.of("--report", "FILE", Readers.PATH)
            .help("also write the figures as JSON");
    private static final Option<Boolean> HELP = Option.flag("--help").help("this text");

    private static final OptionSet OPTIONS = OptionSet.of(DIRECTOR, ADMIN_TOKEN, WORLD, ROUNDS, WAIT_FOR_SPARE,
            IDLE_RSS_SECONDS, REPORT, HELP).helpColumn(25)
            .header("usage: test-client lifecycle --director ws://HOST:PORT/ws --admin-token T [options]\n");

    static final String USAGE = OPTIONS.usage();

    private LifecycleCommand() {
    }

    public static int run(String[] args, PrintStream out) throws Exception {
        OptionValues options = OPTIONS.parse(args);
        if (options.get(HELP)) {
            out.print(USAGE);
            return 0;
        }
        URI director = options.get(DIRECTOR);
        if (director == null || !("ws".equals(director.getScheme()) || "wss".equals(director.getScheme()))) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required");
        }
        String adminToken = options.get(ADMIN_TOKEN);
        if (adminToken == null) {
            throw new IllegalArgumentException("--admin-token is required: each round stops the world");
        }
        String world = options.get(WORLD);
        boolean waitForSpare = options.get(WAIT_FOR_SPARE);
        int rounds = options.get(ROUNDS);
        int idleRssSeconds = options.get(IDLE_RSS_SECONDS);
        Path report = options.get(REPORT);

        List<LifecycleBench.Round> results = new LifecycleBench(director, world, adminToken, waitForSpare)
                .run(rounds);
        out.println(LifecycleBench.line(results));
        ObjectNode json = LifecycleBench.report(results);
        json.put("world", world).put("waitForSpare", waitForSpare);
        if (idleRssSeconds > 0) {
            double mb = idleRssMb(director, world, idleRssSeconds);
            json.put("idleRssMb", mb);
            out.printf(Locale.ROOT, "idle world %s resident memory after %d s without players: %.1f MB%n", world,
                    idleRssSeconds, mb);
        }
        if (report != null) {
            Files.writeString(report, Json.MAPPER.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(json), StandardCharsets.UTF_8);
        }
        return 0;
    }

    private static double idleRssMb(URI director, String world, int seconds) throws Exception {
        DirectorHttp http = new DirectorHttp(HttpClient.newHttpClient(), DirectorHttp.baseOf(director));
        // The last round's player has left; waiting lets the world's heap settle as an idle world's would.
        LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(seconds));
        if (!http.world(world).status().equals("running")) {
            throw new IOException("world " + world + " is not running (is the director's idle shutdown shorter than "
                    + seconds + " s?)");
        }
        return http.metric("lor_world_resident_memory_bytes{world=\"" + world + "\"}") / (1024.0 * 1024.0);
    }
}
