package lor.testclient.e2e;

import static lor.testclient.e2e.BenchCluster.join;
import static lor.testclient.e2e.BenchCluster.liveOwners;
import static lor.testclient.e2e.BenchCluster.owns;
import static lor.testclient.e2e.BenchReport.figure;
import static lor.testclient.e2e.BenchReport.load;
import static lor.testclient.e2e.BenchReport.record;
import static lor.testclient.e2e.BenchStats.percentilesMs;
import static lor.testclient.e2e.BenchStats.round;
import static lor.testclient.e2e.BenchTable.fmt;
import static lor.testclient.e2e.BenchTable.verdict;
import static lor.testclient.e2e.BenchTiming.paceUntil;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's figure of joins through another director (item 7): the time from {@code join_world} to
 * {@code world_joined} of a world run by director 1 of {@link BenchCluster}, 500 joins through director 1 and 500
 * through director 2 (which signs them itself, with the spawn's derived secret), alternated and paced.
 *
 * <p>A benchmark, not part of the suite ({@link BenchReport}: how the figures run, where they are written):
 * <pre>
 * mvn -B -o verify -pl protocol,sim-core,sim-web,world-server,director,test-client -Dtest=NONE \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ClusterJoinsBench -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 */
@Order(3)
class ClusterJoinsBench {

    private static final int JOINS = 500;
    private static final int JOIN_WARMUP = 50;
    /** One join per connection every 25 ms: 40 frames a second, under the director's 50 a connection. */
    private static final Duration JOIN_EVERY = Duration.ofMillis(25);

    @TempDir
    Path root;

    @Test
    void joins() throws Exception {
        String loadBefore = load();
        try (DirectorCluster c = BenchCluster.start(root)) {
            measure(c, loadBefore);
        }
    }

    private static void measure(DirectorCluster c, String loadBefore) throws Exception {
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
            long[] elsewhere = new long[JOINS];
            long start = System.nanoTime();
            for (int i = 0; i < JOINS; i++) {
                paceUntil(start + i * JOIN_EVERY.toNanos());
                own[i] = join(a, world);
                elsewhere[i] = join(b, world);
            }
            assertThat(liveOwners(db, List.of(world)).get(world)).as("lat still run by director 1")
                    .isEqualTo(ownerId);
            Map<String, Double> ownMs = percentilesMs(own);
            Map<String, Double> fwdMs = percentilesMs(elsewhere);
            double diff = fwdMs.get("p99") - ownMs.get("p99");

            Map<String, Object> figure = figure("joins", loadBefore);
            figure.put("joinsPerPath", JOINS);
            figure.put("warmupPerPath", JOIN_WARMUP);
            figure.put("throughOwnerMs", ownMs);
            figure.put("throughOtherMs", fwdMs);
            figure.put("p99DifferenceMs", round(diff));
            figure.put("p50DifferenceMs", round(fwdMs.get("p50") - ownMs.get("p50")));
            figure.put("loadAfter", load());

            BenchTable table = new BenchTable("joins: join_world to world_joined, " + JOINS + " per path after "
                    + JOIN_WARMUP + " warm-up, sequential, alternated, a pair every " + JOIN_EVERY.toMillis()
                    + " ms, one account per path", loadBefore, load());
            table.header("path", "p50 ms", "p90 ms", "p99 ms", "max ms", "mean ms");
            table.row("through the owner (director 1)", fmt(ownMs.get("p50")), fmt(ownMs.get("p90")),
                    fmt(ownMs.get("p99")), fmt(ownMs.get("max")), fmt(ownMs.get("mean")));
            table.row("through director 2 (not the owner)", fmt(fwdMs.get("p50")), fmt(fwdMs.get("p90")),
                    fmt(fwdMs.get("p99")), fmt(fwdMs.get("max")), fmt(fwdMs.get("mean")));
            table.line("p99 difference %.2f ms (target <= 25: %s); p50 difference %.2f ms", diff,
                    verdict(diff <= 25), fwdMs.get("p50") - ownMs.get("p50"));
            table.print();
            record("joins", figure, table);
        }
    }
}
