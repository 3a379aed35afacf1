package lor.protocol.netty;

/**
 * A token bucket: holds at most {@code burst} tokens, refilled continuously at {@code ratePerSecond}; each event takes
 * one. Time is passed in (nanoseconds of any monotonic clock) so that tests run on a fake clock. Not thread-safe: each
 * user confines it to one thread or guards it.
 */
public final class TokenBucket {

    private final double ratePerNano;
    private final double burst;
    private double tokens;
    private long lastRefillNanos;

    public TokenBucket(double ratePerSecond, double burst, long nowNanos) {
        if (ratePerSecond <= 0 || burst < 1) {
            throw new IllegalArgumentException("rate must be positive and burst at least 1");
        }
        this.ratePerNano = ratePerSecond / 1e9;
        this.burst = burst;
        this.tokens = burst;
        this.lastRefillNanos = nowNanos;
    }

    /** Takes a token if there is one. */
    public boolean tryTake(long nowNanos) {
        refill(nowNanos);
        if (tokens >= 1) {
            tokens -= 1;
            return true;
        }
        return false;
    }

    /** Whether the bucket has refilled completely: it then remembers nothing a fresh bucket would not. */
    public boolean isFull(long nowNanos) {
        refill(nowNanos);
        return tokens >= burst;
    }

    private void refill(long nowNanos) {
        long elapsed = nowNanos - lastRefillNanos;
        if (elapsed > 0) {
            tokens = Math.min(burst, tokens + elapsed * ratePerNano);
            lastRefillNanos = nowNanos;
        }
    }
}
