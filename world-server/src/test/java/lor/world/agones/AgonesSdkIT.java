package lor.world.agones;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The SDK client against a stand-in sidecar that records every call ({@link StandInSdk}). */
class AgonesSdkIT {

    private static final Duration STEP = Duration.ofSeconds(10);
    private static final long HEALTH_MS = 50;

    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger sdkLog = (Logger) LoggerFactory.getLogger(AgonesSdk.class);
    private StandInSdk standIn;
    private AgonesSdk sdk;

    @AfterEach
    void stop() {
        sdkLog.detachAppender(logs);
        if (sdk != null) {
            sdk.close();
        }
        if (standIn != null) {
            standIn.close();
        }
    }

    @Test
    void readyHealthAndShutdownArePostsOfAnEmptyJsonObject() throws Exception {
        standIn = new StandInSdk();
        sdk = AgonesSdk.start(standIn.config(HEALTH_MS));

        sdk.ready();
        await().atMost(STEP).until(() -> standIn.count("/ready") == 1);
        sdk.healthWhile(() -> true);
        await().atMost(STEP).until(() -> standIn.count("/health") >= 2);
        assertThat(sdk.shutdown().get(STEP.toMillis(), TimeUnit.MILLISECONDS)).as("accepted").isTrue();

        List<StandInSdk.Call> calls = standIn.calls();
        assertThat(calls).allSatisfy(call -> {
            assertThat(call.method()).isEqualTo("POST");
            assertThat(call.body()).isEqualTo("{}");
            assertThat(call.contentType()).isEqualTo("application/json");
        });
        assertThat(standIn.paths()).startsWith("/ready").endsWith("/shutdown").containsOnly("/ready", "/health",
                "/shutdown");
    }

    @Test
    void readyIsRetriedUntilTheSidecarAcceptsItThenNeverAskedAgain() throws Exception {
        standIn = new StandInSdk();
        standIn.answer(503);
        sdk = AgonesSdk.start(standIn.config(HEALTH_MS));

        sdk.ready();
        await().atMost(STEP).until(() -> standIn.count("/ready") >= 2);
        standIn.answer(200);
        await().atMost(STEP).until(() -> standIn.calls().stream().anyMatch(c -> c.status() == 200));
        sdk.ready();

        // The retries were 250 ms, then 500 ms, ... apart: one more would come within this window.
        long asked = standIn.count("/ready");
        await().during(Duration.ofMillis(1_500)).atMost(STEP).until(() -> standIn.count("/ready") == asked);
        assertThat(standIn.calls()).filteredOn(c -> c.status() == 200).hasSize(1);
    }

    @Test
    void healthIsPingedOnlyWhileTheLatestGuardVouches() throws Exception {
        standIn = new StandInSdk();
        sdk = AgonesSdk.start(standIn.config(HEALTH_MS));
        AtomicBoolean ticking = new AtomicBoolean(false);

        sdk.healthWhile(() -> true);
        await().atMost(STEP).until(() -> standIn.count("/health") >= 3);
        sdk.healthWhile(ticking::get);
        // One ping may have been on its way when the guard changed; none after it.
        long stalled = standIn.count("/health");
        await().during(Duration.ofMillis(10 * HEALTH_MS)).atMost(STEP)
                .until(() -> standIn.count("/health") <= stalled + 1);

        ticking.set(true);
        await().atMost(STEP).until(() -> standIn.count("/health") >= stalled + 4);
    }

    @Test
    void shutdownIsTheLastCallEvenWithAReadyStillBeingRetried() throws Exception {
        standIn = new StandInSdk();
        standIn.answer(503);
        sdk = AgonesSdk.start(standIn.config(HEALTH_MS));
        sdk.ready();
        sdk.healthWhile(() -> true);
        await().atMost(STEP).until(() -> standIn.count("/ready") >= 1 && standIn.count("/health") >= 1);

        standIn.answer(200);
        assertThat(sdk.shutdown().get(STEP.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        sdk.shutdown();

        int made = standIn.calls().size();
        await().during(Duration.ofMillis(1_500)).atMost(STEP).until(() -> standIn.calls().size() == made);
        assertThat(standIn.paths()).endsWith("/shutdown");
        assertThat(standIn.count("/shutdown")).isOne();
    }

    @Test
    void closeStopsTheCallsWithoutShutdown() throws Exception {
        standIn = new StandInSdk();
        sdk = AgonesSdk.start(standIn.config(HEALTH_MS));
        sdk.healthWhile(() -> true);
        await().atMost(STEP).until(() -> standIn.count("/health") >= 1);

        sdk.close();

        assertThat(sdk.shutdown().get(STEP.toMillis(), TimeUnit.MILLISECONDS)).as("not asked").isFalse();
        int made = standIn.calls().size();
        await().during(Duration.ofMillis(10 * HEALTH_MS)).atMost(STEP).until(() -> standIn.calls().size() == made);
        assertThat(standIn.paths()).containsOnly("/health");
    }

    @Test
    void aSidecarThatIsNotThereIsLoggedOnceWithoutAStackTraceAndShutdownGivesUpInTime() throws Exception {
        logs.start();
        sdkLog.addAppender(logs);
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        sdk = AgonesSdk.start(AgonesConfig.of("127.0.0.1",
                Map.of(AgonesConfig.ENV_HTTP_PORT, Integer.toString(closedPort)), 20));

        sdk.ready();
        sdk.healthWhile(() -> true);
        await().atMost(STEP).until(() -> sdk.failedCalls() >= 20);
        long start = System.nanoTime();
        boolean accepted = sdk.shutdown().get(STEP.toMillis(), TimeUnit.MILLISECONDS);

        assertThat(accepted).isFalse();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .isLessThanOrEqualTo(AgonesLifecycle.SHUTDOWN_WAIT_MILLIS);
        List<ILoggingEvent> warnings = logs.list.stream().filter(e -> e.getLevel() == Level.WARN).toList();
        assertThat(warnings).map(ILoggingEvent::getFormattedMessage).hasSize(2)
                .first().asString().contains("POST /", "ConnectException");
        assertThat(warnings.get(1).getFormattedMessage()).isEqualTo(
                "Agones SDK did not accept Shutdown; the process exits without it");
        assertThat(logs.list).allSatisfy(e -> assertThat(e.getThrowableProxy()).isNull());
    }
}
