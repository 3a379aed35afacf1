package lor.world.sim;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link TickClock} that moves only when the test {@link #advance advances} it: the tick thread parks until then.
 * The test can see which deadline the thread waits for, which is how it knows a tick has finished without waiting
 * on wall time.
 */
final class SteppedClock implements TickClock {

    /** A parked tick thread and the deadline it waits for. */
    private record Waiter(Thread thread, long deadline) {
    }

    private volatile long now;
    private volatile Waiter waiter;

    SteppedClock(long startNanos) {
        now = startNanos;
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void parkUntil(Object blocker, long deadlineNanos) {
        waiter = new Waiter(Thread.currentThread(), deadlineNanos);
        // Checked again after waiter is set: an advance in between either sees the waiter or is seen here.
        if (deadlineNanos - now > 0) {
            LockSupport.park(blocker);
        }
        waiter = null;
    }

    /** Moves time on and wakes the tick thread if it waits. Not meant for two stepping threads at once. */
    void advance(Duration by) {
        now += by.toNanos();
        Waiter parked = waiter;
        if (parked != null) {
            LockSupport.unpark(parked.thread());
        }
    }

    /** The deadline the tick thread is parked on, or null when it is not waiting. */
    Long parkedUntil() {
        Waiter parked = waiter;
        return parked == null ? null : parked.deadline();
    }
}
