package lor.bench.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of {@link SnapshotPersistBench}. */
record BenchOptions(int rounds, int warmup, int warmupSeconds, List<Integer> entities, Path report,
                    boolean webSocket, Path dataDir, int objects) {

    static final String USAGE = """
            usage: java -cp benchmarks.jar lor.bench.persist.SnapshotPersistBench [options]
              --rounds N        measured rounds per world size and path (default 20)
              --warmup N        warm-up rounds before them, at least (default 5)
              --warmup-seconds S
                                and warm up for at least this long, so the JIT has compiled the paths (default 5)
              --entities LIST   world sizes, comma-separated (default 1000,100000)
              --objects N       also N objects (crates holding two items) in each world (default 0)
              --report FILE     also write the results as JSON to FILE
              --no-websocket    skip the path over the loopback control WebSocket
              --data-dir DIR    PostgreSQL data directory (default: a temporary one, deleted afterwards)
            """;

    /** @return null when help was asked for */
    static BenchOptions parse(String[] args) {
        int rounds = 20;
        int warmup = 5;
        int warmupSeconds = 5;
        List<Integer> entities = List.of(1_000, 100_000);
        Path report = null;
        boolean webSocket = true;
        Path dataDir = null;
        int objects = 0;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            switch (option) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--no-websocket" -> webSocket = false;
                case "--rounds" -> rounds = positive(option, value(args, ++i, option));
                case "--warmup" -> warmup = Math.max(0, parseInt(option, value(args, ++i, option)));
                case "--warmup-seconds" ->
                        warmupSeconds = Math.max(0, parseInt(option, value(args, ++i, option)));
                case "--entities" -> {
                    List<Integer> list = new ArrayList<>();
                    for (String part : value(args, ++i, option).split(",")) {
                        list.add(positive(option, part.trim().replace("_", "")));
                    }
                    entities = List.copyOf(list);
                }
                case "--report" -> report = Path.of(value(args, ++i, option));
                case "--data-dir" -> dataDir = Path.of(value(args, ++i, option));
                case "--objects" -> objects = Math.max(0, parseInt(option, value(args, ++i, option)));
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        return new BenchOptions(rounds, warmup, warmupSeconds, entities, report, webSocket, dataDir, objects);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int positive(String option, String value) {
        int n = parseInt(option, value);
        if (n <= 0) {
            throw new IllegalArgumentException(option + " must be positive, got " + value);
        }
        return n;
    }

    private static int parseInt(String option, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got " + value);
        }
    }
}
