package lor.testclient.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import lor.protocol.Json;

/**
 * Where issue 18's figures (item 7) go: one class a figure, {@link ClusterKillsBench}, {@link ClusterFenceBench},
 * {@link ClusterJoinsBench}, {@link ClusterThroughputBench} and {@link ClusterIdleBench}, measured on real directors,
 * worlds and PostgreSQL.
 *
 * <p>Benchmarks, not tests of the suite: they print and record what they measure, whether or not the targets
 * are met, and fail only when they cannot measure (a director that never comes back). Their names match neither
 * surefire's nor failsafe's patterns; they run when named, all five with:
 * <pre>
 * mvn -B -o verify -pl protocol,sim-core,sim-web,world-server,director,test-client -Dtest=NONE \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dit.test='Cluster*Bench' -Dfailsafe.failIfNoSpecifiedTests=false \
 *     [-Dbench.idle.worlds=200]
 * </pre>
 * or some of them with {@code -Dit.test=ClusterKillsBench,ClusterFenceBench} (they run in the order kills, fence,
 * joins, throughput, idle: {@code @Order} and the class orderer of {@code junit-platform.properties}).
 * Each figure prints a table and is merged into {@code target/cluster-bench.json} (figures not run keep their last
 * values there, each with when and under what load it was measured); this run's tables are also in
 * {@code target/cluster-bench.txt}. The host's load average is recorded with
 * every figure: on a shared machine it is part of the result.
 */
final class BenchReport {
    private static final Path JSON = Path.of("target", "cluster-bench.json");
    private static final Path TEXT = Path.of("target", "cluster-bench.txt");

    /** This run's figures, and their tables: every figure class run in this JVM. */
    private static final Map<String, Object> results = new LinkedHashMap<>();
    private static final StringBuilder printed = new StringBuilder();

    private BenchReport() {
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

    static Map<String, Object> figure(String name, String loadBefore) {
        Map<String, Object> figure = new LinkedHashMap<>();
        figure.put("measuredAt", Instant.now().toString());
        figure.put("loadBefore", loadBefore);
        return figure;
    }

    /** Adds the figure to this run's results and merges them into the JSON, keeping other figures of earlier runs. */
    @SuppressWarnings("unchecked")
    static synchronized void record(String name, Map<String, Object> figure, BenchTable table) throws IOException {
        figure.put("table", table.text());
        results.put(name, figure);
        printed.append(table.text()).append('\n');
        Map<String, Object> all = new LinkedHashMap<>();
        if (Files.isRegularFile(JSON)) {
            try {
                all.putAll(Json.MAPPER.readValue(Files.readString(JSON), Map.class));
            } catch (RuntimeException e) {
                System.out.println("ClusterBench: " + JSON + " unreadable, written afresh: " + e.getMessage());
            }
        }
        all.putAll(results);
        all.put("host", Map.of("cores", Runtime.getRuntime().availableProcessors(), "java",
                System.getProperty("java.version")));
        Files.createDirectories(JSON.getParent());
        Files.writeString(JSON, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(all));
        Files.writeString(TEXT, printed.toString());
    }
}
