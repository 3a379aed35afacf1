package lor.protocol.log;

import java.util.function.LongSupplier;

/**
 * One log line per interval for an event that a peer can repeat at will (a refused connection, a refused
 * registration, an unreadable message): the first occurrence is reported at once, later ones are counted and
 * reported with the next line that is due. Without it, anyone who can open connections decides how big the log gets.
 * Thread-safe.
 */
public final class LogRate {

    /** The interval used across the servers: often enough to see an attack start and stop. */
    public static final long DEFAULT_INTERVAL_NANOS = 10_000_000_000L;

    private final long intervalNanos;
    private final LongSupplier clock;
    private long lastReportNanos;
    private long unreported;

    public LogRate() {
        this(DEFAULT_INTERVAL_NANOS, System::nanoTime);
    }

    public LogRate(long intervalNanos, LongSupplier clockNanos) {
        this.intervalNanos = intervalNanos;
        this.clock = clockNanos;
        this.lastReportNanos = clockNanos.getAsLong() - intervalNanos;
    }

    /**
     * Counts one occurrence.
     *
     * @return 0 when no line is due; otherwise how many occurrences the line reports (this one included)
     */
    public synchronized long occurred() {
        unreported++;
        long now = clock.getAsLong();
        if (now - lastReportNanos < intervalNanos) {
            return 0;
        }
        lastReportNanos = now;
        long reported = unreported;
        unreported = 0;
        return reported;
    }
}
