package lor.director.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL 17 run by the director itself when no external database is configured, with its data under the
 * data directory so it survives restarts. Started durable: the embedded library turns fsync and synchronous
 * commit off by default, which suits throwaway test databases, not a player's progress.
 *
 * <p>Supervised: when its postmaster dies (a crash, SIGKILL, the OOM killer) it is started again on the same port,
 * after {@value #FIRST_RETRY_MS} ms and then with a back-off doubling up to {@value #MAX_RETRY_MS} ms while it cannot
 * start (its old backends may hold the shared memory for a moment). PostgreSQL's own crash recovery replays the
 * write-ahead log, so every committed (and so every acknowledged) snapshot is there again; the connection pool
 * reconnects by itself, and readiness follows.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedDatabase.class);
    public static final String DATABASE = "postgres";
    public static final String USER = "postgres";
    static final long FIRST_RETRY_MS = 500;
    static final long MAX_RETRY_MS = 30_000;

    private final Path directory;
    private final boolean durable;
    private final int port;
    private final ScheduledExecutorService watcher;
    private volatile EmbeddedPostgres postgres;
    private volatile boolean closing;
    private final AtomicInteger restarts = new AtomicInteger();

    private EmbeddedDatabase(Path directory, boolean durable, EmbeddedPostgres postgres) {
        this.directory = directory;
        this.durable = durable;
        this.postgres = postgres;
        this.port = postgres.getPort();
        this.watcher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "embedded-postgres-watch");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Starts (creating on first use) the cluster in {@code directory}, and watches over it until closed. */
    public static EmbeddedDatabase start(Path directory, boolean durable) throws IOException {
        Files.createDirectories(directory);
        stopOrphanedPostmaster(directory);
        LOG.info("starting embedded PostgreSQL in {}", directory);
        EmbeddedPostgres postgres = builder(directory, durable).start();
        LOG.info("embedded PostgreSQL serving on 127.0.0.1:{}", postgres.getPort());
        EmbeddedDatabase database = new EmbeddedDatabase(directory, durable, postgres);
        database.watch();
        return database;
    }

    private static EmbeddedPostgres.Builder builder(Path directory, boolean durable) {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                // The director stops PostgreSQL itself, last, after the worlds' final snapshots are in.
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                .setServerConfig("max_connections", "100");
        if (durable) {
            builder.setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on");
        }
        return builder;
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + DATABASE;
    }

    public int port() {
        return port;
    }

    /** Times the postmaster died and was started again since the director started. */
    public int restarts() {
        return restarts.get();
    }

    @Override
    public void close() throws IOException {
        closing = true;
        watcher.shutdownNow();
        synchronized (this) {
            postgres.close();
        }
    }

    /** Waits for the running postmaster's exit; an exit the director did not ask for starts it again. */
    private void watch() {
        Optional<ProcessHandle> postmaster = postmasterPid(directory).flatMap(ProcessHandle::of);
        if (postmaster.isEmpty()) {
            LOG.warn("cannot find the embedded PostgreSQL's postmaster in {}; it is not supervised", directory);
            return;
        }
        long pid = postmaster.get().pid();
        postmaster.get().onExit().thenRun(() -> {
            if (!closing) {
                LOG.warn("embedded PostgreSQL (pid {}) has exited; starting it again on port {}", pid, port);
                schedule(1, FIRST_RETRY_MS);
            }
        });
    }

    private void schedule(int attempt, long delayMs) {
        try {
            watcher.schedule(() -> restart(attempt, delayMs), delayMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // Closing: nothing to start again.
        }
    }

    private void restart(int attempt, long delayMs) {
        synchronized (this) {
            if (closing) {
                return;
            }
            try {
                // Releases the library's lock on the data directory; its stop finds nothing left to stop.
                postgres.close();
            } catch (IOException | RuntimeException e) {
                LOG.debug("closing the exited embedded PostgreSQL: {}", e.toString());
            }
            try {
                postgres = builder(directory, durable).setPort(port).start();
            } catch (IOException | RuntimeException e) {
                long next = Math.min(MAX_RETRY_MS, delayMs * 2);
                LOG.warn("embedded PostgreSQL did not start again (attempt {}): {}; next attempt in {} ms", attempt,
                        e.getMessage(), next);
                schedule(attempt + 1, next);
                return;
            }
        }
        restarts.incrementAndGet();
        LOG.info("embedded PostgreSQL serving again on 127.0.0.1:{} (attempt {})", port, attempt);
        watch();
    }

    private static Optional<Long> postmasterPid(Path directory) {
        try {
            List<String> lines = Files.readAllLines(directory.resolve("postmaster.pid"), StandardCharsets.UTF_8);
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /**
     * A director killed with SIGKILL leaves its postmaster running, which would make the next start fail on the
     * same data directory. Such an orphan is asked to stop (SIGTERM: a smart shutdown) before we start.
     */
    private static void stopOrphanedPostmaster(Path directory) throws IOException {
        Optional<Long> pidInFile = postmasterPid(directory);
        if (pidInFile.isEmpty()) {
            return;
        }
        long pid = pidInFile.get();
        Optional<ProcessHandle> process = ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false));
        if (process.isEmpty()) {
            return;
        }
        LOG.warn("a PostgreSQL from an earlier run still serves {} (pid {}); stopping it", directory, pid);
        process.get().destroy();
        try {
            process.get().onExit().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("the earlier PostgreSQL (pid " + pid + ") did not stop; stop it by hand", e);
        }
    }
}
