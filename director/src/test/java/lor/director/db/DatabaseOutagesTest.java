package lor.director.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.LoggerFactory;

/** Which database failures mean "away, try later", and that an outage is logged once, not once per request. */
class DatabaseOutagesTest {

    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger logger = (Logger) LoggerFactory.getLogger(DatabaseOutages.class);

    @BeforeEach
    void captureLogs() {
        logs.start();
        logger.addAppender(logs);
    }

    @AfterEach
    void releaseLogs() {
        logger.detachAppender(logs);
    }

    @Test
    void aPoolWithoutAConnectionToGiveIsTheDatabaseAway() {
        // What HikariCP throws when its connection timeout passes.
        DataAccessException e = new DataAccessException("login", new SQLTransientConnectionException(
                "pool - Connection is not available, request timed out after 2000ms.", "08003"));

        assertThat(e.databaseUnavailable()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"08006", "08001", "57P01", "57P03", "53300"})
    void connectionFailuresAndShutdownsAreTheDatabaseAway(String sqlState) {
        assertThat(new DataAccessException("login", new SQLException("x", sqlState)).databaseUnavailable()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"23505", "42P01", "22001", "40001"})
    void aRefusedStatementIsNot(String sqlState) {
        assertThat(new DataAccessException("login", new SQLException("x", sqlState)).databaseUnavailable())
                .isFalse();
        assertThat(new DataAccessException("login", new IllegalStateException("x")).databaseUnavailable()).isFalse();
    }

    @Test
    void anOutageIsLoggedOnceAtWarnAndItsEndOnceAtInfo() {
        DatabaseOutages outages = new DatabaseOutages();
        DataAccessException away = new DataAccessException("login", new SQLException("gone", "08006"));

        for (int i = 0; i < 50; i++) {
            outages.failed("login", away);
        }
        assertThat(outages.away()).isTrue();
        outages.succeeded();
        outages.succeeded();

        assertThat(logs.list).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.INFO);
        assertThat(logs.list.get(0).getFormattedMessage()).contains("the database is unavailable",
                "login failed", "SQLState 08006");
        assertThat(logs.list.get(1).getFormattedMessage()).isEqualTo("the database is available again");
        assertThat(outages.away()).isFalse();
    }
}
