package lor.testclient.e2e;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * One PostgreSQL for several directors, run by the test JVM: a director's own embedded database would live and die
 * with that director, and the cluster tests kill directors. The directors migrate it as they start; the test reads
 * (and may change) the tables they share.
 */
final class SharedDatabase implements AutoCloseable {

    static final String USER = "postgres";
    /**
     * The embedded server trusts local connections, so any password is accepted: one is passed anyway so the
     * directors run as they would against a real server.
     */
    static final String PASSWORD = "lor-cluster";

    private final EmbeddedPostgres postgres;

    private SharedDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts an empty PostgreSQL with its data in {@code directory} (what was there is deleted). */
    static SharedDatabase start(Path directory) throws IOException {
        PostgresTemplate.copyReplacing(directory);
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setDataDirectory(directory)
                .setCleanDataDirectory(false)
                // close() stops it.
                .setRegisterShutdownHook(false)
                .setPGStartupWait(Duration.ofSeconds(60))
                // Each director pools up to --db-pool-size (10) connections, and a killed one's stay open until
                // the server notices: room for several directors, their restarts, and the test's own queries.
                .setServerConfig("max_connections", "100")
                .start();
        return new SharedDatabase(postgres);
    }

    int port() {
        return postgres.getPort();
    }

    String jdbcUrl() {
        return jdbcUrl("127.0.0.1", port());
    }

    /** The URL of this database as reached through {@code proxy}, which must forward to {@link #port()}. */
    String jdbcUrlThrough(TcpProxy proxy) {
        if (proxy.targetPort() != port()) {
            throw new IllegalArgumentException(proxy + " does not lead to this database on port " + port());
        }
        return jdbcUrl(proxy.host(), proxy.port());
    }

    String user() {
        return USER;
    }

    String password() {
        return PASSWORD;
    }

    /** A new proxy in front of this database: the caller closes it. */
    TcpProxy newProxy() throws IOException {
        return new TcpProxy("127.0.0.1", port());
    }

    /** The director options that make it use this database. */
    List<String> options() {
        return options(jdbcUrl());
    }

    /** The director options that make it use this database through {@code proxy}, to be cut. */
    List<String> optionsThrough(TcpProxy proxy) {
        return options(jdbcUrlThrough(proxy));
    }

    /** The rows of a query, each a map from column label to value, in the columns' order. */
    List<Map<String, Object>> query(String sql, Object... parameters) throws SQLException {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, parameters);
             ResultSet rs = statement.executeQuery()) {
            ResultSetMetaData meta = rs.getMetaData();
            List<Map<String, Object>> rows = new ArrayList<>();
            while (rs.next()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnLabel(i), rs.getObject(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    /** The one value of a query of one row and one column, or null for no row. */
    Object queryValue(String sql, Object... parameters) throws SQLException {
        List<Map<String, Object>> rows = query(sql, parameters);
        if (rows.size() > 1 || (rows.size() == 1 && rows.get(0).size() != 1)) {
            throw new IllegalArgumentException("expected at most one row of one column from " + sql + ", got "
                    + rows);
        }
        return rows.isEmpty() ? null : rows.get(0).values().iterator().next();
    }

    /** Runs an {@code INSERT}, {@code UPDATE} or {@code DELETE} (e.g. to expire a lease); the rows it changed. */
    int update(String sql, Object... parameters) throws SQLException {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, parameters)) {
            return statement.executeUpdate();
        }
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }

    /**
     * A connection of the caller's, which closes it: for a query polled many times a second, where a connection per
     * query would cost more than the query.
     */
    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... parameters)
            throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        try {
            statement.setQueryTimeout(10);
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
        } catch (SQLException e) {
            statement.close();
            throw e;
        }
        return statement;
    }

    private static String jdbcUrl(String host, int port) {
        return "jdbc:postgresql://" + host + ":" + port + "/postgres";
    }

    private static List<String> options(String url) {
        return List.of("--db-url", url, "--db-user", USER, "--db-password", PASSWORD);
    }
}
