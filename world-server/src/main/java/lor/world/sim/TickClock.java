package lor.world.sim;

import java.util.concurrent.locks.LockSupport;

/**
 * Where the tick thread reads the time and waits for its next deadline: the machine's monotonic clock in a world,
 * a clock the test steps by hand in the loop's own tests. Waking the waiting thread early stays
 * {@link LockSupport#unpark}'s job, so an implementation must park with {@link LockSupport}.
 */
public interface TickClock {

    /** Nanoseconds from a monotonic source. */
    long nanoTime();

    /**
     * Parks the calling thread until {@code deadlineNanos} at the latest; it may return earlier (an unpark, or
     * spuriously), so the caller checks the time again.
     */
    void parkUntil(Object blocker, long deadlineNanos);

    /** {@link System#nanoTime} and {@link LockSupport#parkNanos}. */
    static TickClock system() {
        return SystemTickClock.INSTANCE;
    }
}
