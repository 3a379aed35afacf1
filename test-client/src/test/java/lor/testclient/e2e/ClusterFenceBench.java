package lor.testclient.e2e;

import static lor.testclient.e2e.BenchCluster.liveOwners;
import static lor.testclient.e2e.BenchCluster.owns;
import static lor.testclient.e2e.BenchReport.figure;
import static lor.testclient.e2e.BenchReport.load;
import static lor.testclient.e2e.BenchReport.record;
import static lor.testclient.e2e.BenchStats.percentiles;
import static lor.testclient.e2e.BenchTable.verdict;
import static lor.testclient.e2e.BenchTiming.WAIT;
import static lor.testclient.e2e.BenchTiming.millisBetween;
import static lor.testclient.e2e.BenchTiming.timed;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lor.protocol.ErrorMessage;
import lor.protocol.director.JoinWorldMessage;
import lor.protocol.director.WorldJoinedMessage;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's figure of fencing (item 7): director 3 of {@link BenchCluster} reaches its database through a
 * {@link TcpProxy}, cut five times once the world it just started had its spawn recorded, and once while a world was
 * starting. Per cut: how long until the director fences itself off, how much of its lease is left then, how long
 * until its world moves to another director, how long after the heal it is ready again; afterwards, a join of every
 * such world through director 1.
 *
 * <p>A benchmark, not part of the suite ({@link BenchReport}: how the figures run, where they are written):
 * <pre>
 * mvn -B -o verify -pl protocol,sim-core,sim-web,world-server,director,test-client -Dtest=NONE \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ClusterFenceBench -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 */
@Order(2)
class ClusterFenceBench {

    /** Cuts once a world's spawn is recorded; one more cuts mid-spawn. {@link BenchCluster} makes their worlds. */
    static final int FENCES = 5;
    /** Long enough for an adoption (a fifth of a second after the fence), short of the lease's 25 s left. */
    private static final Duration MOVE_WAIT_MID_SPAWN = Duration.ofSeconds(15);

    @TempDir
    Path root;

    @Test
    void fence() throws Exception {
        String loadBefore = load();
        try (DirectorCluster c = BenchCluster.start(root)) {
            measure(c, loadBefore);
        }
    }

    private static void measure(DirectorCluster c, String loadBefore) throws Exception {
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

        BenchTable table = new BenchTable("fence: director 3's database cut (TcpProxy blackhole) " + FENCES
                + " times once its world's spawn was recorded, and once while a world was starting", loadBefore,
                load());
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
}
