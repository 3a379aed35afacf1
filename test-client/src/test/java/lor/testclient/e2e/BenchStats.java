package lor.testclient.e2e;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Percentiles and rounding of the {@code Cluster*Bench} figures. */
final class BenchStats {

    private BenchStats() {
    }

    /** Nearest-rank percentiles of whole milliseconds. */
    static Map<String, Long> percentiles(List<Long> values) {
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
    static Map<String, Double> percentilesMs(long[] nanos) {
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

    static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
