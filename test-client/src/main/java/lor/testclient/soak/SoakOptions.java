package lor.testclient.soak;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import lor.protocol.game.HelloMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.testclient.net.DirectorUrl;

/**
 * The options of {@code test-client.jar soak}; every one has a default except {@code --director}. {@link #parse}
 * throws {@link IllegalArgumentException} for anything it cannot accept (the command exits 64 then).
 */
record SoakOptions(URI director, int players, Duration duration, Duration killEvery, List<String> worlds,
                   String encoding, long seed, boolean stopDirector) {

    private static final Option<URI> DIRECTOR = Option.of("--director", "URL",
            (option, text) -> DirectorUrl.parse(text))
            .help("the director's client endpoint ws://HOST:PORT/ws (required)");
    private static final Option<Integer> PLAYERS = Option.of("--players", "N", whole(1, 10_000)).defaultValue(200)
            .help("players, spread evenly over the worlds");
    private static final Option<Duration> DURATION = Option.of("--duration", "S", seconds())
            .defaultValue(Duration.ofMinutes(30), "1800").help("seconds of play once every player is in");
    private static final Option<Duration> KILL_EVERY = Option.of("--kill-every", "S", seconds())
            .defaultValue(Duration.ofMinutes(2), "120").help("seconds between two world kills");
    private static final Option<List<String>> WORLDS = Option.of("--worlds", "LIST", SoakOptions::worlds)
            .defaultValue(List.of("start", "cellar", "meadow"), "start,cellar,meadow")
            .help("worlds to play in and kill, comma-separated");
    // The players share the host with the director and its worlds: binary state costs them (and the worlds) about
    // half the CPU of JSON, which on a small host would otherwise be taken from the worlds' ticks.
    private static final Option<String> ENCODING = Option.of("--encoding", "E", SoakOptions::encoding)
            .defaultValue(BinaryState.ENCODING).help("state encoding the players ask for in hello: binary or json");
    private static final Option<Long> SEED = Option.of("--seed", "N", SoakOptions::seed).defaultValue(6L)
            .help("seed of the walks and of the choice of world to kill");
    private static final Option<Boolean> STOP_DIRECTOR = Option.flag("--stop-director")
            .help("at the end, stop the director with SIGTERM and check that no world process outlives it");
    /** Answered by the command before the options are parsed. */
    private static final Option<Boolean> HELP = Option.flag("--help").help("this text");

    private static final OptionSet OPTIONS = OptionSet.of(DIRECTOR, PLAYERS, DURATION, KILL_EVERY, WORLDS, ENCODING,
            SEED, STOP_DIRECTOR, HELP).missingValueFirst().helpColumn(21).header("""
                    usage: java -jar test-client.jar soak --director ws://HOST:PORT/ws [options]

                    Players join, walk and rejoin in several worlds while a random world process is SIGKILLed every
                    so often; then one PASS/FAIL line per criterion of issue 6's soak and "N passed, M failed"
                    (exit status 0 only when M is 0). Must run on the director's host: it signals world processes
                    and reads the director's /proc entries and heap.

                    options (durations in seconds):
                    """);

    static final String USAGE = OPTIONS.usage();

    /** Parses the arguments that follow {@code soak}; {@code --help} is the command's to handle. */
    static SoakOptions parse(String... args) {
        OptionValues values;
        try {
            values = OPTIONS.parse(args);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "\n" + USAGE);
        }
        if (!values.has(DIRECTOR)) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required\n" + USAGE);
        }
        return new SoakOptions(values.get(DIRECTOR), values.get(PLAYERS), values.get(DURATION),
                values.get(KILL_EVERY), values.get(WORLDS), values.get(ENCODING), values.get(SEED),
                values.get(STOP_DIRECTOR));
    }

    private static List<String> worlds(String option, String value) {
        List<String> worlds = List.of(value.split(",")).stream().map(String::trim).filter(w -> !w.isEmpty())
                .distinct().toList();
        if (worlds.isEmpty()) {
            throw new IllegalArgumentException(option + " needs at least one world");
        }
        return worlds;
    }

    private static String encoding(String option, String value) {
        if (!value.equals(HelloMessage.JSON) && !value.equals(BinaryState.ENCODING)) {
            throw new IllegalArgumentException(option + " must be json or binary, not " + value);
        }
        return value;
    }

    private static long seed(String option, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " must be a whole number, not " + value);
        }
    }

    /** Whole seconds, from one to a week. */
    private static Option.Reader<Duration> seconds() {
        Option.Reader<Integer> seconds = whole(1, 7 * 86_400);
        return (option, value) -> Duration.ofSeconds(seconds.read(option, value));
    }

    private static Option.Reader<Integer> whole(int min, int max) {
        return (option, value) -> {
            int n;
            try {
                n = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " must be a whole number, not " + value);
            }
            if (n < min || n > max) {
                throw new IllegalArgumentException(option + " must be " + min + ".." + max + ", not " + value);
            }
            return n;
        };
    }
}
