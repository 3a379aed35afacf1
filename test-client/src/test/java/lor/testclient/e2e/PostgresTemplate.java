package lor.testclient.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.stream.Stream;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * An initialised, empty PostgreSQL cluster, made once per test JVM (by the same embedded PostgreSQL the director
 * runs) and copied into each new director's data directory in place of the initdb that director would run: initdb
 * took 1.4 to 3.8 s of CPU per director, some thirty times a run on CI's two cores. The director still starts that
 * PostgreSQL itself and migrates the empty cluster's schema from nothing with Flyway; only initdb's bootstrap, the
 * same for every cluster, is shared. A first start on an empty directory, initdb included, is tested by director's
 * {@code EmbeddedDatabaseIT} and by {@link ScenarioSuiteIT}.
 */
final class PostgresTemplate {

    private static Path template;

    private PostgresTemplate() {
    }

    /** Copies the template into {@code cluster} unless that directory exists (a director's second start). */
    static synchronized void copyUnlessPresent(Path cluster) throws IOException {
        if (Files.exists(cluster)) {
            return;
        }
        if (template == null) {
            template = create();
        }
        Files.createDirectories(cluster.getParent());
        try (Stream<Path> paths = Files.walk(template)) {
            paths.forEach(source -> copy(source, cluster.resolve(template.relativize(source))));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Replaces {@code cluster} with a copy of the template. */
    static void copyReplacing(Path cluster) throws IOException {
        DirectoryTrees.delete(cluster);
        copyUnlessPresent(cluster);
    }

    /** Files and directories with their permissions: PostgreSQL refuses a data directory others may read. */
    private static void copy(Path source, Path target) {
        try {
            Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path create() throws IOException {
        Path directory = Path.of("target", "postgres-template-" + ProcessHandle.current().pid()).toAbsolutePath();
        DirectoryTrees.delete(directory);
        Files.createDirectories(directory);
        // Started and stopped once: initdb, then a clean shutdown, as a director's first start leaves it.
        EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                .start()
                .close();
        return directory;
    }
}
