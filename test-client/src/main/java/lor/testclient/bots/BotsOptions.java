package lor.testclient.bots;

import java.net.URI;
import java.nio.file.Path;

import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;
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

    private static final Option<URI> DIRECTOR = Option.of("--director", "URL",
            (option, text) -> DirectorUrl.parse(text))
            .help("the director's client endpoint ws://HOST:PORT/ws (required)");
    private static final Option<Integer> COUNT = Option.of("--count", "N", whole(1, 100_000)).defaultValue(10)
            .help("bots");
    private static final Option<Double> DURATION = Option.of("--duration", "S", seconds(false))
            .defaultValue(30.0, "30").help("measurement window");
    private static final Option<Double> WARMUP = Option.of("--warmup", "S", seconds(true)).defaultValue(5.0, "5")
            .help("walking time between the end of the join phase and the window");
    private static final Option<String> WORLD = Option.of("--world", "W", BotsOptions::world).defaultValue("start")
            .help("world to join");
    private static final Option<Double> RATE = Option.of("--rate", "R", positive(1000)).defaultValue(10.0, "10")
            .help("intents per second per bot");
    private static final Option<String> ENCODING = Option.of("--encoding", "E", BotsOptions::encoding)
            .defaultValue(JSON).help("state encoding asked for in hello: json or binary");
    private static final Option<Path> REPORT = Option.of("--report", "FILE", Readers.PATH)
            .defaultDescribed(null, "none").help("write the full report as JSON to FILE");
    private static final Option<Path> TOKENS = Option.of("--tokens", "FILE", Readers.PATH)
            .defaultValue(Path.of("bot-tokens.json")).help("session tokens cached between runs");
    private static final Option<Long> SEED = Option.of("--seed", "N", BotsOptions::seed).defaultValue(1L)
            .help("seed of the bots' random walks");
    private static final Option<Integer> JOIN_CONCURRENCY = Option.of("--join-concurrency", "K", whole(1, 10_000))
            .defaultValue(20).help("bots joining at once");
    private static final Option<Integer> THREADS = Option.of("--threads", "N", whole(1, 1024))
            .defaultDescribed(Runtime.getRuntime().availableProcessors(), "available processors")
            .help("event-loop threads for all bots");
    private static final Option<Integer> SAMPLE_BOTS = Option.of("--sample-bots", "N", whole(0, 100_000))
            .defaultValue(20).help("bots 0..N-1 fully decode and check every state frame");
    private static final Option<Double> JOIN_TIMEOUT = Option.of("--join-timeout", "S", seconds(false))
            .defaultValue(120.0, "120").help("longest a bot may take to join");
    private static final Option<Boolean> HELP = Option.flag("--help").alias("-h", null, null).help("this text");

    private static final OptionSet OPTIONS = OptionSet.of(DIRECTOR, COUNT, DURATION, WARMUP, WORLD, RATE, ENCODING,
            REPORT, TOKENS, SEED, JOIN_CONCURRENCY, THREADS, SAMPLE_BOTS, JOIN_TIMEOUT, HELP)
            .refusingRepeats().helpColumn(26).header("""
                    usage: java -jar test-client.jar bots --director ws://HOST:PORT/ws [options]

                    Joins N bots (accounts bot-0 .. bot-N-1) into one world, random-walks them and measures
                    intent-to-visible latency, join time, downlink/uplink bytes and frames per client per second,
                    the server's CPU and memory (when its world process runs on this host) and the generator's own CPU.
                    Prints a one-line summary; exit 0 only when every bot joined and none dropped, 1 otherwise,
                    64 for bad options.

                    options (durations in seconds; --option=value works too):
                    """);

    /** Every option, one line each, as {@code bots --help} prints them. */
    public static final String USAGE = OPTIONS.usage();

    /** Parses the arguments that follow {@code bots}. */
    public static BotsOptions parse(String... args) {
        OptionValues values = OPTIONS.parse(args);
        boolean help = values.get(HELP);
        if (help) {
            // --help: nothing else is read.
            values = OPTIONS.parse();
        } else if (!values.has(DIRECTOR)) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required");
        }
        return new BotsOptions(values.get(DIRECTOR), values.get(COUNT), values.get(DURATION), values.get(WARMUP),
                values.get(WORLD), values.get(RATE), values.get(ENCODING), values.get(REPORT), values.get(TOKENS),
                values.get(SEED), values.get(JOIN_CONCURRENCY), values.get(THREADS), values.get(SAMPLE_BOTS),
                values.get(JOIN_TIMEOUT), help);
    }

    /** Milliseconds between two intents of one bot. */
    double periodMillis() {
        return 1000.0 / rate;
    }

    private static String encoding(String option, String text) {
        if (!text.equals(JSON) && !text.equals(BINARY)) {
            throw new IllegalArgumentException(option + " must be json or binary, not " + text);
        }
        return text;
    }

    private static String world(String option, String text) {
        if (text.isBlank()) {
            throw new IllegalArgumentException(option + " must not be empty");
        }
        return text;
    }

    private static Option.Reader<Integer> whole(int min, int max) {
        return (option, text) -> {
            int value;
            try {
                value = Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " must be a whole number, not " + text);
            }
            if (value < min || value > max) {
                throw new IllegalArgumentException(option + " must be between " + min + " and " + max);
            }
            return value;
        };
    }

    private static long seed(String option, String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a whole number, not " + text);
        }
    }

    private static Option.Reader<Double> seconds(boolean zeroOk) {
        return (option, text) -> {
            double value = number(option, text);
            if (value < 0 || (!zeroOk && value == 0) || value > 7 * 24 * 3600) {
                throw new IllegalArgumentException(option + " must be " + (zeroOk ? "at least 0" : "above 0")
                        + " seconds (and at most a week), not " + text);
            }
            return value;
        };
    }

    private static Option.Reader<Double> positive(double max) {
        return (option, text) -> {
            double value = number(option, text);
            if (!(value > 0) || value > max) {
                throw new IllegalArgumentException(option + " must be above 0 and at most " + (long) max);
            }
            return value;
        };
    }

    private static double number(String option, String text) {
        try {
            double value = Double.parseDouble(text.trim());
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a number, not " + text);
        }
    }
}
