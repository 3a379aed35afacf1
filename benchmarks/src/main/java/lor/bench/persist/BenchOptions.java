package lor.bench.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;

/** The command line of {@link SnapshotPersistBench}. */
record BenchOptions(int rounds, int warmup, int warmupSeconds, List<Integer> entities, Path report,
                    boolean webSocket, Path dataDir, int objects) {

    static final Option<Integer> ROUNDS = Option.of("--rounds", "N", Readers.intIn(1, Integer.MAX_VALUE))
            .defaultValue(20).help("measured rounds per world size and path");
    static final Option<Integer> WARMUP = Option.of("--warmup", "N", Readers.intIn(0, Integer.MAX_VALUE))
            .defaultValue(5).help("warm-up rounds before them, at least");
    static final Option<Integer> WARMUP_SECONDS = Option.of("--warmup-seconds", "S",
            Readers.intIn(0, Integer.MAX_VALUE)).defaultValue(5)
            .help("and warm up for at least this long, so the JIT has compiled the paths");
    static final Option<List<Integer>> ENTITIES = Option.of("--entities", "LIST", BenchOptions::sizes)
            .defaultValue(List.of(1_000, 100_000), "1000,100000").help("world sizes, comma-separated");
    static final Option<Integer> OBJECTS = Option.of("--objects", "N", Readers.intIn(0, Integer.MAX_VALUE))
            .defaultValue(0).help("also N objects (crates holding two items) in each world");
    static final Option<Path> REPORT = Option.of("--report", "FILE", Readers.PATH)
            .help("also write the results as JSON to FILE");
    static final Option<Boolean> NO_WEBSOCKET = Option.flag("--no-websocket")
            .help("skip the path over the loopback control WebSocket");
    static final Option<Path> DATA_DIR = Option.of("--data-dir", "DIR", Readers.PATH)
            .defaultDescribed(null, "a temporary one, deleted afterwards").help("PostgreSQL data directory");
    static final Option<Boolean> HELP = Option.flag("--help").alias("-h", null, null).help("print this");

    static final OptionSet OPTIONS = OptionSet.of(ROUNDS, WARMUP, WARMUP_SECONDS, ENTITIES, OBJECTS, REPORT,
            NO_WEBSOCKET, DATA_DIR, HELP).helpColumn(20)
            .header("usage: java -cp benchmarks.jar lor.bench.persist.SnapshotPersistBench [options]\n");

    /** @return null when help was asked for */
    static BenchOptions parse(String[] args) {
        OptionValues values = OPTIONS.parse(args);
        if (values.get(HELP)) {
            return null;
        }
        return new BenchOptions(values.get(ROUNDS), values.get(WARMUP), values.get(WARMUP_SECONDS),
                values.get(ENTITIES), values.get(REPORT), !values.get(NO_WEBSOCKET), values.get(DATA_DIR),
                values.get(OBJECTS));
    }

    private static List<Integer> sizes(String option, String value) {
        List<Integer> sizes = new ArrayList<>();
        for (String part : value.split(",")) {
            sizes.add(Readers.intIn(1, Integer.MAX_VALUE).read(option, part.trim()));
        }
        return List.copyOf(sizes);
    }
}
