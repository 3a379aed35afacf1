package lor.bench.persist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import lor.director.db.Database;
import lor.director.db.EmbeddedDatabase;
import lor.director.world.store.SnapshotRepository;
import lor.sim.world.World;

/**
 * The snapshot persist round trip, from a world deciding to snapshot to the snapshot committed in PostgreSQL and
 * acknowledged, and hydration, the way back, for a world of 1,000 and of 100,000 entities. A plain main, run by
 * hand:
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar lor.bench.persist.SnapshotPersistBench [--rounds 20] [--report FILE]
 * </pre>
 *
 * <p>Everything on the path is the project's own code, against a real database: an embedded PostgreSQL started by
 * the director's {@link EmbeddedDatabase} exactly as the director starts it (durable: fsync and synchronous commit
 * on), migrated by {@link Database#connect} (Flyway, Hikari pool of 10 as the director's default), and the
 * director's {@link SnapshotRepository} keeping 10 snapshots per world (the director's default).
 *
 * <p>Snapshots hold players only ({@link World#snapshot()}: clock, id counter, every known player); NPCs are not
 * persisted. So the N entities of a measured world are N players: every entity is in the snapshot.
 *
 * <p>Three paths are measured, each with warm-up rounds first, seq increasing by one per round, and every player
 * taking one random step between persist rounds (untimed), as in a live world: {@link InProcessRoundTrip} phase by
 * phase on one thread, {@link WebSocketRoundTrip} over the loopback control WebSocket, and {@link HydrationPath}
 * from the stored row back to a rebuilt world. Progress goes to stderr; the Markdown report to stdout;
 * {@code --report FILE} also writes it as JSON.
 */
public final class SnapshotPersistBench {

    /** The director's defaults: {@code --snapshots-kept}, {@code --db-pool-size}, {@code --max-snapshot-bytes}. */
    static final int SNAPSHOTS_KEPT = 10;
    static final int DB_POOL_SIZE = 10;
    static final int MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;

    private final BenchOptions options;

    private SnapshotPersistBench(BenchOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(BenchOptions.OPTIONS.usage());
            System.exit(2);
            return;
        }
        if (options == null) {
            System.out.print(BenchOptions.OPTIONS.usage());
            return;
        }
        List<SizeResult> results = new SnapshotPersistBench(options).run();
        // Netty's and the pool's threads are daemons or shut down; nothing should keep the JVM, but be sure.
        System.exit(results.isEmpty() ? 1 : 0);
    }

    private List<SizeResult> run() throws Exception {
        Path dataDir = options.dataDir() != null ? options.dataDir() : Files.createTempDirectory("lor-snapbench-");
        boolean deleteAfter = options.dataDir() == null;
        List<SizeResult> results = new ArrayList<>();
        BenchEnvironment environment = new BenchEnvironment(Instant.now());
        try {
            progress("starting the embedded PostgreSQL as the director does (durable) in " + dataDir);
            EmbeddedDatabase postgres = EmbeddedDatabase.start(dataDir.resolve("postgres"), true);
            // The director's EmbeddedDatabase registers no shutdown hook: stop PostgreSQL on Ctrl-C too.
            Thread stopPostgres = new Thread(() -> {
                try {
                    postgres.close();
                } catch (IOException | RuntimeException e) {
                    System.err.println("[snapshot-bench] PostgreSQL did not stop cleanly: " + e);
                }
            }, "bench-postgres-stop");
            Runtime.getRuntime().addShutdownHook(stopPostgres);
            try (postgres; Database db = Database.connect(postgres.jdbcUrl(), EmbeddedDatabase.USER, null,
                    DB_POOL_SIZE)) {
                environment.describe(db, dataDir, options);
                SnapshotRepository repository = new SnapshotRepository(db, SNAPSHOTS_KEPT);
                ThreadPoolExecutor blocking = new ThreadPoolExecutor(DB_POOL_SIZE, DB_POOL_SIZE, 60, TimeUnit.SECONDS,
                        new ArrayBlockingQueue<>(1024), daemon("bench-director-blocking"));
                BenchControlEndpoint director = options.webSocket()
                        ? new BenchControlEndpoint(repository, blocking, MAX_SNAPSHOT_BYTES) : null;
                try {
                    for (int n : options.entities()) {
                        results.add(measure(n, db, repository, director));
                    }
                } finally {
                    if (director != null) {
                        director.close();
                    }
                    blocking.shutdown();
                }
            } finally {
                Runtime.getRuntime().removeShutdownHook(stopPostgres);
            }
        } finally {
            if (deleteAfter) {
                deleteTree(dataDir);
            }
        }
        environment.finish();
        BenchReport report = new BenchReport(options, environment.lines(), results);
        System.out.print(report.markdown());
        if (options.report() != null) {
            report.writeJson(options.report());
            progress("wrote " + options.report().toAbsolutePath());
        }
        return results;
    }

    private SizeResult measure(int n, Database db, SnapshotRepository repository, BenchControlEndpoint director)
            throws Exception {
        String worldId = "snapbench-" + n;
        createWorldRow(db, worldId);
        BenchWorld bench = BenchWorld.build(n, options.objects());
        SizeResult result = new SizeResult(n, worldId, bench.map);
        InProcessRoundTrip inProcess = new InProcessRoundTrip(options, repository);
        result.npcOnlyMessageBytes = inProcess.npcOnlyMessageBytes(bench, n, worldId);

        long seq = inProcess.measure(bench, result);
        readStoredSize(db, worldId, result);
        if (director != null) {
            new WebSocketRoundTrip(options, director).measure(bench, seq, result);
        }
        new HydrationPath(options, repository).measure(bench, result);
        return result;
    }

    private static void createWorldRow(Database db, String worldId) {
        db.inTransaction("create bench world", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO worlds (world_id, name) VALUES (?, ?) "
                    + "ON CONFLICT (world_id) DO NOTHING")) {
                s.setString(1, worldId);
                s.setString(2, "Snapshot bench " + worldId);
                return s.executeUpdate();
            }
        });
    }

    private static void readStoredSize(Database db, String worldId, SizeResult result) {
        db.inTransaction("read snapshot size", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT size_bytes, coalesce(pg_column_size(state_text), "
                    + "pg_column_size(state)) FROM world_snapshots WHERE world_id = ? ORDER BY seq DESC LIMIT 1")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        result.onDiskBytes = rs.getLong(2);
                    }
                }
            }
            return null;
        });
    }

    static void progress(String line) {
        System.err.println("[snapshot-bench] " + line);
    }

    static ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    private static void deleteTree(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            progress("could not delete " + directory + ": " + e);
        }
    }
}
