package lor.testclient.bots;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * The histograms every bot records into, from any event loop: values in microseconds, 3 significant digits, up to
 * an hour (longer values are recorded as an hour).
 */
final class FleetStats {

    static final long HIGHEST_MICROS = 3_600_000_000L;

    /** Intent written → the first state acking it, or the tick's rejection of it; measured intents only. */
    final Histogram latency = newHistogram();
    /**
     * How late the timer of each measured intent fired after its slot: the generator's own delay, which would stretch
     * every other figure if it grew (then the generator, not the server, is the bottleneck).
     */
    final Histogram sendLag = newHistogram();
    /** {@code join_world} sent → {@code welcome} received (first joins only, not rejoins after a transfer). */
    final Histogram joinToWelcome = newHistogram();
    /** {@code join_world} sent → the first {@code state} received. */
    final Histogram joinToFirstState = newHistogram();

    static Histogram newHistogram() {
        return new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    }

    static void recordNanos(Histogram histogram, long nanos) {
        long micros = Math.max(1, (nanos + 500) / 1000);
        histogram.recordValue(Math.min(micros, HIGHEST_MICROS));
    }
}
