package lor.bench.persist;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;

/** The samples of one phase of a measured path, in nanoseconds. */
final class Phase {

    static final String GC_PHASE = "GC pauses in the round";
    static final String GC_WHAT = "JVM-wide: world and director share this JVM";

    final String name;
    final String what;
    private long[] nanos = new long[16];
    private int count;

    Phase(String name, String what) {
        this.name = name;
        this.what = what;
    }

    static Phase gcPauses() {
        return new Phase(GC_PHASE, GC_WHAT);
    }

    /** The phase whose name starts with "total": what the path costs from end to end. */
    static Phase totalOf(List<Phase> phases) {
        return phases.stream().filter(Phase::isTotal).findFirst().orElseThrow();
    }

    boolean isTotal() {
        return name.startsWith("total");
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

    /** Collection time of every collector so far, in ms. */
    static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, gc.getCollectionTime());
        }
        return total;
    }
}
