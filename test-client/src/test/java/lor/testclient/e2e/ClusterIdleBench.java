package lor.testclient.e2e;

import static lor.testclient.e2e.BenchReport.figure;
import static lor.testclient.e2e.BenchReport.load;
import static lor.testclient.e2e.BenchReport.record;
import static lor.testclient.e2e.BenchStats.percentilesMs;
import static lor.testclient.e2e.BenchStats.round;
import static lor.testclient.e2e.BenchTable.fmt;
import static lor.testclient.e2e.BenchTable.verdict;
import static lor.testclient.e2e.BenchTiming.WAIT;
import static lor.testclient.e2e.BenchTiming.paceUntil;
import static lor.testclient.e2e.ProcStats.clockTicks;
import static lor.testclient.e2e.ProcStats.memAvailableKb;
import static lor.testclient.e2e.ProcStats.rssKb;
import static lor.testclient.e2e.ProcStats.worldJvmFlags;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import lor.testclient.net.DirectorHttp;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18's figure of idle worlds per host (item 7): one director of a cluster of its own, 200 {@code meadow}
 * worlds ({@code -Dbench.idle.worlds}), each joined once and left; once their memory has settled, their RSS and PSS,
 * the director's RSS, what fits in 16 GiB, and their idle CPU.
 *
 * <p>A benchmark, not part of the suite ({@link BenchReport}: how the figures run, where they are written):
 * <pre>
 * mvn -B -o verify -pl protocol,sim-core,sim-web,world-server,director,test-client -Dtest=NONE \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=ClusterIdleBench -Dfailsafe.failIfNoSpecifiedTests=false \
 *     [-Dbench.idle.worlds=200]
 * </pre>
 */
@Order(5)
class ClusterIdleBench {

    private static final long GIB_16 = 16L << 30;

    @TempDir
    Path root;

    @Test
    void idle() throws Exception {
        // Run after the other figures (@Order), each of which has closed its cluster by then: their directors and
        // worlds would share the host's memory and cores with these.
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
                        sums.add(pids.values().stream().mapToLong(ProcStats::rssKb).sum());
                        int n = sums.size();
                        return System.nanoTime() - joinedAt > TimeUnit.SECONDS.toNanos(30) && n >= 3
                                && Math.abs(sums.get(n - 1) - sums.get(n - 3)) < sums.get(n - 1) / 100;
                    });
            long cpuBefore = pids.values().stream().mapToLong(ProcStats::cpuTicks).sum();
            long cpuWindowStart = System.nanoTime();
            List<Long> rss = pids.values().stream().map(ProcStats::rssKb).sorted().toList();
            List<Long> pss = pids.values().stream().map(ProcStats::pssKb).sorted().toList();
            long directorRss = rssKb(director.pid());
            long memAvailableAfter = memAvailableKb();
            paceUntil(cpuWindowStart + TimeUnit.SECONDS.toNanos(10));
            double idleCpu = 100.0 * (pids.values().stream().mapToLong(ProcStats::cpuTicks).sum() - cpuBefore)
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

            BenchTable table = new BenchTable("idle: " + k + " idle meadow worlds on one director (--warm-spares 0 "
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
}
