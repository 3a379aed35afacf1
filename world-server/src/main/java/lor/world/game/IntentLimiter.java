package lor.world.game;

/**
 * The per-connection intent rate limit: a token bucket holding one second's worth of intents, refilled
 * continuously at the configured rate. Intents beyond it are refused ({@code rate_limited}); a connection that
 * keeps sending into an empty bucket (more than {@link #FLOOD_REFUSALS} refusals within
 * {@link #FLOOD_WINDOW_NANOS}, counted in consecutive windows) is a flooder and is closed. Time is injected. Confined
 * to one event loop.
 */
public final class IntentLimiter {

    /** The answer for one intent. */
    public enum Decision { ACCEPT, REFUSE, CLOSE }

    static final long FLOOD_WINDOW_NANOS = 5_000_000_000L;
    static final int FLOOD_REFUSALS = 100;

    private final int ratePerSecond;
    private double tokens;
    private long lastRefillNanos;
    private long windowStartNanos;
    private int refusalsInWindow;

    public IntentLimiter(int ratePerSecond, long nowNanos) {
        this.ratePerSecond = ratePerSecond;
        this.tokens = ratePerSecond;
        this.lastRefillNanos = nowNanos;
        this.windowStartNanos = nowNanos;
    }

    public Decision admit(long nowNanos) {
        long elapsed = nowNanos - lastRefillNanos;
        if (elapsed > 0) {
            tokens = Math.min(ratePerSecond, tokens + elapsed * ratePerSecond / 1e9);
            lastRefillNanos = nowNanos;
        }
        if (tokens >= 1) {
            tokens -= 1;
            return Decision.ACCEPT;
        }
        if (nowNanos - windowStartNanos > FLOOD_WINDOW_NANOS) {
            windowStartNanos = nowNanos;
            refusalsInWindow = 0;
        }
        return ++refusalsInWindow > FLOOD_REFUSALS ? Decision.CLOSE : Decision.REFUSE;
    }
}
