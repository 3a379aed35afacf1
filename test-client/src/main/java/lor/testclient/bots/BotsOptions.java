package lor.testclient.bots;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import lor.testclient.net.DirectorUrl;

/**
 * The options of {@code test-client.jar bots}: every one has a default except {@code --director}. Durations are in
 * seconds. {@link #parse} throws {@link IllegalArgumentException} for anything it cannot accept (the command exits
 * 64 then).
 */
public record BotsOptions(URI director, int count, double durationSeconds, double warmupSeconds, String world,
                          double rate, String encoding, Path report, Path tokens, long seed, int joinConcurrency,
                          int threads, int sampleBots, double joinTimeoutSeconds, boolean help) {

    public static final String JSON = "json";
    public static final String BINARY = "binary";

    /** Every option, one line each, as {@code bots --help} prints them. */
    public static final String USAGE = """
            usage: java -jar test-client.jar bots --director ws://HOST:PORT/ws [options]

            Joins N bots (accounts bot-0 .. bot-N-1) into one world, random-walks them and measures
            intent-to-visible latency, join time, downlink/uplink bytes and frames per client per second,
            the server's CPU and memory (when its world process runs on this host) and the generator's own CPU.
            Prints a one-line summary; exit 0 only when every bot joined and none dropped, 1 otherwise,
            64 for bad options.

            options (durations in seconds; --option=value works too):
              --director URL          the director's client endpoint ws://HOST:PORT/ws (required)
              --count N               bots (default 10)
              --duration S            measurement window (default 30)
              --warmup S              walking time between the end of the join phase and the window (default 5)
              --world W               world to join (default start)
              --rate R                intents per second per bot (default 10)
              --encoding E            state encoding asked for in hello: json or binary (default json)
              --report FILE           write the full report as JSON to FILE (default: none)
              --tokens FILE           session tokens cached between runs (default bot-tokens.json)
              --seed N                seed of the bots' random walks (default 1)
              --join-concurrency K    bots joining at once (default 20)
              --threads N             event-loop threads for all bots (default: available processors)
              --sample-bots N         bots 0..N-1 fully decode and check every state frame (default 20)
              --join-timeout S        longest a bot may take to join (default 120)
              --help                  this text
            """;

    private static final Set<String> KNOWN = Set.of("director", "count", "duration", "warmup", "world", "rate",
            "encoding", "report", "tokens", "seed", "join-concurrency", "threads", "sample-bots", "join-timeout");

    /** Parses the arguments that follow {@code bots}. */
    public static BotsOptions parse(String... args) {
        Map<String, String> values = new HashMap<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                help = true;
                continue;
            }
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + arg);
            }
            String name;
            String value;
            int eq = arg.indexOf('=');
            if (eq > 0) {
                name = arg.substring(2, eq);
                value = arg.substring(eq + 1);
            } else {
                name = arg.substring(2);
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("option --" + name + " needs a value");
                }
                value = args[++i];
            }
            if (!KNOWN.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name);
            }
            if (values.put(name, value) != null) {
                throw new IllegalArgumentException("option --" + name + " given twice");
            }
        }
        if (help) {
            return helpOnly();
        }
        String directorText = values.get("director");
        if (directorText == null) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required");
        }
        URI director = DirectorUrl.parse(directorText);
        String encoding = values.getOrDefault("encoding", JSON);
        if (!encoding.equals(JSON) && !encoding.equals(BINARY)) {
            throw new IllegalArgumentException("--encoding must be json or binary, not " + encoding);
        }
        String world = values.getOrDefault("world", "start");
        if (world.isBlank()) {
            throw new IllegalArgumentException("--world must not be empty");
        }
        return new BotsOptions(director,
                intOption(values, "count", 10, 1, 100_000),
                secondsOption(values, "duration", 30, false),
                secondsOption(values, "warmup", 5, true),
                world,
                positive(values, "rate", 10, 1000),
                encoding,
                values.containsKey("report") ? Path.of(values.get("report")) : null,
                Path.of(values.getOrDefault("tokens", "bot-tokens.json")),
                longOption(values, "seed", 1),
                intOption(values, "join-concurrency", 20, 1, 10_000),
                intOption(values, "threads", Runtime.getRuntime().availableProcessors(), 1, 1024),
                intOption(values, "sample-bots", 20, 0, 100_000),
                secondsOption(values, "join-timeout", 120, false),
                false);
    }

    /** Milliseconds between two intents of one bot. */
    double periodMillis() {
        return 1000.0 / rate;
    }

    /** {@code --help}: nothing else is read. */
    private static BotsOptions helpOnly() {
        return new BotsOptions(null, 10, 30, 5, "start", 10, JSON, null, Path.of("bot-tokens.json"), 1, 20,
                Runtime.getRuntime().availableProcessors(), 20, 120, true);
    }

    private static int intOption(Map<String, String> values, String name, int fallback, int min, int max) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        int value;
        try {
            value = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number, not " + text);
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException("--" + name + " must be between " + min + " and " + max);
        }
        return value;
    }

    private static long longOption(Map<String, String> values, String name, long fallback) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a whole number, not " + text);
        }
    }

    private static double secondsOption(Map<String, String> values, String name, double fallback, boolean zeroOk) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        double value = number(name, text);
        if (value < 0 || (!zeroOk && value == 0) || value > 7 * 24 * 3600) {
            throw new IllegalArgumentException("--" + name + " must be " + (zeroOk ? "at least 0" : "above 0")
                    + " seconds (and at most a week), not " + text);
        }
        return value;
    }

    private static double positive(Map<String, String> values, String name, double fallback, double max) {
        String text = values.get(name);
        if (text == null) {
            return fallback;
        }
        double value = number(name, text);
        if (!(value > 0) || value > max) {
            throw new IllegalArgumentException("--" + name + " must be above 0 and at most " + (long) max);
        }
        return value;
    }

    private static double number(String name, String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " must be a number, not " + text);
        }
    }
}
