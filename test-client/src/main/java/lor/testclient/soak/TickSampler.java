package lor.testclient.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

import lor.testclient.net.DirectorHttp.WorldRow;

/**
 * Tick durations of every running world, as the director's {@code /metrics} reports them. The criterion is the
 * soak's tick p99: fewer than 1 % of the ticks may be overruns ({@code lor_tick_overruns_total}: ticks that ended
 * after the next one was due, which every tick longer than the 50 ms period is), over all the time each process was
 * sampled. Each world's own p99 over its last 200 ticks (10 s) is reported beside it, worst and median: a single
 * window says how bad a moment was, not what the run's p99 was. A process is sampled only once it has run for
 * longer than that window, so that its start (JIT, hydration, a crowd of players rejoining) is not its steady
 * state.
 */
final class TickSampler {

    static final double LIMIT_SECONDS = 0.050;
    /** More than the 10 s the reported p99 covers. */
    static final Duration WARM_UP = Duration.ofSeconds(12);
    private static final int TICKS_PER_SECOND = 20;
    private static final double P99_SHARE = 0.01;
    private static final String P99 = "lor_tick_duration_seconds{world=\"%s\",quantile=\"0.99\"} ";
    private static final String OVERRUNS = "lor_tick_overruns_total{world=\"%s\"} ";

    private final SoakLog log;
    private final LongSupplier nanoTime;
    private final Map<Long, Process> processes = new HashMap<>();
    private final List<Double> windowP99s = new ArrayList<>();
    private double worstP99 = -1;
    private String worstAt = "";

    TickSampler(SoakLog log) {
        this(log, System::nanoTime);
    }

    TickSampler(SoakLog log, LongSupplier nanoTime) {
        this.log = log;
        this.nanoTime = nanoTime;
    }

    synchronized void sample(List<WorldRow> rows, String metrics) {
        long now = nanoTime.getAsLong();
        for (WorldRow row : rows) {
            if (row.pid() == null || !"running".equals(row.status())) {
                continue;
            }
            Process process = processes.computeIfAbsent(row.pid(), pid -> new Process(now));
            Double p99 = value(metrics, String.format(P99, row.worldId()));
            Double overruns = value(metrics, String.format(OVERRUNS, row.worldId()));
            if (p99 == null || overruns == null || now - process.firstSeenNanos < WARM_UP.toNanos()) {
                continue;
            }
            process.sampled(now, overruns.longValue());
            windowP99s.add(p99);
            if (p99 > worstP99) {
                worstP99 = p99;
                worstAt = row.worldId() + " at t=" + log.elapsedSeconds() + " s";
            }
        }
    }

    synchronized boolean passes() {
        return ticks() > 0 && overruns() < P99_SHARE * ticks();
    }

    synchronized String describe() {
        if (windowP99s.isEmpty()) {
            return "no sample of a warmed-up world";
        }
        List<Double> sorted = new ArrayList<>(windowP99s);
        sorted.sort(null);
        return String.format("%d of %d ticks (%.2f %%) over the 50 ms period in %d world processes; "
                        + "10-s windows' p99: median %.1f ms, worst %.1f ms (%s), %d samples", overruns(), ticks(),
                100.0 * overruns() / Math.max(1, ticks()), processes.size(), sorted.get(sorted.size() / 2) * 1000,
                worstP99 * 1000, worstAt, windowP99s.size());
    }

    private long overruns() {
        return processes.values().stream().filter(Process::wasSampled)
                .mapToLong(p -> p.lastOverruns - p.firstOverruns).sum();
    }

    private long ticks() {
        return processes.values().stream().filter(Process::wasSampled)
                .mapToLong(p -> TICKS_PER_SECOND * (p.lastNanos - p.firstNanos) / 1_000_000_000L).sum();
    }

    /** The value of the sample line starting with {@code prefix}, or null when there is none. */
    private static Double value(String metrics, String prefix) {
        String text = "\n" + metrics;
        int at = text.indexOf("\n" + prefix);
        if (at < 0) {
            return null;
        }
        int start = at + 1 + prefix.length();
        int end = text.indexOf('\n', start);
        return Double.parseDouble(text.substring(start, end < 0 ? text.length() : end).trim());
    }

    /** One world process: when it was first seen running, and its overrun count at its first and last sample. */
    private static final class Process {

        private final long firstSeenNanos;
        private long firstNanos;
        private long lastNanos;
        private long firstOverruns = -1;
        private long lastOverruns;

        Process(long firstSeenNanos) {
            this.firstSeenNanos = firstSeenNanos;
        }

        void sampled(long nanos, long overruns) {
            if (!wasSampled()) {
                firstNanos = nanos;
                firstOverruns = overruns;
            } else if (overruns < lastOverruns) {
                // The metrics were already the next process's: a kill fell between the two readings.
                return;
            }
            lastNanos = nanos;
            lastOverruns = overruns;
        }

        boolean wasSampled() {
            return firstOverruns >= 0;
        }
    }
}
