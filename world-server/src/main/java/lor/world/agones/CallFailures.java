package lor.world.agones;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs failed SDK calls without flooding the log: the first failure after a success at once, then at most one line
 * a minute saying how many failed meanwhile, and one line when the sidecar answers again. No stack traces: a
 * sidecar that is not up yet, or any more, is a condition to report, not a bug. Used from one thread.
 */
final class CallFailures {

    private static final Logger LOG = LoggerFactory.getLogger(AgonesSdk.class);

    static final long REPEAT_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final String sdk;
    private final LongSupplier nanoTime;
    /** Failed calls since the last success. */
    private volatile long failures;
    /** Failed calls since the last line logged. */
    private long unlogged;
    private long loggedAt;

    CallFailures(String sdk, LongSupplier nanoTime) {
        this.sdk = sdk;
        this.nanoTime = nanoTime;
    }

    void failed(String call, String reason) {
        long now = nanoTime.getAsLong();
        failures++;
        if (failures == 1) {
            LOG.warn("Agones SDK at {}: {} failed ({}); the world goes on, further failures are logged once a "
                    + "minute", sdk, call, reason);
            loggedAt = now;
            unlogged = 0;
        } else if (now - loggedAt >= REPEAT_NANOS) {
            LOG.warn("Agones SDK at {}: {} more calls failed in the last {} s, the last {} ({})", sdk, unlogged + 1,
                    TimeUnit.NANOSECONDS.toSeconds(now - loggedAt), call, reason);
            loggedAt = now;
            unlogged = 0;
        } else {
            unlogged++;
        }
    }

    void succeeded() {
        if (failures > 0) {
            LOG.info("Agones SDK at {} answers again, after {} failed calls", sdk, failures);
            failures = 0;
            unlogged = 0;
        }
    }

    /** Failed calls since the last success. */
    long failures() {
        return failures;
    }
}
