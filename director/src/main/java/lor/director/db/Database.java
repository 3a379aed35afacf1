package lor.director.db;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.flywaydb.core.api.pattern.ValidatePattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The director's PostgreSQL: a HikariCP pool over a migrated schema, and the one transaction helper every
 * repository uses. Blocking: call it only from the director's blocking executor, never from an event loop.
 */
public final class Database implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Database.class);

    /** Attempts for a transaction that fails with a serialization failure or a deadlock. */
    static final int MAX_ATTEMPTS = 3;

    private final HikariDataSource pool;
    private final String jdbcUrl;
    private final String user;
    private final String password;

    private Database(HikariDataSource pool, String jdbcUrl, String user, String password) {
        this.pool = pool;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
    }

    /**
     * Connects, migrates the schema to this build's version, and refuses to go on when the database holds a newer
     * schema than this build knows (Flyway's validation fails fast on that).
     */
    public static Database connect(String jdbcUrl, String user, String password, int poolSize) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("lor-db");
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(Math.min(2, poolSize));
        // A caller gets an answer (or an error) within 2 s rather than hanging on an unreachable database.
        config.setConnectionTimeout(2_000);
        config.setValidationTimeout(1_000);
        config.setInitializationFailTimeout(30_000);
        config.addDataSourceProperty("connectTimeout", "5");
        config.addDataSourceProperty("socketTimeout", "60");
        config.addDataSourceProperty("tcpKeepAlive", "true");
        config.addDataSourceProperty("ApplicationName", "lor-director");
        // Server error details quote row values (a password hash, a username): keep them out of exceptions and logs.
        config.addDataSourceProperty("logServerErrorDetail", "false");
        HikariDataSource pool = new HikariDataSource(config);
        try {
            migrate(pool);
        } catch (RuntimeException e) {
            pool.close();
            throw e;
        }
        return new Database(pool, jdbcUrl, user, password);
    }

    /**
     * A connection of its own, outside the pool, for a session that lives as long as it is useful (LISTEN): the
     * pool would retire it, and it would take a pooled connection from the work. Reads time out after
     * {@code socketTimeoutSeconds}, so a connection the network silently dropped fails instead of hanging.
     */
    public Connection openDedicated(String applicationName, int socketTimeoutSeconds) throws SQLException {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", "5");
        properties.setProperty("socketTimeout", Integer.toString(socketTimeoutSeconds));
        properties.setProperty("tcpKeepAlive", "true");
        properties.setProperty("ApplicationName", applicationName);
        properties.setProperty("logServerErrorDetail", "false");
        return DriverManager.getConnection(jdbcUrl, properties);
    }

    public static void migrate(DataSource dataSource) {
        MigrateResult result = Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migrations")
                .failOnMissingLocations(true)
                // Flyway tolerates migrations newer than this build by default; a director must not run on a
                // schema it does not know, so nothing is ignored and validation fails fast.
                .ignoreMigrationPatterns(new ValidatePattern[0])
                .load()
                .migrate();
        LOG.info("database schema at version {} ({} migrations applied now)",
                result.targetSchemaVersion == null ? "unchanged" : result.targetSchemaVersion,
                result.migrationsExecuted);
    }

    public DataSource dataSource() {
        return pool;
    }

    /**
     * Runs {@code work} in one transaction, committed before this returns. Serialization failures and deadlocks
     * are retried; any other SQL failure rolls back and surfaces as a {@link DataAccessException}. A runtime
     * exception thrown by {@code work} itself rolls back and passes through unchanged.
     */
    public <T> T inTransaction(String operation, SqlWork<T> work) {
        for (int attempt = 1; ; attempt++) {
            try (Connection connection = pool.getConnection()) {
                connection.setAutoCommit(false);
                try {
                    T result = work.run(connection);
                    connection.commit();
                    return result;
                } catch (SQLException | RuntimeException e) {
                    rollbackQuietly(connection);
                    throw e;
                }
            } catch (SQLException e) {
                if (attempt < MAX_ATTEMPTS && isRetryable(e)) {
                    LOG.debug("{}: retrying after {}", operation, e.getSQLState());
                    continue;
                }
                throw new DataAccessException(operation, e);
            }
        }
    }

    /**
     * Runs {@code work}, one statement, in autocommit mode: one round trip where a transaction takes two. For
     * statements that need no transaction of their own (a notification).
     */
    public <T> T autocommit(String operation, SqlWork<T> work) {
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(true);
            return work.run(connection);
        } catch (SQLException e) {
            throw new DataAccessException(operation, e);
        }
    }

    /** True when the database answers a trivial query within a second. */
    public boolean ping() {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.setQueryTimeout(1);
            statement.execute("SELECT 1");
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public void close() {
        pool.close();
    }

    private static boolean isRetryable(SQLException e) {
        String state = e.getSQLState();
        return "40001".equals(state) || "40P01".equals(state);
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException e) {
            LOG.debug("rollback failed", e);
        }
    }
}
