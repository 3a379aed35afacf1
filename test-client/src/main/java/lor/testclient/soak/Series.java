package lor.testclient.soak;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;

/** Samples of one figure of the director over the soak, each at its second of the soak. */
final class Series {

    /** Within ±10 % of its median: issue 6's "flat". */
    static final double FLAT = 0.10;

    private final String name;
    private final long unit;
    private final String unitName;
    private final List<long[]> samples = new ArrayList<>();

    /** @param unit what one printed {@code unitName} is worth in sampled values (1024 * 1024 for MiB of bytes) */
    Series(String name, long unit, String unitName) {
        this.name = name;
        this.unit = unit;
        this.unitName = unitName;
    }

    String name() {
        return name;
    }

    synchronized void add(long second, long value) {
        samples.add(new long[] {second, value});
    }

    /** Whether every sample from {@code fromSecond} on is within ±10 % of their median (at least 3 of them). */
    synchronized boolean flatFrom(long fromSecond) {
        long[] values = valuesFrom(fromSecond);
        if (values.length < 3) {
            return false;
        }
        double median = median(values);
        return Arrays.stream(values).allMatch(v -> Math.abs(v - median) <= FLAT * median);
    }

    /** Median, minimum and maximum from {@code fromSecond} on, and the median before it, in the printed unit. */
    synchronized String describeFrom(long fromSecond) {
        long[] judged = valuesFrom(fromSecond);
        if (judged.length == 0) {
            return "no samples";
        }
        long[] before = samples.stream().filter(s -> s[0] < fromSecond).mapToLong(s -> s[1]).toArray();
        double median = median(judged);
        return String.format("from t=%d s: median %s, min %s, max %s %s (%+.1f %% .. %+.1f %%), %d samples; "
                        + "before: median %s", fromSecond, format(median), format(min(judged)), format(max(judged)),
                unitName, 100 * (min(judged) - median) / median, 100 * (max(judged) - median) / median,
                judged.length, before.length == 0 ? "none" : format(median(before)));
    }

    /** The last sample of every minute, in the printed unit: the series as a report shows it. */
    synchronized String perMinute() {
        TreeMap<Long, Long> lastOfMinute = new TreeMap<>();
        samples.forEach(s -> lastOfMinute.put(s[0] / 60, s[1]));
        StringBuilder line = new StringBuilder();
        lastOfMinute.values().forEach(v -> line.append(line.length() == 0 ? "" : " ").append(format(v)));
        return line.toString();
    }

    private long[] valuesFrom(long fromSecond) {
        return samples.stream().filter(s -> s[0] >= fromSecond).mapToLong(s -> s[1]).toArray();
    }

    private String format(double value) {
        return unit == 1 ? String.format("%.0f", value) : String.format("%.1f", value / unit);
    }

    private static long min(long[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static long max(long[] values) {
        return Arrays.stream(values).max().orElseThrow();
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
