package lor.world.sim;

import java.util.Arrays;

/**
 * Durations of the most recent ticks, for p50/p99/max. Written by the tick thread; {@link #summary()} is also
 * called on it, so no synchronisation is needed.
 */
public final class TickStats {

    /** Ten seconds at 20 Hz: enough samples for a p99 that means something, recent enough to show trouble. */
    public static final int WINDOW = 200;

    private final long[] samples;
    private int count;
    private int next;

    public TickStats() {
        this(WINDOW);
    }

    /** Over the most recent {@code window} samples. */
    public TickStats(int window) {
        samples = new long[window];
    }

    public void record(long nanos) {
        samples[next] = nanos;
        next = (next + 1) % samples.length;
        count = Math.min(count + 1, samples.length);
    }

    public Summary summary() {
        if (count == 0) {
            return new Summary(0, 0, 0);
        }
        long[] sorted = Arrays.copyOf(samples, count);
        Arrays.sort(sorted);
        return new Summary(seconds(percentile(sorted, 0.50)), seconds(percentile(sorted, 0.99)),
                seconds(sorted[count - 1]));
    }

    private static long percentile(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** Tick durations in seconds. */
    public record Summary(double p50, double p99, double max) {
    }
}
