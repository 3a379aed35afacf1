package lor.testclient.soak;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import lor.protocol.game.HelloMessage;
import lor.protocol.game.binary.BinaryState;
import lor.testclient.net.DirectorUrl;

/**
 * The options of {@code test-client.jar soak}; every one has a default except {@code --director}. {@link #parse}
 * throws {@link IllegalArgumentException} for anything it cannot accept (the command exits 64 then).
 */
record SoakOptions(URI director, int players, Duration duration, Duration killEvery, List<String> worlds,
                   String encoding, long seed, boolean stopDirector) {

    static final String USAGE = """
            usage: java -jar test-client.jar soak --director ws://HOST:PORT/ws [options]

            Players join, walk and rejoin in several worlds while a random world process is SIGKILLed every
            so often; then one PASS/FAIL line per criterion of issue 6's soak and "N passed, M failed"
            (exit status 0 only when M is 0). Must run on the director's host: it signals world processes
            and reads the director's /proc entries and heap.

            options (durations in seconds):
              --director URL     the director's client endpoint ws://HOST:PORT/ws (required)
              --players N        players, spread evenly over the worlds (default 200)
              --duration S       seconds of play once every player is in (default 1800)
              --kill-every S     seconds between two world kills (default 120)
              --worlds LIST      worlds to play in and kill, comma-separated (default start,cellar,meadow)
              --encoding E       state encoding the players ask for in hello: binary (default) or json
              --seed N           seed of the walks and of the choice of world to kill (default 6)
              --stop-director    at the end, stop the director with SIGTERM and check that no world process
                                 outlives it
              --help             this text
            """;

    /** Parses the arguments that follow {@code soak}; {@code --help} is the command's to handle. */
    static SoakOptions parse(String... args) {
        URI director = null;
        int players = 200;
        Duration duration = Duration.ofMinutes(30);
        Duration killEvery = Duration.ofMinutes(2);
        List<String> worlds = List.of("start", "cellar", "meadow");
        // The players share the host with the director and its worlds: binary state costs them (and the worlds)
        // about half the CPU of JSON, which on a small host would otherwise be taken from the worlds' ticks.
        String encoding = BinaryState.ENCODING;
        long seed = 6;
        boolean stopDirector = false;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--stop-director")) {
                stopDirector = true;
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + option + " needs a value\n" + USAGE);
            }
            String value = args[++i];
            switch (option) {
                case "--director" -> director = DirectorUrl.parse(value);
                case "--players" -> players = number(option, value, 1, 10_000);
                case "--duration" -> duration = Duration.ofSeconds(number(option, value, 1, 7 * 86_400));
                case "--kill-every" -> killEvery = Duration.ofSeconds(number(option, value, 1, 7 * 86_400));
                case "--worlds" -> worlds = worlds(value);
                case "--encoding" -> encoding = encoding(value);
                case "--seed" -> seed = seed(value);
                default -> throw new IllegalArgumentException("unknown option " + option + "\n" + USAGE);
            }
        }
        if (director == null) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required\n" + USAGE);
        }
        return new SoakOptions(director, players, duration, killEvery, worlds, encoding, seed, stopDirector);
    }

    private static List<String> worlds(String value) {
        List<String> worlds = List.of(value.split(",")).stream().map(String::trim).filter(w -> !w.isEmpty())
                .distinct().toList();
        if (worlds.isEmpty()) {
            throw new IllegalArgumentException("--worlds needs at least one world");
        }
        return worlds;
    }

    private static String encoding(String value) {
        if (!value.equals(HelloMessage.JSON) && !value.equals(BinaryState.ENCODING)) {
            throw new IllegalArgumentException("--encoding must be json or binary, not " + value);
        }
        return value;
    }

    private static long seed(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed must be a whole number, not " + value);
        }
    }

    private static int number(String option, String value, int min, int max) {
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
    }
}
