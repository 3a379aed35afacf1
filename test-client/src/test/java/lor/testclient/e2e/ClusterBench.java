package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lor.protocol.ErrorMessage;
import lor.protocol.MessageCodec;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.ListWorldsMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.protocol.director.WorldsMessage;
import lor.testclient.net.DirectorHttp;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's figures (item 7), measured on real directors, worlds and PostgreSQL: a killed director's worlds adopted,
 * a director cut off from its database fencing itself, joins through a world's owner against through another
 * director, joins per second through one director against three, and idle worlds per 16 GiB host.
 *
 * <p>A benchmark, not a test of the suite: it prints and records what it measures, whether or not the issue's
 * targets are met, and fails only when it cannot measure (a director that never comes back). Its name matches
 * neither surefire's nor failsafe's patterns; it runs when named:
 * <pre>
 * mvn -B -o verify -pl protocol,sim-core,world-server,director,test-client -Dtest=NONE \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ClusterBench -Dfailsafe.failIfNoSpecifiedTests=false \
 *     [-Dbench.idle.worlds=200]
 * </pre>
 * {@code -Dit.test='ClusterBench#joins+throughput'} runs some of the figures ({@code kills}, {@code fence},
 * {@code joins}, {@code throughput}, {@code idle}). Each figure prints a table and is merged into {@code target/cluster-bench.json} (figures not run keep their last
 * values there, each with when and under what load it was measured); this run's tables are also in
 * {@code target/cluster-bench.txt}. The host's load average is recorded with
 * every figure: on a shared machine it is part of the result.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterBench {

    private static final Path JSON = Path.of("target", "cluster-bench.json");
    private static final Path TEXT = Path.of("target", "cluster-bench.txt");

    /** As ClusterFailoverIT: three worlds from the migrations, three made at runtime by a row. */
    private static final List<String> KILL_WORLDS = List.of("meadow", "cellar", "bench", "meadow-2", "cellar-2",
            "bench-2");
    private static final int PLAYERS = 200;
    private static final int KILLS = 20;
    private static final long PLAYER_SEED = 18;
    private static final long KILL_SEED = 1807;
    private static final int FENCES = 5;
    /** Long enough for an adoption (a fifth of a second after the fence), short of the lease's 25 s left. */
    private static final Duration MOVE_WAIT_MID_SPAWN = Duration.ofSeconds(15);
    private static final int JOINS = 500;
    private static final int JOIN_WARMUP = 50;
    /** One join per connection every 25 ms: 40 frames a second, under the director's 50 a connection. */
    private static final Duration JOIN_EVERY = Duration.ofMillis(25);
    private static final int CLIENTS = 32;
    /**
     * Logged-in connections a client takes turns on, one join in flight at a time: one connection may send no more
     * than 50 frames a second, which would cap 32 clients at 1,600 joins a second.
     */
    private static final int CONNECTIONS_PER_CLIENT = 16;
    private static final Duration THROUGHPUT_WINDOW = Duration.ofSeconds(20);
    private static final Duration THROUGHPUT_WARMUP = Duration.ofSeconds(3);
    private static final long GIB_16 = 16L << 30;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path root;

    /** Three directors, the third one's database through a proxy: shared by every figure but idle's. */
    private static DirectorCluster cluster;
    private static final Map<String, Object> results = new LinkedHashMap<>();
    private static final StringBuilder printed = new StringBuilder();

    @AfterAll
    static void stopEverything() throws IOException {
        closeCluster();
    }

    // ---- 1. kills ------------------------------------------------------------------------------------------------

    @Test
    @Order(1)
    void kills() throws Exception {
        String loadBefore = load();
        DirectorCluster c = cluster();
        WorldProcessCensus census = new WorldProcessCensus(KILL_WORLDS, worldJar());
        List<ScenarioContext> contexts = new ArrayList<>();
        ClusterPlayers players = null;
        SnapshotWatch snapshots = null;
        List<Map<String, Object>> rows = new ArrayList<>();
        try (Connection db = c.database().connect()) {
            for (DirectorCluster.Member director : c.directors()) {
                contexts.add(director.context());
            }
            players = new ClusterPlayers(contexts, KILL_WORLDS, PLAYERS, PLAYER_SEED);
            assertThat(players.awaitJoined(Duration.ofSeconds(300))).as("every player joined").isTrue();
            assertThat(players.failures()).as("players who could not join").isEmpty();
            snapshots = new SnapshotWatch(c.database(), KILL_WORLDS);
            Map<String, String> firstOwners = liveOwners(db, KILL_WORLDS);
            System.out.println("ClusterBench kills: " + PLAYERS + " players in; owners " + ownersByDirector(c,
                    firstOwners) + "; victims chosen with seed " + KILL_SEED);

            Random random = new Random(KILL_SEED);
            for (int kill = 1; kill <= KILLS; kill++) {
                Map<String, String> owners = liveOwners(db, null);
                List<DirectorCluster.Member> candidates = c.directors().stream().filter(DirectorCluster.Member::isAlive)
                        .filter(d -> owners.values().stream().anyMatch(o -> owns(d, o))).toList();
                assertThat(candidates).as("directors owning a world before kill " + kill).isNotEmpty();
                DirectorCluster.Member victim = candidates.get(random.nextInt(candidates.size()));
                String victimId = owners.values().stream().filter(o -> owns(victim, o)).findFirst().orElseThrow();
                List<String> victimsWorlds = owners.entrySet().stream().filter(e -> victimId.equals(e.getValue()))
                        .map(Map.Entry::getKey).sorted().toList();
                Map<String, Long> seqsAtKill = snapshots.latest();
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("kill", kill);
                row.put("director", victim.index());
                row.put("worlds", victimsWorlds);

                long killedAt = System.nanoTime();
                victim.kill();
                long adoptedAt = timed("no live lease of " + victim + " left", WAIT, Duration.ofMillis(10),
                        () -> liveLeasesOf(db, victimId) == 0);
                row.put("adoptedMs", millisBetween(killedAt, adoptedAt));
                SnapshotWatch watch = snapshots;
                long resumedAt = timed("every world's snapshots acknowledged again", WAIT, Duration.ofMillis(50),
                        () -> {
                            Map<String, Long> now = watch.latest();
                            return KILL_WORLDS.stream().allMatch(w -> now.get(w) > seqsAtKill.get(w));
                        });
                row.put("snapshotsMs", millisBetween(killedAt, resumedAt));
                long settledAt = adoptedAt < 0 ? System.nanoTime() : adoptedAt;
                final ClusterPlayers playing = players;
                long statesAt = timed("every player getting states again", WAIT, Duration.ofMillis(50),
                        () -> playing.silentSince(settledAt).isEmpty());
                row.put("playersMs", millisBetween(killedAt, statesAt));

                long restartAt = System.nanoTime();
                victim.restart();
                timed(victim + " ready and knowing the other two", WAIT, Duration.ofMillis(100),
                        () -> victim.ready() && knowsPeers(c, victim));
                row.put("restartMs", millisBetween(restartAt, System.nanoTime()));
                row.put("dropsSoFar", players.failures().size());
                rows.add(row);
                System.out.printf("ClusterBench kill %2d: director %d with %s; adopted %s ms, snapshots again %s ms, "
                                + "states again %s ms, back in %s ms; load %s%n", kill, victim.index(), victimsWorlds,
                        row.get("adoptedMs"), row.get("snapshotsMs"), row.get("playersMs"), row.get("restartMs"),
                        load());
            }
            List<Long> adoption = rows.stream().map(r -> (Long) r.get("adoptedMs")).toList();
            Map<String, Integer> most = census.most();
            int mostAtOnce = most.values().stream().mapToInt(Integer::intValue).max().orElse(0);
            long stalled = rows.stream().filter(r -> (Long) r.get("snapshotsMs") < 0).count();
            long notAdopted = adoption.stream().filter(ms -> ms < 0).count();

            Map<String, Object> figure = figure("kills", loadBefore);
            figure.put("directors", 3);
            figure.put("worlds", KILL_WORLDS);
            figure.put("players", PLAYERS);
            figure.put("kills", KILLS);
            figure.put("seeds", Map.of("players", PLAYER_SEED, "victims", KILL_SEED));
            figure.put("adoptionMs", percentiles(adoption.stream().filter(ms -> ms >= 0).toList()));
            figure.put("notAdoptedWithin60s", notAdopted);
            figure.put("snapshotsAgainMs", percentiles(rows.stream().map(r -> (Long) r.get("snapshotsMs"))
                    .filter(ms -> ms >= 0).toList()));
            figure.put("statesAgainMs", percentiles(rows.stream().map(r -> (Long) r.get("playersMs"))
                    .filter(ms -> ms >= 0).toList()));
            figure.put("playersDropped", players.failures().size());
            figure.put("drops", players.failures().stream().limit(10).toList());
            figure.put("mostProcessesPerWorld", new TreeMap<>(most));
            figure.put("snapshotSeqDecreases", snapshots.decreases());
            figure.put("worldsWithoutNewSnapshotAfterAKill", stalled);
            figure.put("perKill", rows);
            figure.put("loadAfter", load());

            Table table = new Table("kills: 3 directors, 6 worlds, " + PLAYERS + " players, " + KILLS
                    + " SIGKILLs (victims seed " + KILL_SEED + ")", loadBefore, load());
            table.header("kill", "director", "its worlds", "adopted ms", "snapshots again ms", "states again ms",
                    "back ms");
            for (Map<String, Object> r : rows) {
                table.row(r.get("kill"), r.get("director"), ((List<?>) r.get("worlds")).size(), r.get("adoptedMs"),
                        r.get("snapshotsMs"), r.get("playersMs"), r.get("restartMs"));
            }
            Map<String, Long> p = percentiles(adoption.stream().filter(ms -> ms >= 0).toList());
            table.line("adoption (kill to no live lease naming the killed director, polled every 10 ms): p50 %d ms "
                            + "(target <= 1000: %s), p99 %d ms (target <= 12000: %s), max %d ms; not adopted "
                            + "within 60 s: %d", p.get("p50"), verdict(p.get("p50") <= 1000), p.get("p99"),
                    verdict(p.get("p99") <= 12_000), p.get("max"), notAdopted);
            table.line("players dropped: %d (target 0: %s)", players.failures().size(),
                    verdict(players.failures().isEmpty()));
            table.line("most world processes seen at once per world: %s (target 1: %s)", new TreeMap<>(most),
                    verdict(mostAtOnce == 1 && most.keySet().containsAll(KILL_WORLDS)));
            table.line("acknowledged snapshots lost: last_snapshot_seq went down %d times, a world without a new "
                            + "snapshot after a kill %d times (target 0: %s)", snapshots.decreases().size(), stalled,
                    verdict(snapshots.decreases().isEmpty() && stalled == 0));
            table.print();
            record("kills", figure, table);
        } finally {
            if (snapshots != null) {
                snapshots.close();
            }
            if (players != null) {
                players.close();
            }
            contexts.forEach(ScenarioContext::close);
            census.close();
        }
    }

    // ---- 2. fence ------------------------------------------------------------------------------------------------

    @Test
    @Order(2)
    void fence() throws Exception {
        String loadBefore = load();
        DirectorCluster c = cluster();
        DirectorCluster.Member third = c.director(3);
        List<Map<String, Object>> rows = new ArrayList<>();
        Pattern said = Pattern.compile("no lease renewal has succeeded for (\\d+) ms.*cannot expire for another "
                + "(-?\\d+) s");
        List<ScenarioContext> opened = new ArrayList<>();
        try (Connection db = c.database().connect()) {
            for (int round = 1; round <= FENCES + 1; round++) {
                // The last round cuts while the world is starting (claimed, its process launched, not yet
                // hydrated): a partition can come at any moment, and such a world has no spawn record to be
                // adopted by.
                boolean midSpawn = round > FENCES;
                String world = "fence-" + round;
                timed(third + " ready", WAIT, Duration.ofMillis(100), third::ready);
                ScenarioContext ctx = third.context();
                opened.add(ctx);
                WsClient joining = ctx.newAccount("fence").client();
                LogTail log = new LogTail(third.log());
                if (midSpawn) {
                    joining.send(new JoinWorldMessage(world, "mid-spawn"));
                    timed("director 3 spawning " + world, WAIT, Duration.ofMillis(5),
                            () -> log.contains("spawned world " + world + " as pid"));
                } else {
                    ctx.join(joining, world);
                    timed(world + "'s spawn recorded", WAIT, Duration.ofMillis(10), () -> spawnRecorded(db, world));
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("round", midSpawn ? "mid-spawn" : round);

                long cutAt = System.nanoTime();
                third.proxy().cut();
                row.put("spawnRecordedAtCut", spawnRecorded(db, world));
                String owner = liveOwners(db, List.of(world)).get(world);
                assertThat(owner).as(world + " claimed by director 3").satisfies(o -> assertThat(owns(third, o))
                        .isTrue());
                try {
                    long fencedAt = timed("director 3 fencing itself off", WAIT, Duration.ofMillis(10),
                            () -> log.contains("fencing this director off"));
                    List<Long> leftMs = new ArrayList<>();
                    try (PreparedStatement s = db.prepareStatement("SELECT (EXTRACT(EPOCH FROM lease_expires_at "
                            + "- now()) * 1000)::bigint FROM worlds WHERE lease_owner = ?")) {
                        s.setString(1, owner);
                        try (ResultSet rs = s.executeQuery()) {
                            while (rs.next()) {
                                leftMs.add(rs.getLong(1));
                            }
                        }
                    }
                    row.put("fencedMs", millisBetween(cutAt, fencedAt));
                    row.put("leaseLeftMs", leftMs.stream().mapToLong(Long::longValue).min().orElse(-1));
                    row.put("leasesHeld", leftMs.size());
                    Matcher m = said.matcher(log.text());
                    if (m.find()) {
                        row.put("logSinceRenewalMs", Long.parseLong(m.group(1)));
                        row.put("logLeaseLeftS", Long.parseLong(m.group(2)));
                    }
                    long movedAt = timed(world + " adopted by another director", midSpawn ? MOVE_WAIT_MID_SPAWN : WAIT,
                            Duration.ofMillis(20), () -> {
                        String now = liveOwners(db, List.of(world)).get(world);
                        return now != null && !now.equals(owner);
                    });
                    row.put("movedMs", millisBetween(cutAt, movedAt));
                } finally {
                    third.proxy().heal();
                }
                long healedAt = System.nanoTime();
                long backAt = timed("director 3 ready again", WAIT, Duration.ofMillis(50),
                        () -> log.contains("world leases renewed again") && third.ready());
                row.put("readyAgainMs", millisBetween(healedAt, backAt));
                if (midSpawn) {
                    Object answer = joining.next(WAIT);
                    row.put("joinAnswer", answer instanceof ErrorMessage e ? e.code() + ": " + e.message()
                            : String.valueOf(answer));
                }
                rows.add(row);
                System.out.printf("ClusterBench fence %s: fenced %s ms after the cut, lease left %s ms; %s moved after "
                        + "%s ms; ready %s ms after the heal; load %s%n", row.get("round"), row.get("fencedMs"),
                        row.get("leaseLeftMs"), world, row.get("movedMs"), row.get("readyAgainMs"), load());
            }
        } finally {
            opened.forEach(ScenarioContext::close);
        }
        // Afterwards every world fenced off must be joinable through a director that never lost its database.
        Map<String, String> reachable = new LinkedHashMap<>();
        try (Connection db = c.database().connect(); ScenarioContext ctx = c.director(1).context()) {
            WsClient client = ctx.newAccount("after-fence").client();
            for (int round = 1; round <= FENCES + 1; round++) {
                String world = "fence-" + round;
                long started = System.nanoTime();
                client.send(new JoinWorldMessage(world, "after"));
                Object answer = client.next(WAIT);
                String owner = liveOwners(db, List.of(world)).get(world);
                String ownedBy = c.directors().stream().filter(d -> owns(d, owner)).map(d -> "director " + d.index())
                        .findFirst().orElse(owner == null ? "nobody" : owner);
                reachable.put(world, (answer instanceof WorldJoinedMessage ? "joined"
                        : answer instanceof ErrorMessage e ? e.code() + ": " + e.message()
                        : String.valueOf(answer)) + " in " + millisBetween(started, System.nanoTime())
                        + " ms; lease held by " + ownedBy);
                rows.get(round - 1).put("joinThroughDirector1After", reachable.get(world));
            }
        }
        List<Long> fenced = rows.stream().map(r -> (Long) r.get("fencedMs")).toList();
        List<Long> left = rows.stream().map(r -> (Long) r.get("leaseLeftMs")).toList();
        Map<String, Object> figure = figure("fence", loadBefore);
        figure.put("rounds", rows);
        figure.put("fencedMs", percentiles(fenced.stream().filter(ms -> ms >= 0).toList()));
        figure.put("leaseLeftMsMin", left.stream().mapToLong(Long::longValue).min().orElse(-1));
        figure.put("loadAfter", load());

        Table table = new Table("fence: director 3's database cut (TcpProxy blackhole) " + FENCES + " times once "
                + "its world's spawn was recorded, and once while a world was starting", loadBefore, load());
        table.header("round", "spawn recorded at cut", "fenced ms after cut", "lease left ms (DB)", "leases",
                "log: since renewal ms", "world moved ms", "ready after heal ms");
        for (Map<String, Object> r : rows) {
            table.row(r.get("round"), r.get("spawnRecordedAtCut"), r.get("fencedMs"), r.get("leaseLeftMs"),
                    r.get("leasesHeld"), r.getOrDefault("logSinceRenewalMs", "?"), r.get("movedMs"),
                    r.get("readyAgainMs"));
        }
        long worst = fenced.stream().mapToLong(Long::longValue).max().orElse(-1);
        long leastLeft = left.stream().mapToLong(Long::longValue).min().orElse(-1);
        table.line("fenced within: max %d ms (target <= 6000: %s); least lease time left at the fence %d ms "
                        + "(target > 0, before the lease can be claimed: %s)", worst,
                verdict(worst >= 0 && worst <= 6000), leastLeft, verdict(leastLeft > 0));
        rows.stream().filter(r -> r.containsKey("joinAnswer")).forEach(r -> table.line("the join that started "
                + "the world cut off mid-spawn was answered: %s", r.get("joinAnswer")));
        reachable.forEach((world, how) -> table.line("after the rounds, a join of %s through director 1: %s", world,
                how));
        table.print();
        record("fence", figure, table);
    }

    // ---- 3. joins ------------------------------------------------------------------------------------------------

    @Test
    @Order(3)
    void joins() throws Exception {
        String loadBefore = load();
        DirectorCluster c = cluster();
        DirectorCluster.Member owner = c.director(1);
        DirectorCluster.Member other = c.director(2);
        String world = "lat";
        try (Connection db = c.database().connect();
             ScenarioContext viaOwner = owner.context(); ScenarioContext viaOther = other.context()) {
            WsClient a = viaOwner.newAccount("lat-own").client();
            WsClient b = viaOther.newAccount("lat-fwd").client();
            join(a, world);
            String ownerId = liveOwners(db, List.of(world)).get(world);
            assertThat(ownerId).as("lat claimed by director 1").satisfies(o -> assertThat(owns(owner, o)).isTrue());
            long warmStart = System.nanoTime();
            for (int i = 0; i < JOIN_WARMUP; i++) {
                paceUntil(warmStart + i * JOIN_EVERY.toNanos());
                join(a, world);
                join(b, world);
            }
            // Alternated, so that whatever else the host does falls on both paths alike; paced, each connection
            // below the director's budget of 50 frames a second.
            long[] own = new long[JOINS];
            long[] forwarded = new long[JOINS];
            long start = System.nanoTime();
            for (int i = 0; i < JOINS; i++) {
                paceUntil(start + i * JOIN_EVERY.toNanos());
                own[i] = join(a, world);
                forwarded[i] = join(b, world);
            }
            assertThat(liveOwners(db, List.of(world)).get(world)).as("lat still run by director 1")
                    .isEqualTo(ownerId);
            Map<String, Double> ownMs = percentilesMs(own);
            Map<String, Double> fwdMs = percentilesMs(forwarded);
            double diff = fwdMs.get("p99") - ownMs.get("p99");

            Map<String, Object> figure = figure("joins", loadBefore);
            figure.put("joinsPerPath", JOINS);
            figure.put("warmupPerPath", JOIN_WARMUP);
            figure.put("throughOwnerMs", ownMs);
            figure.put("throughOtherMs", fwdMs);
            figure.put("p99DifferenceMs", round(diff));
            figure.put("p50DifferenceMs", round(fwdMs.get("p50") - ownMs.get("p50")));
            figure.put("loadAfter", load());

            Table table = new Table("joins: join_world to world_joined, " + JOINS + " per path after " + JOIN_WARMUP
                    + " warm-up, sequential, alternated, a pair every " + JOIN_EVERY.toMillis()
                    + " ms, one account per path", loadBefore, load());
            table.header("path", "p50 ms", "p90 ms", "p99 ms", "max ms", "mean ms");
            table.row("through the owner (director 1)", fmt(ownMs.get("p50")), fmt(ownMs.get("p90")),
                    fmt(ownMs.get("p99")), fmt(ownMs.get("max")), fmt(ownMs.get("mean")));
            table.row("through director 2 (forwarded)", fmt(fwdMs.get("p50")), fmt(fwdMs.get("p90")),
                    fmt(fwdMs.get("p99")), fmt(fwdMs.get("max")), fmt(fwdMs.get("mean")));
            table.line("p99 difference %.2f ms (target <= 25: %s); p50 difference %.2f ms", diff,
                    verdict(diff <= 25), fwdMs.get("p50") - ownMs.get("p50"));
            table.print();
            record("joins", figure, table);
        }
    }

    /** @return nanoseconds from sending {@code join_world} to reading {@code world_joined} */
    private static long join(WsClient client, String world) throws Exception {
        long start = System.nanoTime();
        client.send(new JoinWorldMessage(world, "j"));
        client.expect(WorldJoinedMessage.class, ScenarioContext.STEP);
        return System.nanoTime() - start;
    }

    // ---- 4. throughput -------------------------------------------------------------------------------------------

    @Test
    @Order(4)
    void throughput() throws Exception {
        String loadBefore = load();
        DirectorCluster c = cluster();
        List<String> worlds = List.of("tp-1", "tp-2", "tp-3", "tp-4", "tp-5", "tp-6");
        try (Connection db = c.database().connect()) {
            // Two worlds of each director: tp-1 and tp-2 claimed through director 1, and so on.
            for (int i = 0; i < worlds.size(); i++) {
                DirectorCluster.Member claimer = c.director(1 + i / 2);
                try (ScenarioContext ctx = claimer.context()) {
                    join(ctx.newAccount("tp-claim").client(), worlds.get(i));
                }
                String owner = liveOwners(db, List.of(worlds.get(i))).get(worlds.get(i));
                assertThat(owns(claimer, owner)).as(worlds.get(i) + " claimed by " + claimer).isTrue();
            }
        }
        List<String> usernames = new ArrayList<>();
        try (ScenarioContext ctx = c.director(1).context()) {
            for (int i = 0; i < CLIENTS; i++) {
                usernames.add(ctx.newAccount("tp").username());
            }
        }
        List<Variant> variants = List.of(
                new Variant("1 director, its own worlds", i -> 1, i -> worlds.get(i % 2)),
                new Variant("1 director, worlds of all 3", i -> 1, i -> worlds.get(i % 6)),
                new Variant("3 directors, worlds of all 3", i -> 1 + i % 3, i -> worlds.get((i / 3) % 6)));
        List<Map<String, Object>> measured = new ArrayList<>();
        for (Variant variant : variants) {
            measured.add(closedLoop(c, variant, usernames));
        }
        double one = (Double) measured.get(0).get("joinsPerSecond");
        double oneMixed = (Double) measured.get(1).get("joinsPerSecond");
        double three = (Double) measured.get(2).get("joinsPerSecond");

        Map<String, Object> figure = figure("throughput", loadBefore);
        figure.put("clients", CLIENTS);
        figure.put("windowSeconds", THROUGHPUT_WINDOW.toSeconds());
        figure.put("variants", measured);
        figure.put("ratioThreeToOneOwnWorlds", round(three / one));
        figure.put("ratioThreeToOneAllWorlds", round(three / oneMixed));
        figure.put("hostCores", Runtime.getRuntime().availableProcessors());
        figure.put("loadAfter", load());

        Table table = new Table("throughput: " + CLIENTS + " clients (" + CONNECTIONS_PER_CLIENT
                + " connections each) in a closed loop of join_world, "
                + THROUGHPUT_WINDOW.toSeconds() + " s each after " + THROUGHPUT_WARMUP.toSeconds() + " s warm-up",
                loadBefore, load());
        table.header("variant", "joins/s", "p50 ms", "p99 ms", "CPU % of a core: d1 / d2 / d3", "worlds",
                "postgres", "bench JVM", "host busy %", "CPU-us/join: d1 / d2 / d3 / postgres", "client throttled %",
                "errors", "load");
        for (Map<String, Object> m : measured) {
            @SuppressWarnings("unchecked")
            Map<String, Double> cpu = (Map<String, Double>) m.get("cpuPercentOfACore");
            @SuppressWarnings("unchecked")
            Map<String, Double> us = (Map<String, Double>) m.get("cpuMicrosPerJoin");
            table.row(m.get("variant"), fmt((Double) m.get("joinsPerSecond")), fmt((Double) m.get("p50Ms")),
                    fmt((Double) m.get("p99Ms")), String.format(Locale.ROOT, "%.0f / %.0f / %.0f", cpu.get("d1"),
                            cpu.get("d2"), cpu.get("d3")), fmt0(cpu.get("worlds")), fmt0(cpu.get("postgres")),
                    fmt0(cpu.get("benchJvm")), fmt0((Double) m.get("hostBusyPercent")),
                    String.format(Locale.ROOT, "%.0f / %.0f / %.0f / %.0f", us.get("d1"), us.get("d2"),
                            us.get("d3"), us.get("postgres")),
                    fmt((Double) m.get("clientThrottledPercent")),
                    ((Map<?, ?>) m.get("errors")).values().stream().mapToLong(n -> (Long) n).sum(), m.get("load"));
        }
        table.line("3 directors / 1 director: %.2f x against its own worlds, %.2f x against worlds of all 3 "
                + "(issue target >= 2.5 x with cores per director; here %d cores shared by all of it: %s)",
                three / one, three / oneMixed, Runtime.getRuntime().availableProcessors(),
                verdict(three / one >= 2.5));
        // Where each director had a core of its own, the busiest director's CPU per join of the whole cluster
        // would bound the rate: a projection from the measured costs, not a measurement.
        double projectedOne = projected(measured.get(0), List.of("d1"));
        double projectedThree = projected(measured.get(2), List.of("d1", "d2", "d3"));
        figure.put("projectedJoinsPerSecondWithACorePerDirector", Map.of("one", round(projectedOne), "three",
                round(projectedThree), "ratio", round(projectedThree / projectedOne)));
        table.line("projected with a core per director (1e6 / the busiest director's CPU-us per join; PostgreSQL "
                + "and clients elsewhere): 1 director %.0f joins/s, 3 directors %.0f joins/s: %.2f x",
                projectedOne, projectedThree, projectedThree / projectedOne);
        table.print();
        record("throughput", figure, table);
    }

    @SuppressWarnings("unchecked")
    private static double projected(Map<String, Object> variant, List<String> directors) {
        Map<String, Double> us = (Map<String, Double>) variant.get("cpuMicrosPerJoin");
        return 1e6 / directors.stream().mapToDouble(us::get).max().orElse(1);
    }

    /** Which director client {@code i} joins through, and which world it joins. */
    private record Variant(String name, IntUnaryOperator director,
                           IntFunction<String> world) {
    }

    private static Map<String, Object> closedLoop(DirectorCluster c, Variant variant, List<String> usernames)
            throws Exception {
        List<ScenarioContext> contexts = new ArrayList<>();
        List<List<WsClient>> connections = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(CLIENTS);
        try {
            for (int i = 0; i < CLIENTS; i++) {
                // A context, and so an HTTP client and its selector thread, per client: the load generator's own
                // threads must not be what is measured.
                ScenarioContext ctx = c.director(variant.director().applyAsInt(i)).context();
                contexts.add(ctx);
                List<WsClient> own = new ArrayList<>();
                for (int n = 0; n < CONNECTIONS_PER_CLIENT; n++) {
                    own.add(ctx.login(usernames.get(i)).client());
                }
                connections.add(own);
            }
            long windowStart = System.nanoTime() + THROUGHPUT_WARMUP.toNanos();
            long windowEnd = windowStart + THROUGHPUT_WINDOW.toNanos();
            AtomicLong counted = new AtomicLong();
            AtomicLong throttledNanos = new AtomicLong();
            ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
            Map<String, AtomicLong> errors = new ConcurrentHashMap<>();
            CountDownLatch done = new CountDownLatch(CLIENTS);
            for (int i = 0; i < CLIENTS; i++) {
                List<WsClient> own = connections.get(i);
                String world = variant.world().apply(i);
                threads.execute(() -> {
                    try {
                        FrameBudget[] budgets = new FrameBudget[own.size()];
                        for (int n = 0; n < budgets.length; n++) {
                            budgets[n] = new FrameBudget(System.nanoTime());
                        }
                        int next = 0;
                        while (System.nanoTime() - windowEnd < 0) {
                            long now = System.nanoTime();
                            int chosen = -1;
                            for (int tries = 0; tries < budgets.length && chosen < 0; tries++) {
                                int n = (next + tries) % budgets.length;
                                if (!own.get(n).isClosed() && budgets[n].tryTake(now)) {
                                    chosen = n;
                                }
                            }
                            if (chosen < 0) {
                                if (own.stream().allMatch(WsClient::isClosed)) {
                                    errors.computeIfAbsent("every connection closed", e -> new AtomicLong())
                                            .incrementAndGet();
                                    return;
                                }
                                long until = Arrays.stream(budgets).mapToLong(FrameBudget::nextTokenAt).min()
                                        .orElse(now);
                                if (now - windowStart >= 0) {
                                    throttledNanos.addAndGet(Math.max(0, until - now));
                                }
                                paceUntil(until);
                                continue;
                            }
                            next = chosen + 1;
                            try {
                                long took = join(own.get(chosen), world);
                                if (now - windowStart >= 0 && now + took - windowEnd < 0) {
                                    counted.incrementAndGet();
                                    latencies.add(took);
                                }
                            } catch (AssertionError e) {
                                String why = String.valueOf(e.getMessage());
                                errors.computeIfAbsent(why.length() > 120 ? why.substring(0, 120) : why,
                                        k -> new AtomicLong()).incrementAndGet();
                            }
                        }
                    } catch (Exception e) {
                        errors.computeIfAbsent(e.toString(), k -> new AtomicLong()).incrementAndGet();
                    } finally {
                        done.countDown();
                    }
                });
            }
            CpuWatch cpu = new CpuWatch(c, windowStart);
            Map<String, Double> cpuPercent = cpu.measureUntil(windowEnd);
            assertThat(done.await(60, TimeUnit.SECONDS)).as("clients done").isTrue();
            long[] all = latencies.stream().mapToLong(Long::longValue).toArray();
            Map<String, Double> ms = all.length == 0 ? Map.of("p50", -1.0, "p99", -1.0) : percentilesMs(all);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("variant", variant.name());
            m.put("joins", counted.get());
            m.put("joinsPerSecond", round(counted.get() / (double) THROUGHPUT_WINDOW.toSeconds()));
            m.put("p50Ms", ms.get("p50"));
            m.put("p99Ms", ms.get("p99"));
            m.put("cpuPercentOfACore", cpuPercent);
            Map<String, Double> perJoin = new LinkedHashMap<>();
            cpuPercent.forEach((group, percent) -> perJoin.put(group, counted.get() == 0 ? -1
                    : round(percent * 10_000 * THROUGHPUT_WINDOW.toSeconds() / counted.get())));
            m.put("cpuMicrosPerJoin", perJoin);
            m.put("hostBusyPercent", cpu.hostBusyPercent());
            // Client time spent waiting for the frame budget: near 0, or the figure is the budget's, not the cluster's.
            m.put("clientThrottledPercent", round(100.0 * throttledNanos.get() / CLIENTS
                    / THROUGHPUT_WINDOW.toNanos()));
            Map<String, Long> errorCounts = new TreeMap<>();
            errors.forEach((why, n) -> errorCounts.put(why, n.get()));
            m.put("errors", errorCounts);
            m.put("load", load());
            System.out.printf("ClusterBench throughput, %s: %.1f joins/s, p50 %.2f ms, p99 %.2f ms, CPU %s, host "
                    + "busy %.0f %%, errors %s; load %s%n", variant.name(), (Double) m.get("joinsPerSecond"),
                    ms.get("p50"), ms.get("p99"), cpuPercent, cpu.hostBusyPercent(), errorCounts, load());
            return m;
        } finally {
            threads.shutdownNow();
            contexts.forEach(ScenarioContext::close);
        }
    }

    /**
     * The client's side of the director's inbound frame budget (FrameRateLimiter: 50 frames a second, bursts of 100,
     * then the connection is closed): each connection stays under it, a little below for the pongs.
     */
    private static final class FrameBudget {
        private static final double PER_SECOND = 45;
        private static final double BURST = 20;
        private double tokens = BURST;
        private long at;

        FrameBudget(long now) {
            this.at = now;
        }

        boolean tryTake(long now) {
            tokens = Math.min(BURST, tokens + (now - at) / 1e9 * PER_SECOND);
            at = now;
            if (tokens >= 1) {
                tokens -= 1;
                return true;
            }
            return false;
        }

        long nextTokenAt() {
            return at + (long) Math.ceil((1 - tokens) / PER_SECOND * 1e9);
        }
    }

    // ---- 5. idle -------------------------------------------------------------------------------------------------

    @Test
    @Order(5)
    void idle() throws Exception {
        // The other figures' directors and worlds would share the host's memory and cores with these.
        closeCluster();
        String loadBefore = load();
        int k = Integer.getInteger("bench.idle.worlds", 200);
        long stepStart = System.nanoTime();
        long memAvailableBefore = memAvailableKb();
        try (DirectorCluster one = DirectorCluster.builder(root.resolve("idle")).name("bench-idle").directors(1)
                .options("--warm-spares", "0", "--idle-shutdown-ms", "600000").start()) {
            DirectorCluster.Member director = one.director(1);
            one.database().update("INSERT INTO worlds (world_id, name, settings) SELECT 'idle-' || lpad(g::text, 3, "
                    + "'0'), 'Idle ' || g, settings FROM worlds, generate_series(1, ?) AS g WHERE world_id = 'meadow'",
                    k);
            List<String> ids = new ArrayList<>();
            for (int i = 1; i <= k; i++) {
                ids.add(String.format(Locale.ROOT, "idle-%03d", i));
            }
            long[] joinNanos = new long[k];
            try (ScenarioContext ctx = director.context()) {
                ScenarioContext.Account account = ctx.newAccount("idle");
                for (int i = 0; i < k; i++) {
                    long started = System.nanoTime();
                    GamePlayer player = GamePlayer.enter(ctx, account, ids.get(i));
                    joinNanos[i] = System.nanoTime() - started;
                    player.connection().close();
                    if ((i + 1) % 25 == 0) {
                        System.out.printf("ClusterBench idle: %d worlds joined in %d s; load %s%n", i + 1,
                                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stepStart), load());
                    }
                }
            }
            long joinedAt = System.nanoTime();
            DirectorHttp http = director.http();
            await("every idle world running with no player").atMost(WAIT).pollInterval(Duration.ofSeconds(1))
                    .until(() -> http.worlds().stream().filter(w -> w.worldId().startsWith("idle-"))
                            .filter(w -> w.status().equals("running") && w.players() == 0 && w.pid() != null)
                            .count() == k);
            Map<String, Long> pids = new TreeMap<>();
            for (DirectorHttp.WorldRow w : http.worlds()) {
                if (w.worldId().startsWith("idle-")) {
                    pids.put(w.worldId(), w.pid());
                }
            }
            // Settled: the summed RSS has stopped moving (native heap trimmed every 5 s, no more warm-up).
            List<Long> sums = new ArrayList<>();
            await("the idle worlds' memory to settle").atMost(Duration.ofSeconds(180)).pollDelay(Duration.ofSeconds(5))
                    .pollInterval(Duration.ofSeconds(5)).until(() -> {
                        sums.add(pids.values().stream().mapToLong(ClusterBench::rssKb).sum());
                        int n = sums.size();
                        return System.nanoTime() - joinedAt > TimeUnit.SECONDS.toNanos(30) && n >= 3
                                && Math.abs(sums.get(n - 1) - sums.get(n - 3)) < sums.get(n - 1) / 100;
                    });
            long cpuBefore = pids.values().stream().mapToLong(ClusterBench::cpuTicks).sum();
            long cpuWindowStart = System.nanoTime();
            List<Long> rss = pids.values().stream().map(ClusterBench::rssKb).sorted().toList();
            List<Long> pss = pids.values().stream().map(ClusterBench::pssKb).sorted().toList();
            long directorRss = rssKb(director.pid());
            long memAvailableAfter = memAvailableKb();
            paceUntil(cpuWindowStart + TimeUnit.SECONDS.toNanos(10));
            double idleCpu = 100.0 * (pids.values().stream().mapToLong(ClusterBench::cpuTicks).sum() - cpuBefore)
                    / clockTicks() / ((System.nanoTime() - cpuWindowStart) / 1e9);
            long stepSeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - stepStart);
            String jvmFlags = worldJvmFlags(pids.values().iterator().next());

            long rssSum = rss.stream().mapToLong(Long::longValue).sum();
            long pssSum = pss.stream().mapToLong(Long::longValue).sum();
            double rssPerWorldMb = rssSum / 1024.0 / k;
            double pssPerWorldMb = pssSum / 1024.0 / k;
            long perHostByRss = GIB_16 / (rssSum * 1024 / k);
            long perHostByRssLessDirector = (GIB_16 - directorRss * 1024) / (rssSum * 1024 / k);
            long perHostByPss = GIB_16 / (pssSum * 1024 / k);
            Map<String, Double> joinMs = percentilesMs(joinNanos);

            Map<String, Object> figure = figure("idle", loadBefore);
            figure.put("worlds", k);
            figure.put("map", "meadow (settings copied from the meadow row)");
            figure.put("directorOptions", List.of("--warm-spares", "0", "--idle-shutdown-ms", "600000"));
            figure.put("worldJvmFlags", jvmFlags);
            figure.put("stepSeconds", stepSeconds);
            figure.put("coldJoinMs", joinMs);
            figure.put("rssKbSum", rssSum);
            Map<String, Double> rssMb = new LinkedHashMap<>();
            rssMb.put("mean", round(rssPerWorldMb));
            rssMb.put("min", round(rss.get(0) / 1024.0));
            rssMb.put("median", round(rss.get(k / 2) / 1024.0));
            rssMb.put("max", round(rss.get(k - 1) / 1024.0));
            figure.put("rssMbPerWorld", rssMb);
            figure.put("pssMbPerWorld", round(pssPerWorldMb));
            figure.put("directorRssMb", round(directorRss / 1024.0));
            figure.put("worldsPer16GiBByRss", perHostByRss);
            figure.put("worldsPer16GiBByRssLessDirector", perHostByRssLessDirector);
            figure.put("worldsPer16GiBByPss", perHostByPss);
            figure.put("memAvailableDropMbPerWorld", round((memAvailableBefore - memAvailableAfter) / 1024.0 / k));
            figure.put("idleCpuPercentOfACorePerWorld", round(idleCpu / k));
            figure.put("idleCpuPercentOfACoreAllWorlds", round(idleCpu));
            figure.put("loadAfter", load());

            Table table = new Table("idle: " + k + " idle meadow worlds on one director (--warm-spares 0 "
                    + "--idle-shutdown-ms 600000), each joined once and left", loadBefore, load());
            table.header("worlds", "RSS MB per world: mean / median / max", "PSS MB per world",
                    "director RSS MB", "worlds per 16 GiB by RSS (less the director)", "by PSS",
                    "idle CPU % of a core per world", "cold join p50 / p99 ms", "step s");
            table.row(k, String.format(Locale.ROOT, "%.1f / %.1f / %.1f", rssPerWorldMb, rss.get(k / 2) / 1024.0,
                    rss.get(k - 1) / 1024.0), fmt(pssPerWorldMb), fmt(directorRss / 1024.0),
                    perHostByRss + " (" + perHostByRssLessDirector + ")", perHostByPss,
                    fmt(idleCpu / k), fmt(joinMs.get("p50")) + " / " + fmt(joinMs.get("p99")), stepSeconds);
            table.line("worlds per 16 GiB by RSS: %d (target >= 200: %s); MemAvailable fell %.1f MB per world "
                            + "(noisy: the host is shared)", perHostByRss, verdict(perHostByRss >= 200),
                    (memAvailableBefore - memAvailableAfter) / 1024.0 / k);
            table.line("world JVM flags (WorldProcessLauncher, from a world's command line): %s", jvmFlags);
            table.print();
            record("idle", figure, table);
        }
    }

    // ---- the cluster of figures 1-4 ------------------------------------------------------------------------------

    private static DirectorCluster cluster() throws Exception {
        if (cluster != null) {
            return cluster;
        }
        cluster = DirectorCluster.builder(root).name("bench").directors(3).databaseThroughProxy(3)
                .options("--snapshot-interval-ms", "1000", "--idle-shutdown-ms", "600000").start();
        List<String> copies = new ArrayList<>();
        for (String copy : List.of("meadow", "cellar", "bench")) {
            copies.add(copy + "-2");
            cluster.database().update("INSERT INTO worlds (world_id, name, settings) SELECT ?, ?, settings FROM "
                    + "worlds WHERE world_id = ?", copy + "-2", copy + " 2", copy);
        }
        List<String> meadows = new ArrayList<>(List.of("lat"));
        for (int i = 1; i <= FENCES + 1; i++) {
            meadows.add("fence-" + i);
        }
        for (int i = 1; i <= 6; i++) {
            meadows.add("tp-" + i);
        }
        for (String id : meadows) {
            cluster.database().update("INSERT INTO worlds (world_id, name, settings) SELECT ?, ?, settings FROM "
                    + "worlds WHERE world_id = 'meadow'", id, id);
        }
        List<String> all = new ArrayList<>(copies);
        all.addAll(meadows);
        for (DirectorCluster.Member director : cluster.directors()) {
            await(director + " to know the other two and the new worlds").atMost(WAIT)
                    .until(() -> knowsPeers(cluster, director) && listedWorlds(director).containsAll(all));
        }
        return cluster;
    }

    private static void closeCluster() throws IOException {
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    /** Whether the director's latest list of other directors names both others' control addresses. */
    private static boolean knowsPeers(DirectorCluster c, DirectorCluster.Member director) throws IOException {
        String log = Files.readString(director.log());
        int at = log.lastIndexOf("other directors: ");
        if (at < 0) {
            return false;
        }
        int end = log.indexOf('\n', at);
        String line = end < 0 ? log.substring(at) : log.substring(at, end);
        return c.directors().stream().filter(d -> d != director)
                .allMatch(d -> line.contains(":" + d.baseUrl().getPort() + "/control"));
    }

    private static List<String> listedWorlds(DirectorCluster.Member director) throws Exception {
        try (ScenarioContext ctx = director.context()) {
            WsClient client = ctx.director();
            client.send(new ListWorldsMessage("list"));
            return client.expect(WorldsMessage.class, ScenarioContext.STEP).worlds().stream()
                    .map(WorldsMessage.WorldSummary::worldId).toList();
        }
    }

    /** A lease owner is {@code host/pid/random} (the director's identity). */
    private static boolean owns(DirectorCluster.Member director, String owner) {
        return owner != null && director.isAlive() && owner.contains("/" + director.pid() + "/");
    }

    /** The live lease's owner of each world ({@code worlds}, or all when null); null for a world without one. */
    private static Map<String, String> liveOwners(Connection db, List<String> worlds) throws SQLException {
        Map<String, String> owners = new HashMap<>();
        try (PreparedStatement s = db.prepareStatement("SELECT world_id, CASE WHEN lease_expires_at > now() THEN "
                + "lease_owner END FROM worlds"); ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                if (worlds == null || worlds.contains(rs.getString(1))) {
                    owners.put(rs.getString(1), rs.getString(2));
                }
            }
        }
        return owners;
    }

    private static Map<Integer, List<String>> ownersByDirector(DirectorCluster c, Map<String, String> owners) {
        Map<Integer, List<String>> by = new TreeMap<>();
        owners.forEach((world, owner) -> c.directors().stream().filter(d -> owns(d, owner)).findFirst()
                .ifPresent(d -> by.computeIfAbsent(d.index(), n -> new ArrayList<>()).add(world)));
        by.values().forEach(list -> list.sort(null));
        return by;
    }

    /** Whether the world's current spawn (the epoch of its lease) is recorded: only such a world can be adopted. */
    private static boolean spawnRecorded(Connection db, String world) throws SQLException {
        try (PreparedStatement s = db.prepareStatement("SELECT count(*) FROM world_spawns s JOIN worlds w USING "
                + "(world_id) WHERE world_id = ? AND s.epoch = w.epoch")) {
            s.setString(1, world);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1) == 1;
            }
        }
    }

    private static int liveLeasesOf(Connection db, String owner) throws SQLException {
        try (PreparedStatement s = db.prepareStatement("SELECT count(*) FROM worlds WHERE lease_owner = ? AND "
                + "lease_expires_at > now()")) {
            s.setString(1, owner);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static Path worldJar() {
        return DirectorProcess.jar("lor.worldJar");
    }

    /** This checkout's world processes: {@code -jar} this world jar (a director names it too, after --world-jar). */
    private static List<ProcessHandle> worldProcesses() {
        String jar = worldJar().toString();
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> {
            int at = Arrays.asList(a).indexOf("-jar");
            return at >= 0 && at + 1 < a.length && a[at + 1].equals(jar);
        }).orElse(false)).toList();
    }

    /**
     * Every world's {@code last_snapshot_seq}, sampled ten times a second on a connection of its own: the latest
     * values, and every time one went down (an acknowledged snapshot replaced by an older one).
     */
    private static final class SnapshotWatch implements AutoCloseable {
        private final Connection db;
        private final List<String> worlds;
        private final Map<String, Long> latest = new ConcurrentHashMap<>();
        private final ConcurrentLinkedQueue<String> decreases = new ConcurrentLinkedQueue<>();
        private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "snapshot-watch");
            t.setDaemon(true);
            return t;
        });

        SnapshotWatch(SharedDatabase database, List<String> worlds) throws SQLException {
            this.db = database.connect();
            this.worlds = worlds;
            sample();
            sampler.scheduleWithFixedDelay(this::sampleQuietly, 100, 100, TimeUnit.MILLISECONDS);
        }

        private void sampleQuietly() {
            try {
                sample();
            } catch (SQLException e) {
                System.out.println("ClusterBench: snapshot watch could not read: " + e.getMessage());
            }
        }

        private synchronized void sample() throws SQLException {
            try (PreparedStatement s = db.prepareStatement("SELECT world_id, last_snapshot_seq FROM worlds");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    String world = rs.getString(1);
                    if (!worlds.contains(world)) {
                        continue;
                    }
                    long seq = rs.getLong(2);
                    Long before = latest.put(world, seq);
                    if (before != null && seq < before) {
                        decreases.add(world + ": " + before + " -> " + seq + " at " + Instant.now());
                    }
                }
            }
        }

        Map<String, Long> latest() {
            return Map.copyOf(latest);
        }

        List<String> decreases() {
            return List.copyOf(decreases);
        }

        @Override
        public void close() throws SQLException {
            sampler.shutdownNow();
            synchronized (this) {
                db.close();
            }
        }
    }

    /** What a director's log says from the moment this is made: read incrementally, as it grows. */
    private static final class LogTail {
        private final Path log;
        private long offset;
        private final StringBuilder text = new StringBuilder();

        LogTail(Path log) throws IOException {
            this.log = log;
            this.offset = Files.size(log);
        }

        synchronized boolean contains(String needle) throws IOException {
            try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
                long length = file.length();
                if (length > offset) {
                    byte[] bytes = new byte[(int) (length - offset)];
                    file.seek(offset);
                    file.readFully(bytes);
                    offset = length;
                    text.append(new String(bytes, StandardCharsets.UTF_8));
                }
            }
            return text.indexOf(needle) >= 0;
        }

        synchronized String text() {
            return text.toString();
        }
    }

    /**
     * CPU time of the processes that serve joins, from {@code /proc/PID/stat}, over a window: each director, the
     * worlds, PostgreSQL and this JVM (the load generator and the database proxy), and the host as a whole.
     */
    private static final class CpuWatch {
        private final Map<String, List<Long>> groups = new LinkedHashMap<>();
        private final long windowStart;
        private final Map<String, Long> before = new HashMap<>();
        private long[] hostBefore;
        private double hostBusy;

        CpuWatch(DirectorCluster c, long windowStart) {
            this.windowStart = windowStart;
            for (DirectorCluster.Member d : c.directors()) {
                groups.put("d" + d.index(), List.of(d.pid()));
            }
            groups.put("worlds", worldProcesses().stream().map(ProcessHandle::pid).toList());
            String data = root.resolve("postgres").toString();
            List<Long> postgres = new ArrayList<>();
            ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> Arrays.asList(a).contains(data))
                    .orElse(false)).forEach(p -> {
                        postgres.add(p.pid());
                        p.descendants().forEach(child -> postgres.add(child.pid()));
                    });
            groups.put("postgres", postgres);
            groups.put("benchJvm", List.of(ProcessHandle.current().pid()));
        }

        /** @return per group, percent of one core over the window from its start to {@code windowEnd} */
        Map<String, Double> measureUntil(long windowEnd) throws InterruptedException {
            paceUntil(windowStart);
            long started = System.nanoTime();
            groups.forEach((name, pids) -> before.put(name, pids.stream().mapToLong(ClusterBench::cpuTicks).sum()));
            hostBefore = hostCpu();
            paceUntil(windowEnd);
            double seconds = (System.nanoTime() - started) / 1e9;
            long[] hostAfter = hostCpu();
            hostBusy = 100.0 * (hostAfter[0] - hostBefore[0]) / Math.max(1, hostAfter[1] - hostBefore[1]);
            Map<String, Double> percent = new LinkedHashMap<>();
            groups.forEach((name, pids) -> percent.put(name, round(100.0 * (pids.stream()
                    .mapToLong(ClusterBench::cpuTicks).sum() - before.get(name)) / clockTicks() / seconds)));
            return percent;
        }

        double hostBusyPercent() {
            return round(hostBusy);
        }
    }

    // ---- /proc -----------------------------------------------------------------------------------------------------

    private static long clockTicksPerSecond;

    /** {@code getconf CLK_TCK}: the unit of /proc/PID/stat's times. */
    private static synchronized long clockTicks() {
        if (clockTicksPerSecond == 0) {
            clockTicksPerSecond = 100;
            try {
                Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
                String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
                if (getconf.waitFor() == 0) {
                    clockTicksPerSecond = Long.parseLong(out);
                }
            } catch (IOException | NumberFormatException e) {
                // 100 on every Linux this runs on.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return clockTicksPerSecond;
    }

    /** utime + stime of a process in clock ticks; 0 when it is gone. */
    static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            // The command name may hold spaces and parentheses: the fields that follow it start after the last ')'.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (IOException e) {
            return 0;
        }
    }

    static long rssKb(long pid) {
        return statusKb(Path.of("/proc", Long.toString(pid), "status"), "VmRSS:");
    }

    /** Proportional set size: the pages shared between worlds (libjvm, the CDS archive) counted once in all. */
    static long pssKb(long pid) {
        return statusKb(Path.of("/proc", Long.toString(pid), "smaps_rollup"), "Pss:");
    }

    static long memAvailableKb() {
        return statusKb(Path.of("/proc/meminfo"), "MemAvailable:");
    }

    private static long statusKb(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException e) {
            // Gone.
        }
        return 0;
    }

    /** busy and total jiffies of the host, all cores. */
    private static long[] hostCpu() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
            return new long[] {total - idle, total};
        } catch (IOException e) {
            return new long[] {0, 1};
        }
    }

    /** The JVM options before {@code -jar} on a world's command line. */
    private static String worldJvmFlags(long pid) throws IOException {
        String[] args = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")),
                StandardCharsets.UTF_8).split("\0");
        List<String> flags = new ArrayList<>();
        for (int i = 1; i < args.length && !args[i].equals("-jar"); i++) {
            flags.add(args[i]);
        }
        return String.join(" ", flags);
    }

    /** The host's load average, as {@code uptime} prints it. */
    static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    // ---- figures, tables and the JSON ------------------------------------------------------------------------------

    /**
     * Waits for {@code condition}, evaluated every {@code every}, and returns the nanoTime of the evaluation that
     * first held; -1 when it did not hold within {@code atMost} (printed: the figure reports it, the run goes on).
     */
    private static long timed(String what, Duration atMost, Duration every, Callable<Boolean> condition) {
        AtomicLong at = new AtomicLong(-1);
        try {
            await(what).atMost(atMost).pollDelay(Duration.ZERO).pollInterval(every).until(() -> {
                if (condition.call()) {
                    at.set(System.nanoTime());
                    return true;
                }
                return false;
            });
        } catch (ConditionTimeoutException e) {
            System.out.println("ClusterBench: " + what + " did not happen within " + atMost.toSeconds() + " s");
        }
        return at.get();
    }

    /** Paces a measurement window (a timer, not a wait for something to happen). */
    private static void paceUntil(long nanoTime) throws InterruptedException {
        TimeUnit.NANOSECONDS.sleep(Math.max(0, nanoTime - System.nanoTime()));
    }

    private static long millisBetween(long fromNanos, long toNanos) {
        return toNanos < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(toNanos - fromNanos);
    }

    /** Nearest-rank percentiles of whole milliseconds. */
    private static Map<String, Long> percentiles(List<Long> values) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        Map<String, Long> p = new LinkedHashMap<>();
        if (sorted.length == 0) {
            return Map.of("p50", -1L, "p99", -1L, "max", -1L);
        }
        p.put("p50", rank(sorted, 0.50));
        p.put("p90", rank(sorted, 0.90));
        p.put("p99", rank(sorted, 0.99));
        p.put("max", sorted[sorted.length - 1]);
        p.put("n", (long) sorted.length);
        return p;
    }

    /** Nearest-rank percentiles of nanoseconds, in milliseconds. */
    private static Map<String, Double> percentilesMs(long[] nanos) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        Map<String, Double> p = new LinkedHashMap<>();
        p.put("p50", round(rank(sorted, 0.50) / 1e6));
        p.put("p90", round(rank(sorted, 0.90) / 1e6));
        p.put("p99", round(rank(sorted, 0.99) / 1e6));
        p.put("max", round(sorted[sorted.length - 1] / 1e6));
        p.put("mean", round(Arrays.stream(sorted).average().orElse(0) / 1e6));
        p.put("n", (double) sorted.length);
        return p;
    }

    private static long rank(long[] sorted, double q) {
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    private static String fmt0(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }

    private static String verdict(boolean met) {
        return met ? "met" : "MISSED";
    }

    private static Map<String, Object> figure(String name, String loadBefore) {
        Map<String, Object> figure = new LinkedHashMap<>();
        figure.put("measuredAt", Instant.now().toString());
        figure.put("loadBefore", loadBefore);
        return figure;
    }

    /** Adds the figure to this run's results and merges them into the JSON, keeping other figures of earlier runs. */
    @SuppressWarnings("unchecked")
    private static synchronized void record(String name, Map<String, Object> figure, Table table) throws IOException {
        figure.put("table", table.text());
        results.put(name, figure);
        printed.append(table.text()).append('\n');
        Map<String, Object> all = new LinkedHashMap<>();
        if (Files.isRegularFile(JSON)) {
            try {
                all.putAll(MessageCodec.MAPPER.readValue(Files.readString(JSON), Map.class));
            } catch (RuntimeException e) {
                System.out.println("ClusterBench: " + JSON + " unreadable, written afresh: " + e.getMessage());
            }
        }
        all.putAll(results);
        all.put("host", Map.of("cores", Runtime.getRuntime().availableProcessors(), "java",
                System.getProperty("java.version")));
        Files.createDirectories(JSON.getParent());
        Files.writeString(JSON, MessageCodec.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(all));
        Files.writeString(TEXT, printed.toString());
    }

    /** A plain-text table, columns padded to their widest cell, with summary lines under it. */
    private static final class Table {
        private final String title;
        private final List<List<String>> rows = new ArrayList<>();
        private final List<String> lines = new ArrayList<>();

        Table(String title, String loadBefore, String loadAfter) {
            this.title = title + "  [load " + loadBefore + " before, " + loadAfter + " after]";
        }

        void header(Object... cells) {
            row(cells);
        }

        void row(Object... cells) {
            rows.add(Arrays.stream(cells).map(String::valueOf).toList());
        }

        void line(String format, Object... args) {
            lines.add(String.format(Locale.ROOT, format, args));
        }

        String text() {
            int columns = rows.stream().mapToInt(List::size).max().orElse(0);
            int[] width = new int[columns];
            for (List<String> row : rows) {
                for (int i = 0; i < row.size(); i++) {
                    width[i] = Math.max(width[i], row.get(i).length());
                }
            }
            StringBuilder out = new StringBuilder("== ").append(title).append('\n');
            for (int r = 0; r < rows.size(); r++) {
                List<String> row = rows.get(r);
                StringBuilder line = new StringBuilder("| ");
                for (int i = 0; i < columns; i++) {
                    String cell = i < row.size() ? row.get(i) : "";
                    line.append(cell).append(" ".repeat(width[i] - cell.length())).append(" | ");
                }
                out.append(line.toString().stripTrailing()).append('\n');
                if (r == 0) {
                    StringBuilder rule = new StringBuilder("|");
                    for (int w : width) {
                        rule.append("-".repeat(w + 2)).append('|');
                    }
                    out.append(rule).append('\n');
                }
            }
            for (String line : lines) {
                out.append(line).append('\n');
            }
            return out.toString();
        }

        void print() {
            System.out.println();
            System.out.print(text());
            System.out.println();
        }
    }
}
