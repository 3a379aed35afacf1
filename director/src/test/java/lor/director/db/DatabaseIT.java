package lor.director.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DatabaseIT {

    private static Database db;

    @BeforeAll
    static void startDatabase() {
        db = TestDatabase.fresh();
        db.inTransaction("create probe table", c -> {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE probe (id int PRIMARY KEY, note text NOT NULL)");
            }
            return null;
        });
    }

    @AfterAll
    static void closeDatabase() {
        db.close();
    }

    @BeforeEach
    void emptyProbeTable() {
        db.inTransaction("empty probe table", c -> {
            try (Statement s = c.createStatement()) {
                s.execute("DELETE FROM probe");
            }
            return null;
        });
    }

    @Test
    void commitsTheWorkAndReturnsItsResult() {
        int inserted = db.inTransaction("insert probe", c -> insert(c, 1, "kept"));

        assertThat(inserted).isEqualTo(1);
        assertThat(notes()).containsExactly("kept");
    }

    @Test
    void failingSqlRollsBackEverythingTheWorkDid() {
        assertThatThrownBy(() -> db.inTransaction("insert twice", c -> {
            insert(c, 1, "first");
            return insert(c, 1, "duplicate");
        })).isInstanceOf(DataAccessException.class);

        assertThat(notes()).isEmpty();
    }

    @Test
    void runtimeExceptionRollsBackAndReachesTheCaller() {
        IllegalStateException failure = new IllegalStateException("domain check failed");

        assertThatThrownBy(() -> db.inTransaction("insert then fail", c -> {
            insert(c, 1, "never committed");
            throw failure;
        })).satisfiesAnyOf(
                thrown -> assertThat(thrown).isSameAs(failure),
                thrown -> assertThat(thrown).isInstanceOf(DataAccessException.class).hasCause(failure));

        assertThat(notes()).isEmpty();
    }

    @Test
    void sqlExceptionSurfacesAsDataAccessExceptionNamingTheOperation() {
        assertThatThrownBy(() -> db.inTransaction("load widgets", c -> {
            try (Statement s = c.createStatement()) {
                return s.executeQuery("SELECT * FROM no_such_table").next();
            }
        }))
                .isInstanceOf(DataAccessException.class)
                .hasMessage("load widgets failed: SQLState 42P01")
                .cause().isInstanceOf(SQLException.class)
                .extracting(cause -> ((SQLException) cause).getSQLState()).isEqualTo("42P01");
    }

    @Test
    void retriesASerializationFailureAndCommitsOnlyTheSuccessfulAttempt() {
        AtomicInteger attempts = new AtomicInteger();

        String result = db.inTransaction("retried insert", c -> {
            int attempt = attempts.incrementAndGet();
            insert(c, attempt, "attempt " + attempt);
            if (attempt == 1) {
                throw new SQLException("could not serialize access", "40001");
            }
            return "done on attempt " + attempt;
        });

        assertThat(result).isEqualTo("done on attempt 2");
        assertThat(attempts).hasValue(2);
        assertThat(notes()).containsExactly("attempt 2");
    }

    @Test
    void retriesADeadlock() {
        AtomicInteger attempts = new AtomicInteger();

        int result = db.inTransaction("retried after deadlock", c -> {
            if (attempts.incrementAndGet() == 1) {
                throw new SQLException("deadlock detected", "40P01");
            }
            return insert(c, 7, "after deadlock");
        });

        assertThat(result).isEqualTo(1);
        assertThat(attempts).hasValue(2);
        assertThat(notes()).containsExactly("after deadlock");
    }

    @Test
    void givesUpAfterMaxAttemptsOfSerializationFailures() {
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> db.inTransaction("always conflicting", c -> {
            insert(c, attempts.incrementAndGet(), "conflicting");
            throw new SQLException("could not serialize access", "40001");
        }))
                .isInstanceOf(DataAccessException.class)
                .hasMessageStartingWith("always conflicting failed: ");

        assertThat(attempts).hasValue(Database.MAX_ATTEMPTS);
        assertThat(notes()).isEmpty();
    }

    @Test
    void doesNotRetryOtherSqlFailures() {
        AtomicInteger attempts = new AtomicInteger();

        assertThatThrownBy(() -> db.inTransaction("unique violation", c -> {
            attempts.incrementAndGet();
            throw new SQLException("duplicate key", "23505");
        })).isInstanceOf(DataAccessException.class);

        assertThat(attempts).hasValue(1);
    }

    @Test
    void pingAnswersTrueWhileTheDatabaseServes() {
        assertThat(db.ping()).isTrue();
    }

    @Test
    void pingAnswersFalseOnceClosed() {
        Database closed = TestDatabase.fresh();
        closed.close();

        assertThat(closed.ping()).isFalse();
    }

    private static int insert(Connection c, int id, String note) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO probe (id, note) VALUES (?, ?)")) {
            s.setInt(1, id);
            s.setString(2, note);
            return s.executeUpdate();
        }
    }

    private static List<String> notes() {
        return db.inTransaction("read probe", c -> {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT note FROM probe ORDER BY id")) {
                List<String> notes = new ArrayList<>();
                while (rs.next()) {
                    notes.add(rs.getString(1));
                }
                return notes;
            }
        });
    }
}
