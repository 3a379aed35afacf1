package lor.world.sim;

import java.util.concurrent.locks.LockSupport;

/** The machine's monotonic clock: what every world ticks on. */
enum SystemTickClock implements TickClock {
    INSTANCE;

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void parkUntil(Object blocker, long deadlineNanos) {
        LockSupport.parkNanos(blocker, deadlineNanos - System.nanoTime());
    }
}
