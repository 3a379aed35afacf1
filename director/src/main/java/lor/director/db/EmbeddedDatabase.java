package lor.director.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL 17 run by the director itself when no external database is configured, with its data under the
 * data directory so it survives restarts. Started durable: the embedded library turns fsync and synchronous
 * commit off by default, which suits throwaway test databases, not a player's progress.
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedDatabase.class);
    public static final String DATABASE = "postgres";
    public static final String USER = "postgres";

    private final EmbeddedPostgres postgres;

    private EmbeddedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts (creating on first use) the cluster in {@code directory}. */
    public static EmbeddedDatabase start(Path directory, boolean durable) throws IOException {
        Files.createDirectories(directory);
        stopOrphanedPostmaster(directory);
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
        LOG.info("starting embedded PostgreSQL in {}", directory);
        EmbeddedPostgres postgres = builder.start();
        LOG.info("embedded PostgreSQL serving on 127.0.0.1:{}", postgres.getPort());
        return new EmbeddedDatabase(postgres);
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + DATABASE;
    }

    public int port() {
        return postgres.getPort();
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }

    /**
     * A director killed with SIGKILL leaves its postmaster running, which would make the next start fail on the
     * same data directory. Such an orphan is asked to stop (SIGTERM: a smart shutdown) before we start.
     */
    private static void stopOrphanedPostmaster(Path directory) throws IOException {
        Path pidFile = directory.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
        if (lines.isEmpty()) {
            return;
        }
        long pid;
        try {
            pid = Long.parseLong(lines.get(0).trim());
        } catch (NumberFormatException e) {
            return;
        }
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
