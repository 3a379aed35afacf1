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
import lor.testclient.net.DirectorHttp;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code test-client lifecycle --director ws://HOST:PORT/ws --world W --admin-token T [--rounds N]
 * [--wait-for-spare] [--idle-rss-seconds S] [--report FILE]}: runs {@link LifecycleBench} and, when asked, reads
 * the idle world's resident memory from the director's {@code /metrics} after it has had no player for S seconds.
 */
public final class LifecycleCommand {

    static final String USAGE = """
            usage: test-client lifecycle --director ws://HOST:PORT/ws --admin-token T [options]
              --world W              the world to stop and join (default bench)
              --rounds N             stop-then-join rounds (default 20, 1..1000)
              --wait-for-spare       before each round, wait until the director has a warm spare ready
              --idle-rss-seconds S   afterwards, leave the world without players for S seconds, then report its
                                     resident memory (lor_world_resident_memory_bytes) as idleRssMb
              --report FILE          also write the figures as JSON
            """;

    private LifecycleCommand() {
    }

    public static int run(String[] args, PrintStream out) throws Exception {
        URI director = null;
        String world = "bench";
        String adminToken = null;
        String report = null;
        int rounds = 20;
        int idleRssSeconds = 0;
        boolean waitForSpare = false;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help")) {
                out.print(USAGE);
                return 0;
            }
            if (option.equals("--wait-for-spare")) {
                waitForSpare = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--director" -> director = URI.create(value);
                case "--world" -> world = value;
                case "--admin-token" -> adminToken = value;
                case "--report" -> report = value;
                case "--rounds" -> rounds = intIn(option, value, 1, 1000);
                case "--idle-rss-seconds" -> idleRssSeconds = intIn(option, value, 0, 3600);
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (director == null || !("ws".equals(director.getScheme()) || "wss".equals(director.getScheme()))) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required");
        }
        if (adminToken == null) {
            throw new IllegalArgumentException("--admin-token is required: each round stops the world");
        }

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
            Files.writeString(Path.of(report), Json.MAPPER.writerWithDefaultPrettyPrinter()
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

    private static int intIn(String option, String value, int min, int max) {
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a whole number, got " + value);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(option + " must be between " + min + " and " + max + ", got " + n);
        }
        return n;
    }
}
