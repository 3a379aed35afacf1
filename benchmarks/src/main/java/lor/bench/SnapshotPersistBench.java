package lor.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.netty.channel.EventLoopGroup;
import lor.director.db.Database;
import lor.director.db.EmbeddedDatabase;
import lor.director.world.SnapshotRepository;
import lor.protocol.ErrorMessage;
import lor.protocol.Json;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.netty.EventLoops;
import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;
import lor.sim.grid.BenchMap;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import lor.sim.world.Direction;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.control.ControlClient;
import lor.world.control.ControlListener;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The snapshot persist round trip: from a world deciding to snapshot to the snapshot committed in PostgreSQL and
 * acknowledged, for a world of 1,000 and of 100,000 entities. A plain main, run by hand:
 * <pre>java -cp benchmarks/target/benchmarks.jar lor.bench.SnapshotPersistBench [--rounds 20] [--report FILE]</pre>
 *
 * <p>Everything on the path is the project's own code, against a real database: an embedded PostgreSQL started by
 * the director's {@link EmbeddedDatabase} exactly as the director starts it (durable: fsync and synchronous commit
 * on), migrated by {@link Database#connect} (Flyway, Hikari pool of 10 as the director's default), and the
 * director's {@link SnapshotRepository} keeping 10 snapshots per world (the director's default).
 *
 * <p>Snapshots hold players only ({@link World#snapshot()}: clock, id counter, every known player); NPCs are not
 * persisted. So the N entities of a measured world are N players: every entity is in the snapshot.
 *
 * <p>Two paths are measured, each with warm-up rounds first, seq increasing by one per round, and every player
 * taking one random step between rounds (untimed), as in a live world:
 * <ol>
 *     <li><b>In process</b>, one thread, phase by phase: (a) the copy the tick thread makes ({@link World#snapshot()},
 *     what {@code WorldRuntime.takeSnapshot} does), (b) encode ({@link SnapshotCodec#encode} wrapped in the
 *     {@code world_snapshot} message text, what {@link SnapshotOutbox} sends), (b') the director's decode (the
 *     message parsed by the director's codec and its state written back to text, what
 *     {@code WorldSupervisor.onSnapshot} stores), (c) persist ({@link SnapshotRepository#store}: the call the
 *     director makes, and commits, before it acks).</li>
 *     <li><b>Over the loopback control WebSocket</b>: the world side is the world server's own
 *     {@link SnapshotOutbox} and {@link ControlClient} (snapshot-io executor, 1 MiB fragments, its write-buffer water
 *     marks, a kept snapshot sent when the channel drains, as {@code WorldServer} wires them); the director side is
 *     {@link BenchControlEndpoint}, a stand-in for {@code ControlSessionHandler}/{@code WorldSupervisor} built from
 *     the same pieces (they accept only a world the director spawned). Measured from the copy on the tick thread to
 *     the world's outbox seeing the ack.</li>
 * </ol>
 * Progress goes to stderr; the Markdown report to stdout; {@code --report FILE} also writes it as JSON.
 */
public final class SnapshotPersistBench {

    static final long SEED = 20_240_601L;
    /** The director's defaults: {@code --snapshots-kept}, {@code --db-pool-size}, {@code --max-snapshot-bytes}. */
    static final int SNAPSHOTS_KEPT = 10;
    static final int DB_POOL_SIZE = 10;
    static final int MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;
    /** Worlds up to this many entities use the 256×256 bench map; larger ones a generated map. */
    static final int BENCH_MAP_MAX_ENTITIES = 10_000;
    static final double GENERATED_WALL_FRACTION = 0.10;
    static final long ACCOUNT_BASE = 1_000_000L;
    static final long ACK_TIMEOUT_SECONDS = 120;
    /** Between WebSocket rounds: the director side must have been idle this long (late duplicate copies). */
    static final long QUIET_MILLIS = 200;
    private static final Direction[] DIRECTIONS = Direction.values();
    static final String GC_PHASE = "GC pauses in the round";
    static final String GC_WHAT = "JVM-wide: world and director share this JVM";

    record Options(int rounds, int warmup, int warmupSeconds, List<Integer> entities, Path report,
                   boolean webSocket, Path dataDir, int objects) {

        static final Option<Integer> ROUNDS = Option.of("--rounds", "N", Readers.intIn(1, Integer.MAX_VALUE))
                .defaultValue(20).help("measured rounds per world size and path");
        static final Option<Integer> WARMUP = Option.of("--warmup", "N", Readers.intIn(0, Integer.MAX_VALUE))
                .defaultValue(5).help("warm-up rounds before them, at least");
        static final Option<Integer> WARMUP_SECONDS = Option.of("--warmup-seconds", "S",
                Readers.intIn(0, Integer.MAX_VALUE)).defaultValue(5)
                .help("and warm up for at least this long, so the JIT has compiled the paths");
        static final Option<List<Integer>> ENTITIES = Option.of("--entities", "LIST", Options::sizes)
                .defaultValue(List.of(1_000, 100_000), "1000,100000").help("world sizes, comma-separated");
        static final Option<Integer> OBJECTS = Option.of("--objects", "N", Readers.intIn(0, Integer.MAX_VALUE))
                .defaultValue(0).help("also N objects (crates holding two items) in each world");
        static final Option<Path> REPORT = Option.of("--report", "FILE", Readers::path)
                .help("also write the results as JSON to FILE");
        static final Option<Boolean> NO_WEBSOCKET = Option.flag("--no-websocket")
                .help("skip the path over the loopback control WebSocket");
        static final Option<Path> DATA_DIR = Option.of("--data-dir", "DIR", Readers::path)
                .defaultDescribed(null, "a temporary one, deleted afterwards").help("PostgreSQL data directory");
        static final Option<Boolean> HELP = Option.flag("--help").alias("-h", null, null).help("print this");

        static final OptionSet OPTIONS = OptionSet.of(ROUNDS, WARMUP, WARMUP_SECONDS, ENTITIES, OBJECTS, REPORT,
                NO_WEBSOCKET, DATA_DIR, HELP).helpColumn(20)
                .header("usage: java -cp benchmarks.jar lor.bench.SnapshotPersistBench [options]\n");

        /** @return null when help was asked for */
        static Options parse(String[] args) {
            OptionValues values = OPTIONS.parse(args);
            if (values.get(HELP)) {
                return null;
            }
            return new Options(values.get(ROUNDS), values.get(WARMUP), values.get(WARMUP_SECONDS),
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

    /** The samples of one phase, in nanoseconds. */
    static final class Phase {
        final String name;
        final String what;
        private long[] nanos = new long[16];
        private int count;

        Phase(String name, String what) {
            this.name = name;
            this.what = what;
        }

        void add(long elapsed) {
            if (count == nanos.length) {
                nanos = Arrays.copyOf(nanos, count * 2);
            }
            nanos[count++] = elapsed;
        }

        /** Nearest rank: with fewer than 100 samples p99 is the maximum. */
        double percentileMs(double p) {
            long[] sorted = Arrays.copyOf(nanos, count);
            Arrays.sort(sorted);
            int rank = (int) Math.ceil(p / 100.0 * count);
            return sorted[Math.max(0, Math.min(count - 1, rank - 1))] / 1e6;
        }

        double maxMs() {
            return Arrays.stream(nanos, 0, count).max().orElse(0) / 1e6;
        }

        double[] samplesMs() {
            return Arrays.stream(nanos, 0, count).mapToDouble(n -> n / 1e6).toArray();
        }
    }

    /** Warm-up rounds until at least {@code --warmup} rounds and {@code --warmup-seconds} have passed. */
    final class WarmUp {
        private final long started = System.nanoTime();
        private int rounds;
        private boolean done;

        /** Call before each round. @return true while the round is a warm-up round */
        boolean warming() {
            if (!done && rounds >= options.warmup()
                    && System.nanoTime() - started >= TimeUnit.SECONDS.toNanos(options.warmupSeconds())) {
                done = true;
            }
            return !done;
        }

        void count() {
            rounds++;
        }

        int rounds() {
            return rounds;
        }
    }

    /** Everything measured for one world size. */
    static final class SizeResult {
        final int entities;
        final String worldId;
        final String map;
        int playersInSnapshot;
        long messageBytes;
        long storedBytes;
        long onDiskBytes;
        long npcOnlyMessageBytes;
        final List<Phase> inProcess = new ArrayList<>();
        final List<Phase> webSocket = new ArrayList<>();
        int inProcessWarmUps;
        int webSocketWarmUps;
        int webSocketSnapshots;
        int webSocketCopies;
        long webSocketDuplicatesStored;

        SizeResult(int entities, String worldId, String map) {
            this.entities = entities;
            this.worldId = worldId;
            this.map = map;
        }
    }

    private final Options options;
    private final MessageCodec worldCodec = ControlMessages.worldCodec();
    private final MessageCodec directorCodec = ControlMessages.directorCodec();
    private final Map<String, String> environment = new LinkedHashMap<>();

    private SnapshotPersistBench(Options options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.print(Options.OPTIONS.usage());
            System.exit(2);
            return;
        }
        if (options == null) {
            System.out.print(Options.OPTIONS.usage());
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
        Instant started = Instant.now();
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
                describeEnvironment(db, dataDir, started);
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
        environment.put("duration", java.time.Duration.between(started, Instant.now()).toSeconds() + " s");
        environment.put("load average (1 min) at start / end", environment.remove("load at start") + " / "
                + loadAverage() + " on " + Runtime.getRuntime().availableProcessors()
                + " CPUs (other processes on the host compete with the bench)");
        String markdown = markdown(results);
        System.out.print(markdown);
        if (options.report() != null) {
            writeJson(options.report(), results);
            progress("wrote " + options.report().toAbsolutePath());
        }
        return results;
    }

    private SizeResult measure(int n, Database db, SnapshotRepository repository, BenchControlEndpoint director)
            throws Exception {
        String worldId = "snapbench-" + n;
        createWorldRow(db, worldId);
        Grid grid;
        String mapName;
        int objects = options.objects();
        if (n <= BENCH_MAP_MAX_ENTITIES && objects == 0) {
            grid = BenchMap.grid();
            mapName = "bench 256×256";
        } else {
            int side = generatedSide(n + objects);
            grid = MapGenerator.scatter(new GridSize(side, side, 1), GENERATED_WALL_FRACTION, SEED);
            mapName = "scatter " + side + "×" + side + " (10% walls)";
        }
        if (grid.floorCount() < n) {
            throw new IllegalArgumentException(n + " entities do not fit on " + mapName);
        }
        SizeResult result = new SizeResult(n, worldId, mapName);
        progress(n + " entities: building the world on " + mapName);
        World world = objects == 0 ? World.create(grid, SEED) : World.create(grid, ObjectFixtures.pack(1), SEED);
        world.spawnRule(World.SpawnRule.HASHED);
        for (int i = 0; i < n; i++) {
            if (world.spawnPlayer(ACCOUNT_BASE + i) == 0) {
                throw new IllegalStateException("no free cell for player " + i + " of " + n);
            }
        }
        if (world.entityCount() != n) {
            throw new IllegalStateException("world holds " + world.entityCount() + " entities, wanted " + n);
        }
        if (objects > 0) {
            placeObjects(world, objects);
            mapName += ", " + objects + " objects";
        }
        SplitMix64 moves = new SplitMix64(SEED ^ n);
        advance(world, moves);
        result.npcOnlyMessageBytes = npcOnlyMessageBytes(grid, n, worldId);

        long seq = measureInProcess(world, moves, repository, worldId, result);
        readStoredSize(db, worldId, result);
        if (director != null) {
            measureOverWebSocket(world, moves, director, worldId, seq, result);
        }
        return result;
    }

    /** Path 1: every phase on this thread, no network. @return the last seq used */
    private long measureInProcess(World world, SplitMix64 moves, SnapshotRepository repository, String worldId,
                                  SizeResult result) throws ProtocolException {
        Phase copy = new Phase("(a) copy on the tick thread", "World.snapshot()");
        Phase encode = new Phase("(b) encode", "SnapshotCodec.encode + world_snapshot message text (SnapshotOutbox)");
        Phase decode = new Phase("(b') director decode", "director codec parse + state to text (onSnapshot)");
        Phase persist = new Phase("(c) persist + commit", "SnapshotRepository.store (fsync on)");
        Phase total = new Phase("total (a)+(b)+(b')+(c)", "decide → committed, ack not sent");
        Phase gc = new Phase(GC_PHASE, GC_WHAT);
        result.inProcess.addAll(List.of(copy, encode, decode, persist, total, gc));
        long seq = 0;
        WarmUp warmUp = new WarmUp();
        int measured = 0;
        while (measured < options.rounds()) {
            boolean warming = warmUp.warming();
            advance(world, moves);
            seq++;
            long gc0 = gcMillis();
            long t0 = System.nanoTime();
            WorldSnapshot snapshot = world.snapshot();
            long t1 = System.nanoTime();
            String text = worldCodec.encode(new WorldSnapshotMessage(worldId, seq, SnapshotCodec.encode(snapshot),
                    false));
            long t2 = System.nanoTime();
            WorldSnapshotMessage received = (WorldSnapshotMessage) directorCodec.decode(text);
            String json = Json.MAPPER.writeValueAsString(received.state());
            long t3 = System.nanoTime();
            SnapshotRepository.Outcome outcome = repository.store(worldId, 0, seq, json);
            if (outcome != SnapshotRepository.Outcome.WRITTEN) {
                throw new IllegalStateException("seq " + seq + ": " + outcome);
            }
            long t4 = System.nanoTime();
            long gcMs = gcMillis() - gc0;
            if (warming) {
                warmUp.count();
            } else {
                measured++;
                copy.add(t1 - t0);
                encode.add(t2 - t1);
                decode.add(t3 - t2);
                persist.add(t4 - t3);
                total.add(t4 - t0);
                gc.add(TimeUnit.MILLISECONDS.toNanos(gcMs));
            }
            result.playersInSnapshot = snapshot.players().size();
            result.messageBytes = text.getBytes(StandardCharsets.UTF_8).length;
            result.storedBytes = json.getBytes(StandardCharsets.UTF_8).length;
            progress(String.format(Locale.ROOT, "%d entities, in process, %s round: seq %d, %.1f ms (GC %d ms)",
                    result.entities, warming ? "warm-up" : "measured", seq, (t4 - t0) / 1e6, gcMs));
        }
        result.inProcessWarmUps = warmUp.rounds();
        return seq;
    }

    /** Path 2: the world server's outbox and control client, over loopback, to the director stand-in. */
    private void measureOverWebSocket(World world, SplitMix64 moves, BenchControlEndpoint director, String worldId,
                                      long lastSeq, SizeResult result) throws Exception {
        Phase copy = new Phase("(a) copy on the tick thread", "World.snapshot(); then SnapshotOutbox.publish");
        Phase toDirector = new Phase("(b) world → director",
                "snapshot-io encode + WebSocket send (1 MiB fragments) + loopback + reassembly");
        Phase decode = new Phase("(b') director decode", "on the director's event loop");
        Phase persist = new Phase("(c) persist + commit", "blocking-pool hand-off + SnapshotRepository.store");
        Phase ackBack = new Phase("(d) ack → world", "snapshot_ack written, read, SnapshotOutbox.onAck");
        Phase total = new Phase("total: decide → acked", "what a world waits for");
        Phase gc = new Phase(GC_PHASE, GC_WHAT);
        result.webSocket.addAll(List.of(copy, toDirector, decode, persist, ackBack, total, gc));

        EventLoopGroup controlGroup = EventLoops.create("control", 1);
        ExecutorService io = Executors.newSingleThreadExecutor(daemon("snapshot-io"));
        WorldSide worldSide = new WorldSide();
        ControlClient client = new ControlClient("bench-spawn-token", List.of(URI.create(director.url())),
                MAX_SNAPSHOT_BYTES, () -> 0, controlGroup);
        SnapshotOutbox outbox = new SnapshotOutbox(worldId, client, io);
        worldSide.outbox = outbox;
        try {
            client.becomeWorld(worldId, worldSide);
            worldSide.hydrated.get(30, TimeUnit.SECONDS);
            long seq = lastSeq;
            long firstMeasured = 0;
            long duplicatesBefore = 0;
            WarmUp warmUp = new WarmUp();
            int measured = 0;
            while (measured < options.rounds()) {
                boolean warming = warmUp.warming();
                advance(world, moves);
                awaitQuiet(director);
                seq++;
                if (!warming && firstMeasured == 0) {
                    firstMeasured = seq;
                    duplicatesBefore = director.duplicatesStored();
                }
                long gc0 = gcMillis();
                long t0 = System.nanoTime();
                WorldSnapshot snapshot = world.snapshot();
                long t1 = System.nanoTime();
                CompletableFuture<Long> acked = outbox.acknowledged(seq).thenApply(ignored -> System.nanoTime());
                outbox.publish(seq, snapshot, false);
                long tAck = acked.get(ACK_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                long gcMs = gcMillis() - gc0;
                BenchControlEndpoint.Arrival arrival = director.arrival(worldId, seq);
                if (arrival == null || !arrival.written()) {
                    throw new IllegalStateException("seq " + seq + " acknowledged but not written now: " + arrival);
                }
                if (warming) {
                    warmUp.count();
                } else {
                    measured++;
                    gc.add(TimeUnit.MILLISECONDS.toNanos(gcMs));
                    copy.add(t1 - t0);
                    toDirector.add(arrival.received() - t1);
                    decode.add(arrival.decoded() - arrival.received());
                    persist.add(arrival.committed() - arrival.decoded());
                    ackBack.add(tAck - arrival.committed());
                    total.add(tAck - t0);
                }
                progress(String.format(Locale.ROOT, "%d entities, WebSocket, %s round: seq %d, %.1f ms (GC %d ms, "
                                + "%d copies so far)", result.entities, warming ? "warm-up" : "measured", seq,
                        (tAck - t0) / 1e6, gcMs, director.copiesOf(worldId, seq)));
            }
            awaitQuiet(director);
            result.webSocketWarmUps = warmUp.rounds();
            for (long s = firstMeasured; s <= seq; s++) {
                result.webSocketSnapshots++;
                result.webSocketCopies += director.copiesOf(worldId, s);
            }
            result.webSocketDuplicatesStored = director.duplicatesStored() - duplicatesBefore;
        } finally {
            client.close();
            controlGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            io.shutdown();
        }
    }

    /** The world server's control listener, as far as snapshots go ({@code WorldServer.Listener}). */
    private static final class WorldSide implements ControlListener {
        final CompletableFuture<Void> hydrated = new CompletableFuture<>();
        volatile SnapshotOutbox outbox;

        @Override
        public void onOrphaned() {
            // The bench's director stand-in outlives every measured round.
        }

        @Override
        public void onHydrate(WorldHydrateMessage hydrate) {
            hydrated.complete(null);
        }

        @Override
        public void onResumed(String ticketSecret) {
            outbox.resend();
        }

        @Override
        public void onSnapshotAck(long seq) {
            outbox.onAck(seq);
        }

        @Override
        public void onWritable() {
            outbox.sendKept();
        }

        @Override
        public void onShutdownRequested(String reason) {
        }

        @Override
        public void onPortalGranted(PortalGrantedMessage granted) {
        }

        @Override
        public void onPortalRefused(PortalRefusedMessage refused) {
        }

        @Override
        public void onPlayerKick(PlayerKickMessage kick) {
        }

        @Override
        public void onRefused(ErrorMessage error) {
            hydrated.completeExceptionally(new IllegalStateException("refused: " + error.message()));
        }
    }

    /** Waits until the director side has nothing in flight and has received nothing for {@link #QUIET_MILLIS}. */
    private static void awaitQuiet(BenchControlEndpoint director) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ACK_TIMEOUT_SECONDS);
        while (System.nanoTime() < deadline) {
            long received = director.received();
            Thread.sleep(QUIET_MILLIS);
            if (director.inFlight() == 0 && director.received() == received) {
                return;
            }
        }
        throw new IllegalStateException("the director side did not go quiet");
    }

    private static String loadAverage() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", load);
    }

    /** Collection time of every collector so far, in ms. */
    private static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, gc.getCollectionTime());
        }
        return total;
    }

    /** One tick in which every entity tries a random step: positions change between snapshots. Untimed. */
    private static void advance(World world, SplitMix64 moves) {
        for (int slot = 0; slot < world.slotCount(); slot++) {
            world.setIntent(world.idAt(slot), DIRECTIONS[moves.nextInt(DIRECTIONS.length)]);
        }
        world.step();
    }

    /** Crates holding two items each on the first free cells in index order: what a snapshot of objects holds. */
    private static void placeObjects(World world, int count) {
        int crate = world.pack().kindIndex("crate");
        int water = world.pack().itemIndex("water");
        int heat = world.pack().itemIndex("heat");
        GridSize size = world.grid().size();
        int placed = 0;
        for (int cell = 0; cell < size.cells() && placed < count; cell++) {
            int x = cell % size.width();
            int y = (cell / size.width()) % size.height();
            int layer = cell / (size.width() * size.height());
            if (world.field().isWall(cell) || world.occupant(x, y, layer) != 0) {
                continue;
            }
            int id = world.objects().build(crate, cell);
            world.objects().add(id, water, 1 + placed % 90);
            world.objects().add(id, heat, 7);
            placed++;
        }
        if (placed < count) {
            throw new IllegalArgumentException(count + " objects do not fit: " + placed + " placed");
        }
    }

    /** The smallest power-of-two side at which {@code n} entities fill at most about an eighth of the floor. */
    static int generatedSide(int n) {
        int side = 256;
        while ((long) side * side * (1 - GENERATED_WALL_FRACTION) < 8L * n) {
            side *= 2;
            if (side > GridSize.MAX_SIDE) {
                throw new IllegalArgumentException(n + " entities need a map larger than " + GridSize.MAX_SIDE);
            }
        }
        return side;
    }

    /** What the message would weigh if the same number of entities were NPCs: they are not persisted. */
    private long npcOnlyMessageBytes(Grid grid, int n, String worldId) {
        World npcs = World.create(grid, SEED);
        npcs.addNpcs(n);
        return worldCodec.encode(new WorldSnapshotMessage(worldId, 1, SnapshotCodec.encode(npcs.snapshot()), false))
                .getBytes(StandardCharsets.UTF_8).length;
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
            try (PreparedStatement s = c.prepareStatement("SELECT size_bytes, pg_column_size(state) "
                    + "FROM world_snapshots WHERE world_id = ? ORDER BY seq DESC LIMIT 1")) {
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

    private void describeEnvironment(Database db, Path dataDir, Instant started) throws IOException {
        environment.put("date", started.truncatedTo(ChronoUnit.SECONDS).toString());
        environment.put("load at start", loadAverage());
        environment.put("host", hostName() + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        environment.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB, GC "
                + String.join(" + ", ManagementFactory.getGarbageCollectorMXBeans().stream()
                .map(GarbageCollectorMXBean::getName).toList()));
        db.inTransaction("describe the database", c -> {
            try (Statement s = c.createStatement()) {
                StringBuilder settings = new StringBuilder();
                try (ResultSet rs = s.executeQuery("SELECT version()")) {
                    rs.next();
                    String version = rs.getString(1);
                    int comma = version.indexOf(',');
                    environment.put("postgres", comma > 0 ? version.substring(0, comma) : version);
                }
                for (String setting : List.of("fsync", "synchronous_commit", "full_page_writes", "wal_sync_method")) {
                    try (ResultSet rs = s.executeQuery("SHOW " + setting)) {
                        rs.next();
                        settings.append(settings.isEmpty() ? "" : ", ").append(setting).append('=')
                                .append(rs.getString(1));
                    }
                }
                environment.put("postgres settings", settings.toString());
            }
            return null;
        });
        environment.put("data directory", dataDir + " (file system " + Files.getFileStore(dataDir).type() + ")");
        environment.put("rounds", options.rounds() + " measured per world size and path, after at least "
                + options.warmup() + " warm-up rounds and " + options.warmupSeconds() + " s of warm-up (counts below)");
    }

    // ---- output ---------------------------------------------------------------------------------------------------

    private String markdown(List<SizeResult> results) {
        StringBuilder out = new StringBuilder();
        out.append("## Snapshot persist round trip\n\n");
        for (Map.Entry<String, String> e : environment.entrySet()) {
            out.append("- ").append(e.getKey()).append(": ").append(e.getValue()).append('\n');
        }
        out.append("- entities are players: snapshots persist players only (NPCs are not in them), so every entity "
                + "is in the snapshot; players spawn by the bench (hashed) rule and each takes one random step "
                + "between rounds (untimed)\n");
        for (SizeResult r : results) {
            out.append(String.format(Locale.ROOT, "- warm-up rounds for %,d entities: %d in process, %d over the "
                    + "WebSocket%n", r.entities, r.inProcessWarmUps, r.webSocketWarmUps));
        }
        out.append("- percentiles are nearest-rank over the measured rounds; with fewer than 100 rounds p99 is the "
                + "maximum\n\n");

        out.append("### Snapshot size\n\n");
        out.append("| entities | map | players in snapshot | world_snapshot message (bytes) | stored state JSON, "
                + "size_bytes | jsonb on disk, pg_column_size | same world with NPCs only (message bytes) |\n");
        out.append("|---:|---|---:|---:|---:|---:|---:|\n");
        for (SizeResult r : results) {
            out.append(String.format(Locale.ROOT, "| %,d | %s | %,d | %,d | %,d | %,d | %,d |%n", r.entities, r.map,
                    r.playersInSnapshot, r.messageBytes, r.storedBytes, r.onDiskBytes, r.npcOnlyMessageBytes));
        }

        out.append("\n### In process (no network): decide → committed\n\n");
        phaseTable(out, results, true);
        if (results.stream().anyMatch(r -> !r.webSocket.isEmpty())) {
            out.append("\n### Over the loopback control WebSocket: decide → committed → acknowledged\n\n");
            phaseTable(out, results, false);
            out.append('\n');
            for (SizeResult r : results) {
                if (r.webSocket.isEmpty()) {
                    continue;
                }
                double hop = totalOf(r.webSocket).percentileMs(50) - totalOf(r.inProcess).percentileMs(50);
                out.append(String.format(Locale.ROOT, "- %,d entities: WebSocket total − in-process total = %.3f ms "
                                + "at p50 (the hop, executor hand-offs, the ack, and the cost of resent copies); the "
                                + "world sent %d copies of %d snapshots (%.2f per snapshot), %d extra copies reached "
                                + "the store as duplicates%n",
                        r.entities, hop, r.webSocketCopies, r.webSocketSnapshots,
                        r.webSocketCopies / (double) Math.max(1, r.webSocketSnapshots), r.webSocketDuplicatesStored));
            }
            out.append("- director side of the hop: a stand-in (BenchControlEndpoint) for ControlSessionHandler/"
                    + "WorldSupervisor with the same frame limits, codec, re-serialisation, blocking pool and "
                    + "SnapshotRepository; the world side is the world server's own SnapshotOutbox and "
                    + "ControlClient\n");
        } else {
            out.append("\n- the hop over the loopback control WebSocket is not included (--no-websocket)\n");
        }
        return out.toString();
    }

    private static Phase totalOf(List<Phase> phases) {
        return phases.stream().filter(p -> p.name.startsWith("total")).findFirst().orElseThrow();
    }

    private static void phaseTable(StringBuilder out, List<SizeResult> results, boolean inProcess) {
        out.append("| entities | phase | what | p50 ms | p99 ms | max ms |\n");
        out.append("|---:|---|---|---:|---:|---:|\n");
        for (SizeResult r : results) {
            for (Phase p : inProcess ? r.inProcess : r.webSocket) {
                boolean total = p.name.startsWith("total");
                String b = total ? "**" : "";
                out.append(String.format(Locale.ROOT, "| %,d | %s%s%s | %s | %s%.3f%s | %s%.3f%s | %s%.3f%s |%n",
                        r.entities, b, p.name, b, p.what, b, p.percentileMs(50), b, b, p.percentileMs(99), b, b,
                        p.maxMs(), b));
            }
        }
    }

    private void writeJson(Path file, List<SizeResult> results) throws IOException {
        JsonMapper mapper = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
        ObjectNode root = mapper.createObjectNode();
        root.put("benchmark", "snapshot persist round trip");
        ObjectNode env = root.putObject("environment");
        environment.forEach(env::put);
        root.put("rounds", options.rounds());
        root.put("warmupMinRounds", options.warmup());
        root.put("warmupMinSeconds", options.warmupSeconds());
        ArrayNode sizes = root.putArray("results");
        for (SizeResult r : results) {
            ObjectNode size = sizes.addObject();
            size.put("entities", r.entities);
            size.put("worldId", r.worldId);
            size.put("map", r.map);
            size.put("playersInSnapshot", r.playersInSnapshot);
            size.put("messageBytes", r.messageBytes);
            size.put("storedBytes", r.storedBytes);
            size.put("onDiskBytes", r.onDiskBytes);
            size.put("npcOnlyMessageBytes", r.npcOnlyMessageBytes);
            size.put("inProcessWarmUpRounds", r.inProcessWarmUps);
            phasesJson(size.putArray("inProcess"), r.inProcess);
            if (!r.webSocket.isEmpty()) {
                ObjectNode ws = size.putObject("webSocket");
                phasesJson(ws.putArray("phases"), r.webSocket);
                ws.put("warmUpRounds", r.webSocketWarmUps);
                ws.put("snapshots", r.webSocketSnapshots);
                ws.put("copiesSent", r.webSocketCopies);
                ws.put("duplicatesStored", r.webSocketDuplicatesStored);
            }
        }
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, mapper.writeValueAsString(root) + "\n");
    }

    private static void phasesJson(ArrayNode out, List<Phase> phases) {
        for (Phase p : phases) {
            ObjectNode node = out.addObject();
            node.put("phase", p.name);
            node.put("what", p.what);
            node.put("p50Ms", p.percentileMs(50));
            node.put("p99Ms", p.percentileMs(99));
            node.put("maxMs", p.maxMs());
            ArrayNode samples = node.putArray("samplesMs");
            for (double s : p.samplesMs()) {
                samples.add(s);
            }
        }
    }

    // ---- small things ---------------------------------------------------------------------------------------------

    private static void progress(String line) {
        System.err.println("[snapshot-bench] " + line);
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown host";
        }
    }

    private static void deleteTree(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            progress("could not delete " + directory + ": " + e);
        }
    }
}
