package lor.director.world.lease;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import lor.director.db.DataAccessException;
import lor.protocol.control.Timings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this director's leases on its worlds alive and gives them back: renewed on a timer, released when a world's
 * process exits or its claim is given up, all released when the director stops.
 *
 * <p>It also fences the director. Another director may claim a world once its lease has expired, so a director
 * that cannot renew must have stopped serving the world before then. The lease's expiry is computed by the database
 * when a renewal commits, which is after the renewal was sent: so a lease cannot expire sooner than {@link #TTL}
 * after the start of the last renewal that succeeded. When {@link #FENCE_MILLIS} have passed since then, the
 * director lets go of every world ({@link Fencing#fence}): it refuses joins, acknowledges no snapshot, and tells its
 * worlds to find another director, which adopts them under the same epoch. The margin before anyone may claim is
 * {@code TTL - FENCE_MILLIS}, minus the fence check's period; a world that finds no director ends itself within the
 * world server's orphan limit, inside that margin ({@link Timings}, whose test holds them to it). A renewal that
 * succeeds again lifts the fence.
 * A world missing from a renewal's answer was taken over by another director: this one forgets it. The lease of a
 * world this director let go is not renewed again: it expires, by when the process, if nobody adopted it, has ended.
 */
public final class LeaseKeeper {

    private static final Logger LOG = LoggerFactory.getLogger(LeaseKeeper.class);

    /** How long a world's lease lives unrenewed; a crashed director's worlds are free again after it. */
    public static final Duration TTL = Timings.LEASE_TTL;
    static final long RENEW_MILLIS = Timings.LEASE_RENEWAL_PERIOD.toMillis();
    static final long FENCE_MILLIS = Timings.FENCE_DELAY.toMillis();
    static final long FENCE_CHECK_MILLIS = Timings.FENCE_CHECK_PERIOD.toMillis();

    /** What fencing does to the worlds; see {@link lor.director.world.WorldSupervisor}. */
    public interface Fencing {
        /** The director can no longer prove its leases: it lets go of every world it runs. */
        void fence();

        /** A renewal succeeded again: the director may serve worlds again. */
        void unfence();

        /**
         * The renewal that started at {@code sinceNanos} did not find this director holding the world's lease: the
         * spawn it runs, if it held the lease before then, has been taken over by another director.
         */
        void lost(String worldId, long sinceNanos);
    }

    private final WorldLeases leases;
    private final Executor blocking;
    private final ScheduledExecutorService scheduler;
    /** The worlds this director has a process (or a claim under way) for: the leases it renews. */
    private final Supplier<Set<String>> running;
    private final AtomicBoolean renewing = new AtomicBoolean();
    /** Worlds whose killed process has exited, by epoch: their leases are given back when the database answers. */
    private final Map<String, Long> toRelease = new ConcurrentHashMap<>();
    /**
     * Renewals run on a thread of their own: queued behind a burst of other database work on the shared executor,
     * a renewal late by the fence timeout would fence a healthy director.
     */
    private final ExecutorService renewals = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lease-renewal");
        t.setDaemon(true);
        return t;
    });
    /** Set while no renewal has succeeded for {@link #FENCE_MILLIS}. */
    private volatile boolean fenced;
    private Fencing fencing;
    private ScheduledFuture<?> renewal;
    private ScheduledFuture<?> fenceCheck;
    /** nanoTime at the start of the last renewal that succeeded. */
    private volatile long lastRenewalStartNanos = System.nanoTime();

    public LeaseKeeper(WorldLeases leases, Executor blocking, ScheduledExecutorService scheduler,
                       Supplier<Set<String>> running) {
        this.leases = leases;
        this.blocking = blocking;
        this.scheduler = scheduler;
        this.running = running;
    }

    public void start(Fencing fencing) {
        this.fencing = fencing;
        lastRenewalStartNanos = System.nanoTime();
        renewal = scheduler.scheduleWithFixedDelay(this::renewInBackground, RENEW_MILLIS, RENEW_MILLIS,
                TimeUnit.MILLISECONDS);
        fenceCheck = scheduler.scheduleWithFixedDelay(this::checkFence, FENCE_CHECK_MILLIS, FENCE_CHECK_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    public void stop() {
        if (renewal != null) {
            renewal.cancel(false);
            fenceCheck.cancel(false);
        }
        renewals.shutdown();
    }

    /** Gives the world up under {@code epoch}, off the caller's thread. */
    public void release(String worldId, long epoch) {
        runBlocking(() -> {
            try {
                leases.release(worldId, epoch);
            } catch (DataAccessException e) {
                LOG.warn("cannot release world {}: {}; its lease expires by itself", worldId, e.getMessage());
            }
        });
    }

    /**
     * Gives the world up under {@code epoch} once {@code process} has exited: at once if the database answers, else
     * after the next renewal that succeeds (a lease not given back expires by itself anyway).
     */
    public void releaseOnceGone(String worldId, long epoch, Process process) {
        process.onExit().thenRun(() -> {
            toRelease.put(worldId, epoch);
            runBlocking(this::releaseGone);
        });
    }

    /** Runs {@code task} on the blocking executor; when it is saturated the task is dropped (logged). */
    private void runBlocking(Runnable task) {
        try {
            blocking.execute(task);
        } catch (RejectedExecutionException e) {
            LOG.error("blocking executor saturated");
        }
    }

    private void releaseGone() {
        for (Map.Entry<String, Long> gone : Map.copyOf(toRelease).entrySet()) {
            try {
                leases.release(gone.getKey(), gone.getValue());
                toRelease.remove(gone.getKey(), gone.getValue());
            } catch (DataAccessException e) {
                LOG.debug("world {}: lease of a gone process not given back yet: {}", gone.getKey(), e.getMessage());
                return;
            }
        }
    }

    /** Gives up every world: the director has stopped them. */
    public void releaseAll() {
        try {
            leases.releaseAll();
        } catch (DataAccessException e) {
            LOG.warn("cannot release this director's worlds: {}; their leases expire within {} s", e.getMessage(),
                    TTL.toSeconds());
        }
    }

    private void renewInBackground() {
        // One at a time: renewals against a database that hangs must not fill the blocking executor.
        if (renewing.compareAndSet(false, true)) {
            try {
                renewals.execute(() -> {
                    try {
                        renew();
                    } finally {
                        renewing.set(false);
                    }
                });
            } catch (RejectedExecutionException e) {
                renewing.set(false);
            }
        }
    }

    private void renew() {
        long started = System.nanoTime();
        Set<String> running = this.running.get();
        Set<String> held;
        try {
            held = leases.renewAll(running);
        } catch (DataAccessException e) {
            LOG.warn("cannot renew the world leases: {}", e.getMessage());
            return;
        }
        lastRenewalStartNanos = started;
        if (!toRelease.isEmpty()) {
            releaseGone();
        }
        if (fenced) {
            fenced = false;
            LOG.info("world leases renewed again: this director serves worlds again");
            fencing.unfence();
        }
        for (String worldId : running) {
            if (!held.contains(worldId)) {
                fencing.lost(worldId, started);
            }
        }
    }

    private void checkFence() {
        long since = System.nanoTime() - lastRenewalStartNanos;
        if (!fenced && since > TimeUnit.MILLISECONDS.toNanos(FENCE_MILLIS)) {
            fenced = true;
            LOG.error("no lease renewal has succeeded for {} ms: fencing this director off; it lets its worlds go "
                    + "to another director and refuses joins until the database answers again (their leases "
                    + "cannot expire for another {} s)", TimeUnit.NANOSECONDS.toMillis(since),
                    (TTL.toMillis() - TimeUnit.NANOSECONDS.toMillis(since)) / 1000);
            fencing.fence();
        }
    }
}
