package lor.director.account;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Consecutive failures per key (an account name, a remote address) and the back-off they earn: the first
 * {@code freeFailures} cost nothing, each further one shuts the key for {@code baseDelayMs} doubled per failure,
 * at most {@code maxDelayMs}. After {@code forgetAfterMs} without a failure a key starts afresh, so nobody is locked
 * out for good. While a key is shut an attempt is refused before any work is done for it.
 *
 * <p>Attempts are counted when they start, not only when they fail: without that, many connections could all pass
 * the check before the first of them had failed. Below the threshold at most the remaining free failures may be in
 * flight at once; past it, one.
 *
 * <p>Bounded: keys without failures or attempts in flight are dropped, and beyond {@code capacity} keys the least
 * recently used one is forgotten. Thread-safe (one lock; every operation is a few map steps).
 */
public final class FailureBackoff {

    /** The thresholds of one kind of key. */
    public record Policy(int freeFailures, long baseDelayMs, long maxDelayMs, long forgetAfterMs, int capacity) {

        public Policy {
            if (freeFailures < 1 || baseDelayMs < 1 || maxDelayMs < baseDelayMs || forgetAfterMs < 1 || capacity < 1) {
                throw new IllegalArgumentException("bad back-off policy " + this);
            }
        }
    }

    private static final class Entry {
        int failures;
        int inFlight;
        long blockedUntil;
        long lastFailure;
    }

    private final Policy policy;
    private final LongSupplier clockMillis;
    private final Map<String, Entry> entries;

    public FailureBackoff(Policy policy, LongSupplier clockMillis) {
        this.policy = policy;
        this.clockMillis = clockMillis;
        this.entries = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Entry> eldest) {
                return size() > policy.capacity();
            }
        };
    }

    /**
     * Starts an attempt for {@code key}.
     *
     * @return 0 when it may go ahead (report its end with {@link #succeeded}, {@link #failed} or {@link #released}),
     *         else the milliseconds to wait before the next attempt has a chance
     */
    public synchronized long tryAcquire(String key) {
        long now = clockMillis.getAsLong();
        Entry e = entries.get(key);
        if (e == null) {
            e = new Entry();
            entries.put(key, e);
        } else if (e.inFlight == 0 && e.failures > 0 && now - e.lastFailure >= policy.forgetAfterMs()) {
            e.failures = 0;
            e.blockedUntil = 0;
        }
        if (now < e.blockedUntil) {
            return e.blockedUntil - now;
        }
        int allowedInFlight = Math.max(1, policy.freeFailures() - e.failures);
        if (e.inFlight >= allowedInFlight) {
            return policy.baseDelayMs();
        }
        e.inFlight++;
        return 0;
    }

    /** The attempt was right: the key's failures are forgiven. */
    public synchronized void succeeded(String key) {
        Entry e = entries.get(key);
        if (e != null) {
            e.inFlight = Math.max(0, e.inFlight - 1);
            e.failures = 0;
            e.blockedUntil = 0;
            dropIfIdle(key, e);
        }
    }

    /** The attempt was wrong: one more failure, and past the free ones a longer back-off. */
    public synchronized void failed(String key) {
        long now = clockMillis.getAsLong();
        Entry e = entries.get(key);
        if (e == null) {
            // Forgotten meanwhile (evicted): count the failure anyway.
            e = new Entry();
            entries.put(key, e);
        } else {
            e.inFlight = Math.max(0, e.inFlight - 1);
        }
        e.failures++;
        e.lastFailure = now;
        if (e.failures >= policy.freeFailures()) {
            e.blockedUntil = now + delayAfter(e.failures);
        }
    }

    /** The attempt ended without counting either way: an internal error, or a success that forgives nothing. */
    public synchronized void released(String key) {
        Entry e = entries.get(key);
        if (e != null) {
            e.inFlight = Math.max(0, e.inFlight - 1);
            dropIfIdle(key, e);
        }
    }

    /** Keys currently remembered. */
    public synchronized int size() {
        return entries.size();
    }

    /** The back-off after the {@code failures}-th consecutive failure (only called from the free count on). */
    long delayAfter(int failures) {
        int doublings = Math.min(failures - policy.freeFailures(), 40);
        long delay = policy.baseDelayMs() << doublings;
        return delay <= 0 || delay > policy.maxDelayMs() ? policy.maxDelayMs() : delay;
    }

    private void dropIfIdle(String key, Entry e) {
        if (e.inFlight == 0 && e.failures == 0) {
            entries.remove(key);
        }
    }
}
