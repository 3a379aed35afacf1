package lor.world.agones;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Failed SDK calls are logged once, then once a minute, and the recovery once; the clock is the test's. */
class AgonesCallFailuresTest {

    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger sdkLog = (Logger) LoggerFactory.getLogger(AgonesSdk.class);
    private final AtomicLong now = new AtomicLong(1_000);
    private final CallFailures failures = new CallFailures("http://localhost:9358/", now::get);

    @BeforeEach
    void attach() {
        logs.start();
        sdkLog.addAppender(logs);
        // The tests' root level is WARN; the recovery line is INFO.
        sdkLog.setLevel(Level.INFO);
    }

    @AfterEach
    void detach() {
        sdkLog.setLevel(null);
        sdkLog.detachAppender(logs);
    }

    @Test
    void theFirstFailureIsLoggedAtOnceAndTheNextOnesOnceAMinuteWithTheirCount() {
        failures.failed("POST /health", "ConnectException: Connection refused");
        for (int i = 0; i < 29; i++) {
            now.addAndGet(TimeUnit.SECONDS.toNanos(2));
            failures.failed("POST /health", "ConnectException: Connection refused");
        }
        assertThat(logs.list).hasSize(1);
        now.addAndGet(TimeUnit.SECONDS.toNanos(2));
        failures.failed("POST /ready", "HTTP 503");

        assertThat(logs.list).map(ILoggingEvent::getFormattedMessage).containsExactly(
                "Agones SDK at http://localhost:9358/: POST /health failed (ConnectException: Connection refused); "
                        + "the world goes on, further failures are logged once a minute",
                "Agones SDK at http://localhost:9358/: 30 more calls failed in the last 60 s, the last POST /ready "
                        + "(HTTP 503)");
        assertThat(logs.list).allSatisfy(e -> assertThat(e.getLevel()).isEqualTo(Level.WARN));
    }

    @Test
    void aSuccessAfterFailuresIsLoggedOnceAndTheNextFailureAtOnceAgain() {
        failures.failed("POST /health", "HTTP 500");
        failures.failed("POST /health", "HTTP 500");
        failures.succeeded();
        failures.succeeded();
        failures.failed("POST /health", "HTTP 500");

        assertThat(logs.list).map(e -> e.getLevel() + " " + e.getFormattedMessage()).containsExactly(
                "WARN Agones SDK at http://localhost:9358/: POST /health failed (HTTP 500); the world goes on, "
                        + "further failures are logged once a minute",
                "INFO Agones SDK at http://localhost:9358/ answers again, after 2 failed calls",
                "WARN Agones SDK at http://localhost:9358/: POST /health failed (HTTP 500); the world goes on, "
                        + "further failures are logged once a minute");
        assertThat(failures.failures()).isOne();
    }
}
