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
 * the check before the first of them had failed. Below the threshold at most {@code maxInFlight} less the failures so
 * far may be in flight at once (so at most {@code maxInFlight} failures can be counted before the key is shut);
 * past it, one. Only failures shut a key: attempts refused for being too many at once are told apart
 * ({@link Verdict#busy}), so that a crowd of right passwords behind one address is never taken for guessing.
 *
 * <p>Bounded: keys without failures or attempts in flight are dropped, and beyond {@code capacity} keys the least
 * recently used one is forgotten. Thread-safe (one lock; every operation is a few map steps).
 */
public final class FailureBackoff {

    /**
     * The thresholds of one kind of key.
     *
     * @param maxInFlight attempts one key may have in flight at once while it has no failure, at least
     *                    {@code freeFailures}
     */
    public record Policy(int freeFailures, int maxInFlight, long baseDelayMs, long maxDelayMs, long forgetAfterMs,
                         int capacity) {

        public Policy {
            if (freeFailures < 1 || maxInFlight < freeFailures || baseDelayMs < 1 || maxDelayMs < baseDelayMs
                    || forgetAfterMs < 1 || capacity < 1) {
                throw new IllegalArgumentException("bad back-off policy " + this);
            }
        }
    }

    /**
     * What {@link #tryAcquire} decided: go ahead ({@code retryAfterMs} 0), or wait; {@code busy} when the wait is for
     * attempts in flight to end rather than a back-off earned by failures.
     */
    public record Verdict(long retryAfterMs, boolean busy) {

        public static final Verdict GO = new Verdict(0, false);

        public boolean allowed() {
            return retryAfterMs == 0;
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
     * @return {@link Verdict#allowed()} when it may go ahead (report its end with {@link #succeeded},
     *         {@link #failed} or {@link #released}), else how long to wait before the next attempt has a chance
     */
    public synchronized Verdict tryAcquire(String key) {
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
            return new Verdict(e.blockedUntil - now, false);
        }
        boolean backedOff = e.failures >= policy.freeFailures();
        int allowedInFlight = backedOff ? 1 : policy.maxInFlight() - e.failures;
        if (e.inFlight >= allowedInFlight) {
            return new Verdict(policy.baseDelayMs(), !backedOff);
        }
        e.inFlight++;
        return Verdict.GO;
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

    /** A failure counted by another director sharing the accounts: one more failure here too, nothing in flight. */
    public synchronized void failedElsewhere(String key) {
        long now = clockMillis.getAsLong();
        Entry e = entries.computeIfAbsent(key, k -> new Entry());
        e.failures++;
        e.lastFailure = now;
        if (e.failures >= policy.freeFailures()) {
            e.blockedUntil = Math.max(e.blockedUntil, now + delayAfter(e.failures));
        }
    }

    /** Another director's login of the key succeeded: its failures are forgiven here too. */
    public synchronized void forgivenElsewhere(String key) {
        Entry e = entries.get(key);
        if (e != null) {
            e.failures = 0;
            e.blockedUntil = 0;
            dropIfIdle(key, e);
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
