package lor.sim.time;

/**
 * The fixed-rate tick schedule on an absolute timeline: tick {@code n} is due at {@code start + n * period}, so
 * lateness never accumulates into drift. When the loop falls more than {@link #MAX_CATCH_UP_TICKS} behind, the
 * baseline is reset to now instead of bursting through the backlog. Time is injected (nanoseconds from any
 * monotonic source), so the schedule is deterministic under test. Not thread-safe: owned by the tick thread.
 */
public final class TickTimeline {

    /** Ticks the loop may run back to back to catch up before it gives up and resets the baseline. */
    public static final int MAX_CATCH_UP_TICKS = 5;

    private final long periodNanos;
    private long baseline;
    private long ticksSinceBaseline;
    private long overruns;
    private long resets;

    public TickTimeline(long periodNanos, long startNanos) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive");
        }
        this.periodNanos = periodNanos;
        this.baseline = startNanos;
    }

    public static TickTimeline ofRate(int ticksPerSecond, long startNanos) {
        return new TickTimeline(1_000_000_000L / ticksPerSecond, startNanos);
    }

    /** When the next tick is due. */
    public long nextDeadline() {
        return baseline + (ticksSinceBaseline + 1) * periodNanos;
    }

    /**
     * Records that a tick finished at {@code nowNanos} and returns how long to wait before the next one (0 when it
     * is already due). A tick that ends after the next deadline is an overrun.
     */
    public long completeTick(long nowNanos) {
        ticksSinceBaseline++;
        long next = nextDeadline();
        if (nowNanos <= next) {
            return next - nowNanos;
        }
        overruns++;
        if (nowNanos - next > MAX_CATCH_UP_TICKS * periodNanos) {
            resets++;
            baseline = nowNanos - periodNanos;
            ticksSinceBaseline = 0;
        }
        return 0;
    }

    long periodNanos() {
        return periodNanos;
    }

    public long overruns() {
        return overruns;
    }

    public long resets() {
        return resets;
    }
}
