package lor.director.world;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

import lor.director.DirectorMetrics;
import lor.director.world.admission.SpawnSecrets;
import lor.director.world.lease.WorldLeases;
import lor.director.world.presence.Membership;
import lor.director.world.process.SparePool;
import lor.director.world.process.WorldLauncher;
import lor.director.world.store.SnapshotRepository;
import lor.protocol.control.WorldDirectorsMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This director as the parts of its worlds' lifecycle see it: the worlds it knows, where it stores them, how it
 * starts their processes, its threads, and its own standing: whether it still serves worlds (not shutting down, not
 * fenced off) and which other directors share its database. Each part (spawning, hydration, persistence, idle
 * reaping, stopping, exits, adoption) changes a world only through {@link WorldInstance}'s transitions; blocking
 * work (the database) runs through {@link #runBlocking}, timers through {@link #schedule}, so nothing blocks an
 * event loop.
 */
final class LocalDirector {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    /** How long a world has to register and hydrate, to stop, and how long without players it may run. */
    record Timeouts(long spawnMs, long stopMs, long idleShutdownMs) {
    }

    final WorldCatalog worlds;
    final WorldLauncher launcher;
    final SnapshotRepository snapshots;
    final WorldLeases leases;
    final DirectorMetrics metrics;
    final Membership membership;
    final SparePool spares;
    final Timeouts timeouts;
    final SpawnSecrets secrets;
    private final Executor blocking;
    private final ScheduledExecutorService scheduler;
    /** Set once when the director begins to stop: no spawn starts after it. */
    private volatile boolean shuttingDown;
    /**
     * Set while the director cannot prove its leases (see {@link lor.director.world.lease.LeaseKeeper}): it serves
     * no world.
     */
    private volatile boolean fenced;
    /** Every director's {@code /control}, this one's first; empty while it is alone. */
    private volatile List<String> directors = List.of();
    /** Told when a spawn of a world begins to end (it is stopping, or its process exited): world, epoch. */
    private volatile ObjLongConsumer<String> spawnEnds = (worldId, epoch) -> { };

    LocalDirector(WorldCatalog worlds, WorldLauncher launcher, SnapshotRepository snapshots, WorldLeases leases,
                  DirectorMetrics metrics, Membership membership, SparePool spares, Timeouts timeouts,
                  SpawnSecrets secrets, Executor blocking, ScheduledExecutorService scheduler) {
        this.worlds = worlds;
        this.launcher = launcher;
        this.snapshots = snapshots;
        this.leases = leases;
        this.metrics = metrics;
        this.membership = membership;
        this.spares = spares;
        this.timeouts = timeouts;
        this.secrets = secrets;
        this.blocking = blocking;
        this.scheduler = scheduler;
    }

    boolean shuttingDown() {
        return shuttingDown;
    }

    void beginShutdown() {
        shuttingDown = true;
    }

    List<String> directors() {
        return directors;
    }

    void directors(List<String> controlUrls) {
        directors = List.copyOf(controlUrls);
    }

    /** Tells a world which directors it may go to if this one goes away; nothing while this one is alone. */
    void nameDirectorsTo(String worldId, ControlChannel channel) {
        List<String> urls = directors;
        if (urls.size() > 1) {
            channel.send(new WorldDirectorsMessage(worldId, urls));
        }
    }

    void onSpawnEnding(ObjLongConsumer<String> listener) {
        spawnEnds = listener;
    }

    /** The spawn {@code epoch} of the world stops serving: it must not hand out more tickets. Must not block. */
    void spawnEnding(String worldId, long epoch) {
        try {
            spawnEnds.accept(worldId, epoch);
        } catch (RuntimeException e) {
            LOG.warn("a listener of world {} ending failed: {}", worldId, e.toString());
        }
    }

    boolean fenced() {
        return fenced;
    }

    void fence(boolean on) {
        fenced = on;
    }

    /** Runs {@code task} on the blocking executor, or {@code onRejected} here when it is saturated. */
    void runBlocking(Runnable task, Runnable onRejected) {
        try {
            blocking.execute(task);
        } catch (RejectedExecutionException e) {
            LOG.error("blocking executor saturated");
            onRejected.run();
        }
    }

    /** Runs {@code task} on the blocking executor; when it is saturated the task is dropped (logged). */
    void runBlocking(Runnable task) {
        runBlocking(task, () -> { });
    }

    /** Runs {@code task} on the blocking executor and completes the future with its result. */
    <T> CompletableFuture<T> supplyBlocking(Supplier<T> task) {
        return CompletableFuture.supplyAsync(task, blocking);
    }

    ScheduledFuture<?> schedule(Runnable task, long delayMs) {
        return scheduler.schedule(task, delayMs, TimeUnit.MILLISECONDS);
    }

    ScheduledFuture<?> every(Runnable task, long periodMs) {
        return scheduler.scheduleWithFixedDelay(task, periodMs, periodMs, TimeUnit.MILLISECONDS);
    }
}
