package lor.world.sim;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import lor.sim.time.TickTimeline;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that owns a world. Other threads never touch world state: they {@link #submit} commands into a
 * bounded queue, which the tick drains before stepping. Ticks follow an absolute timeline
 * ({@link TickTimeline}), every tick is measured, and overruns are counted.
 */
public final class WorldLoop {

    public static final int TICK_RATE = 20;
    public static final int BROADCAST_RATE = 10;

    /** Commands one tick applies at most; the rest wait for the next tick instead of stretching this one. */
    static final int MAX_COMMANDS_PER_TICK = 4096;

    private static final Logger LOG = LoggerFactory.getLogger(WorldLoop.class);

    private final BlockingQueue<Runnable> commands;
    private final TickStats stats = new TickStats();
    private final Tickable tickable;
    private final TickClock clock;
    private final Thread thread;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private volatile boolean running = true;
    /** Passes of the loop so far: a count that stops when the tick thread is stuck. */
    private volatile long passes;
    /** Set by {@link #submitNow}: the parked tick thread applies the queued commands before the next tick. */
    private volatile boolean wake;
    private TickTimeline timeline;

    /** What the loop runs once per tick, after it has applied the queued commands. */
    @FunctionalInterface
    public interface Tickable {
        void tick(WorldLoop loop);
    }

    public WorldLoop(String worldId, int queueCapacity, Tickable tickable) {
        this(worldId, queueCapacity, tickable, TickClock.system());
    }

    /** On {@code clock} instead of the machine's: for tests that step time by hand. */
    public WorldLoop(String worldId, int queueCapacity, Tickable tickable, TickClock clock) {
        this.commands = new ArrayBlockingQueue<>(queueCapacity);
        this.tickable = tickable;
        this.clock = clock;
        this.thread = new Thread(this::run, "tick-" + worldId);
    }

    public void start() {
        thread.start();
    }

    /**
     * Queues a command for the tick thread. Never blocks.
     *
     * @return false when the queue is full: the caller refuses the work instead of queueing without bound
     */
    public boolean submit(Runnable command) {
        return commands.offer(command);
    }

    /**
     * Like {@link #submit}, but the tick thread applies the command (and those queued before it) as soon as it is
     * between ticks, instead of at the start of the next one: for work someone is waiting on, such as a hydration
     * or a player's welcome, which would otherwise wait up to a tick period for nothing.
     */
    public boolean submitNow(Runnable command) {
        if (!commands.offer(command)) {
            return false;
        }
        wake = true;
        LockSupport.unpark(thread);
        return true;
    }

    boolean isTickThread() {
        return Thread.currentThread() == thread;
    }

    /** Stops after the current tick; commands still queued are dropped. */
    public void stop() {
        running = false;
        LockSupport.unpark(thread);
    }

    public boolean awaitStopped(long timeout, TimeUnit unit) throws InterruptedException {
        return stopped.await(timeout, unit);
    }

    /** How many times the loop has ticked; any thread. */
    public long passes() {
        return passes;
    }

    /** Tick-thread only. */
    public TickStats stats() {
        return stats;
    }

    /** Tick-thread only. */
    public long overruns() {
        return timeline == null ? 0 : timeline.overruns();
    }

    public int queuedCommands() {
        return commands.size();
    }

    private void run() {
        timeline = TickTimeline.ofRate(TICK_RATE, clock.nanoTime());
        parkUntil(timeline.nextDeadline());
        try {
            while (running) {
                long start = clock.nanoTime();
                drainCommands();
                tickable.tick(this);
                long end = clock.nanoTime();
                stats.record(end - start);
                long wait = timeline.completeTick(end);
                passes++;
                parkUntil(end + wait);
            }
        } catch (RuntimeException | Error e) {
            LOG.error("tick thread failed; the world stops", e);
            throw e;
        } finally {
            stopped.countDown();
        }
    }

    private void drainCommands() {
        for (int i = 0; i < MAX_COMMANDS_PER_TICK; i++) {
            Runnable command = commands.poll();
            if (command == null) {
                return;
            }
            try {
                command.run();
            } catch (RuntimeException e) {
                // One bad command must not take the world down with it.
                LOG.error("command failed on the tick thread", e);
            }
        }
    }

    private void parkUntil(long deadline) {
        while (running && deadline - clock.nanoTime() > 0) {
            if (wake) {
                wake = false;
                drainCommands();
            } else {
                clock.parkUntil(this, deadline);
            }
        }
    }
}
