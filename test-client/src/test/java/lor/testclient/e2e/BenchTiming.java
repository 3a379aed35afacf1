package lor.testclient.e2e;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.awaitility.core.ConditionTimeoutException;

/** How the {@code Cluster*Bench} figures time what happens, and pace their measurement windows. */
final class BenchTiming {
    /** The longest a figure waits for something it times before reporting it as not happening. */
    static final Duration WAIT = Duration.ofSeconds(60);

    private BenchTiming() {
    }

    /**
     * Waits for {@code condition}, evaluated every {@code every}, and returns the nanoTime of the evaluation that
     * first held; -1 when it did not hold within {@code atMost} (printed: the figure reports it, the run goes on).
     */
    static long timed(String what, Duration atMost, Duration every, Callable<Boolean> condition) {
        AtomicLong at = new AtomicLong(-1);
        try {
            await(what).atMost(atMost).pollDelay(Duration.ZERO).pollInterval(every).until(() -> {
                if (condition.call()) {
                    at.set(System.nanoTime());
                    return true;
                }
                return false;
            });
        } catch (ConditionTimeoutException e) {
            System.out.println("ClusterBench: " + what + " did not happen within " + atMost.toSeconds() + " s");
        }
        return at.get();
    }

    /** Paces a measurement window (a timer, not a wait for something to happen). */
    static void paceUntil(long nanoTime) throws InterruptedException {
        TimeUnit.NANOSECONDS.sleep(Math.max(0, nanoTime - System.nanoTime()));
    }

    static long millisBetween(long fromNanos, long toNanos) {
        return toNanos < 0 ? -1 : TimeUnit.NANOSECONDS.toMillis(toNanos - fromNanos);
    }
}
