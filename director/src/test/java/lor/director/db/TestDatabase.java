package lor.director.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The one PostgreSQL of the integration tests, started once per JVM on first use, and a fresh, migrated database
 * on it for each caller. The server is, in this order: the one named by {@code LOR_TEST_DB_URL} (with
 * {@code LOR_TEST_DB_USER}, {@code LOR_TEST_DB_PASSWORD}); a {@code postgres:17} container when a Docker engine
 * answers; an embedded PostgreSQL in a temporary directory.
 *
 * <p>Every test class gets its own database, {@code lor_test_<pid>_<n>}: the pid keeps two runs against one
 * external server apart, and no class ever sees another's rows.
 */
public final class TestDatabase {

    public static final String URL_ENV = "LOR_TEST_DB_URL";
    public static final String USER_ENV = "LOR_TEST_DB_USER";
    public static final String PASSWORD_ENV = "LOR_TEST_DB_PASSWORD";
    private static final String IMAGE = "postgres:17";
    private static final int DEFAULT_POOL_SIZE = 4;

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static Server server;

    private TestDatabase() {
    }

    /** Where a database lives and how to log into it. */
    public record Coordinates(String url, String user, String password) {

        @Override
        public String toString() {
            return "Coordinates[url=" + url + ", user=" + user + "]";
        }
    }

    /** A new, migrated database with a small pool. The caller closes it. */
    public static Database fresh() {
        return fresh(DEFAULT_POOL_SIZE);
    }

    /** A new, migrated database whose pool holds up to {@code poolSize} connections. The caller closes it. */
    public static Database fresh(int poolSize) {
        Coordinates coordinates = createDatabase();
        return Database.connect(coordinates.url(), coordinates.user(), coordinates.password(), poolSize);
    }

    /** A new, empty database (not migrated): for tests that drive the migration or connect more than once. */
    public static Coordinates createDatabase() {
        Server s = server();
        String name = "lor_test_" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
        try (Connection admin = DriverManager.getConnection(s.adminUrl(), s.user(), s.password());
             Statement statement = admin.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create test database " + name + " on " + s.backend(), e);
        }
        s.created().add(name);
        return new Coordinates(withDatabase(s.adminUrl(), name), s.user(), s.password());
    }

    /** Replaces the database name of a {@code jdbc:postgresql://host[:port][/db][?params]} URL. */
    static String withDatabase(String url, String database) {
        String prefix = "jdbc:postgresql://";
        if (!url.startsWith(prefix)) {
            throw new IllegalArgumentException(URL_ENV + " must start with " + prefix + ", got " + url);
        }
        int query = url.indexOf('?');
        String base = query < 0 ? url : url.substring(0, query);
        String params = query < 0 ? "" : url.substring(query);
        int slash = base.indexOf('/', prefix.length());
        String hosts = slash < 0 ? base : base.substring(0, slash);
        return hosts + "/" + database + params;
    }

    private record Server(String backend, String adminUrl, String user, String password, List<String> created) {
    }

    private static synchronized Server server() {
        if (server == null) {
            server = start();
            System.out.println("TestDatabase: PostgreSQL from " + server.backend());
        }
        return server;
    }

    private static Server start() {
        String url = System.getenv(URL_ENV);
        if (url != null && !url.isBlank()) {
            Server external = new Server("the server named by " + URL_ENV, url,
                    System.getenv(USER_ENV), System.getenv(PASSWORD_ENV), new CopyOnWriteArrayList<>());
            // A shared server outlives this JVM: leave it as we found it.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> dropCreated(external), "test-db-cleanup"));
            return external;
        }
        if (dockerAvailable()) {
            PostgreSQLContainer container = new PostgreSQLContainer(IMAGE);
            container.start();
            Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "test-db-container-stop"));
            return new Server("a Testcontainers " + IMAGE + " container", container.getJdbcUrl(),
                    container.getUsername(), container.getPassword(), new CopyOnWriteArrayList<>());
        }
        Path directory;
        EmbeddedPostgres postgres;
        try {
            directory = Files.createTempDirectory("lor-test-pg");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the embedded PostgreSQL", e);
        }
        try {
            postgres = EmbeddedPostgres.builder()
                    .setDataDirectory(directory)
                    .setCleanDataDirectory(true)
                    .setRegisterShutdownHook(false)
                    .start();
        } catch (IOException | RuntimeException e) {
            deleteQuietly(directory);
            throw new IllegalStateException("cannot start an embedded PostgreSQL in " + directory, e);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                postgres.close();
            } catch (IOException e) {
                System.err.println("TestDatabase: embedded PostgreSQL did not stop cleanly: " + e);
            }
        }, "test-db-embedded-stop"));
        return new Server("an embedded PostgreSQL in " + directory,
                "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres", "postgres", null,
                new CopyOnWriteArrayList<>());
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("TestDatabase: could not delete " + directory + ": " + e);
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException | LinkageError e) {
            System.out.println("TestDatabase: no Docker engine (" + e + ")");
            return false;
        }
    }

    private static void dropCreated(Server s) {
        try (Connection admin = DriverManager.getConnection(s.adminUrl(), s.user(), s.password());
             Statement statement = admin.createStatement()) {
            for (String name : s.created()) {
                // FORCE: a pool a test class forgot to close must not leave its database behind.
                statement.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            }
        } catch (SQLException e) {
            System.err.println("TestDatabase: could not drop the test databases " + s.created() + ": " + e);
        }
    }
}
