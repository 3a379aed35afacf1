package lor.director.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The director's own PostgreSQL, whatever server the other tests use. Each start costs seconds, so the class starts
 * twice on one directory: durable first (its settings recorded, a row written, then closed), and again without
 * durability, which the tests then query.
 */
class EmbeddedDatabaseIT {

    @TempDir
    static Path directory;

    private static final Map<String, String> durableSettings = new LinkedHashMap<>();
    private static EmbeddedDatabase restarted;

    @BeforeAll
    static void startCloseAndStartAgain() throws Exception {
        try (EmbeddedDatabase durable = EmbeddedDatabase.start(directory, true);
             Connection c = connect(durable); Statement s = c.createStatement()) {
            for (String setting : new String[] {"fsync", "synchronous_commit", "full_page_writes"}) {
                durableSettings.put(setting, show(c, setting));
            }
            // Outside the public schema, which the migration test needs empty.
            s.execute("CREATE SCHEMA restart_probe");
            s.execute("CREATE TABLE restart_probe.survivor (note text)");
            s.execute("INSERT INTO restart_probe.survivor VALUES ('written before close')");
        }
        restarted = EmbeddedDatabase.start(directory, false);
    }

    @AfterAll
    static void stop() throws Exception {
        if (restarted != null) {
            restarted.close();
        }
    }

    @Test
    void durableStartTurnsOnFsyncSynchronousCommitAndFullPageWrites() {
        assertThat(durableSettings).containsExactly(
                Map.entry("fsync", "on"), Map.entry("synchronous_commit", "on"), Map.entry("full_page_writes", "on"));
    }

    @Test
    void nonDurableStartLeavesFsyncOff() throws SQLException {
        try (Connection c = connect(restarted)) {
            assertThat(show(c, "fsync")).isEqualTo("off");
        }
    }

    @Test
    void dataWrittenBeforeCloseIsThereAfterARestart() throws SQLException {
        try (Connection c = connect(restarted); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT note FROM restart_probe.survivor")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("written before close");
            assertThat(rs.next()).isFalse();
        }
    }

    @Test
    void migrateCreatesWorldStart() throws SQLException {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl(restarted.jdbcUrl());
        dataSource.setUser(EmbeddedDatabase.USER);

        Database.migrate(dataSource);

        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT world_id FROM worlds WHERE world_id = 'start'")) {
            assertThat(rs.next()).isTrue();
        }
    }

    @Test
    void servesOnThePortOfItsJdbcUrl() {
        assertThat(restarted.jdbcUrl())
                .isEqualTo("jdbc:postgresql://127.0.0.1:" + restarted.port() + "/" + EmbeddedDatabase.DATABASE);
    }

    private static Connection connect(EmbeddedDatabase db) throws SQLException {
        return DriverManager.getConnection(db.jdbcUrl(), EmbeddedDatabase.USER, null);
    }

    private static String show(Connection c, String setting) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
