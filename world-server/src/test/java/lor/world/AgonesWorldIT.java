package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.channel.Channel;
import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldSpec;
import lor.protocol.ticket.Secrets;
import lor.world.agones.AgonesConfig;
import lor.world.agones.AgonesSdk;
import lor.world.agones.StandInSdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A world server in this JVM under Agones: between a director the test plays ({@link ScriptedDirector}) and a
 * stand-in SDK sidecar that records every call ({@link StandInSdk}), it reports Ready once hydrated, Health while its
 * tick runs and Shutdown once its final snapshot is acknowledged; outside Agones it calls nothing.
 */
class AgonesWorldIT {

    private static final Duration STEP = Duration.ofSeconds(20);
    private static final long HEALTH_MS = 100;
    /** Ten health intervals: long enough for calls that should not come to have come. */
    private static final Duration QUIET = Duration.ofMillis(10 * HEALTH_MS);

    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger sdkLog = (Logger) LoggerFactory.getLogger(AgonesSdk.class);
    private ScriptedDirector director;
    private StandInSdk sdk;
    private WorldServer world;
    private Spare spare;
    private Channel control;

    @BeforeEach
    void start() throws Exception {
        director = new ScriptedDirector();
        sdk = new StandInSdk();
    }

    @AfterEach
    void stop() throws Exception {
        sdkLog.detachAppender(logs);
        if (spare != null) {
            spare.release();
        }
        if (world != null) {
            CompletableFuture<Integer> exit = world.shutdown("test over");
            if (control != null) {
                WorldSnapshotMessage last = nextLastSnapshot();
                director.send(control, new SnapshotAckMessage(last.worldId(), last.seq()));
            }
            exit.get(60, TimeUnit.SECONDS);
        }
        director.close();
        sdk.close();
    }

    @Test
    void reportsReadyOnceHydratedAndNeverBefore() throws Exception {
        startWorld(sdk.options(HEALTH_MS), sdk.environment());
        await().atMost(STEP).until(() -> sdk.count("/health") >= 3);
        assertThat(sdk.count("/ready")).as("ticking, registered, not hydrated").isZero();

        hydrate();
        await().atMost(STEP).until(() -> sdk.count("/ready") == 1);

        // A director that hydrates the world again (after it reconnected) gets world_ready again; Agones gets no
        // second Ready, which would move an Allocated game server back to Ready.
        director.send(control, new WorldHydrateMessage("start", 0, null));
        director.next(WorldReadyMessage.class, STEP);
        long health = sdk.count("/health");
        await().atMost(STEP).until(() -> sdk.count("/health") >= health + 3);
        assertThat(sdk.count("/ready")).isOne();
        assertThat(sdk.paths().indexOf("/ready")).as("pinged before Ready").isPositive();
    }

    @Test
    void healthStopsWhileTheTickIsStuckAndComesBackWhenItMovesOn() throws Exception {
        startWorld(sdk.options(HEALTH_MS), sdk.environment());
        hydrate();
        await().atMost(STEP).until(() -> sdk.count("/health") >= 3);

        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        assertThat(world.loop().submitNow(() -> {
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })).isTrue();
        assertThat(entered.await(STEP.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        try {
            // At most the ping that asked just before the tick got stuck; none while it is.
            long stuckAt = sdk.count("/health");
            await().during(QUIET).atMost(STEP).until(() -> sdk.count("/health") <= stuckAt + 1);
        } finally {
            release.countDown();
        }
        long resumedAt = sdk.count("/health");
        await().atMost(STEP).until(() -> sdk.count("/health") >= resumedAt + 3);
    }

    @Test
    void reportsShutdownOnlyOnceTheFinalSnapshotIsAcknowledgedAndCallsNothingAfter() throws Exception {
        startWorld(sdk.options(HEALTH_MS), sdk.environment());
        hydrate();
        await().atMost(STEP).until(() -> sdk.count("/ready") == 1);

        CompletableFuture<Integer> exit = world.shutdown("test");
        WorldSnapshotMessage last = nextLastSnapshot();
        // Waiting for the ack, the world still ticks: healthy, not shut down.
        long health = sdk.count("/health");
        await().atMost(STEP).until(() -> sdk.count("/health") >= health + 3);
        assertThat(sdk.count("/shutdown")).isZero();

        director.send(control, new SnapshotAckMessage("start", last.seq()));
        director.next(ShutdownAckMessage.class, STEP);
        assertThat(exit.get(STEP.toMillis(), TimeUnit.MILLISECONDS)).as("exit status").isZero();
        world = null;

        assertThat(sdk.count("/shutdown")).as("before the exit status").isOne();
        int calls = sdk.calls().size();
        await().during(QUIET).atMost(STEP).until(() -> sdk.calls().size() == calls);
        assertThat(sdk.paths()).endsWith("/shutdown");
    }

    @Test
    void anUnacknowledgedFinalSnapshotEndsTheProcessWithoutShutdown() throws Exception {
        List<String> options = new ArrayList<>(sdk.options(HEALTH_MS));
        options.addAll(List.of("--shutdown-ack-timeout-ms", "300"));
        startWorld(options, sdk.environment());
        hydrate();
        await().atMost(STEP).until(() -> sdk.count("/ready") == 1);

        CompletableFuture<Integer> exit = world.shutdown("test");
        nextLastSnapshot();
        assertThat(exit.get(STEP.toMillis(), TimeUnit.MILLISECONDS)).as("exit status")
                .isEqualTo(ShutdownCoordinator.EXIT_UNSAVED);
        world = null;

        int calls = sdk.calls().size();
        await().during(QUIET).atMost(STEP).until(() -> sdk.calls().size() == calls);
        assertThat(sdk.count("/shutdown")).isZero();
    }

    @Test
    void outsideAgonesNothingIsCalledEvenWithTheSidecarsPortInTheEnvironment() throws Exception {
        startWorld(List.of(), sdk.environment());
        hydrate();
        director.next(WorldHeartbeatMessage.class, STEP);
        director.next(WorldHeartbeatMessage.class, STEP);
        assertThat(world.config().agones()).isNull();

        CompletableFuture<Integer> exit = world.shutdown("test");
        director.send(control, new SnapshotAckMessage("start", nextLastSnapshot().seq()));
        assertThat(exit.get(STEP.toMillis(), TimeUnit.MILLISECONDS)).as("exit status").isZero();
        world = null;

        assertThat(sdk.calls()).isEmpty();
    }

    @Test
    void aSidecarThatIsDownLeavesTheWorldAsItIsAndIsLoggedOnce() throws Exception {
        logs.start();
        sdkLog.addAppender(logs);
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        startWorld(List.of("--agones", "--agones-sdk-host", "127.0.0.1", "--agones-health-interval-ms", "50"),
                Map.of(AgonesConfig.ENV_HTTP_PORT, Integer.toString(closedPort)));
        hydrate();

        WorldHeartbeatMessage first = (WorldHeartbeatMessage) director.next(WorldHeartbeatMessage.class, STEP)
                .message();
        WorldHeartbeatMessage second = (WorldHeartbeatMessage) director.next(WorldHeartbeatMessage.class, STEP)
                .message();
        assertThat(second.tick()).as("the tick goes on").isGreaterThan(first.tick());
        CompletableFuture<Integer> exit = world.shutdown("test");
        director.send(control, new SnapshotAckMessage("start", nextLastSnapshot().seq()));
        assertThat(exit.get(STEP.toMillis(), TimeUnit.MILLISECONDS)).as("exit status").isZero();
        world = null;

        assertThat(logs.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .map(ILoggingEvent::getFormattedMessage)
                .satisfiesExactly(
                        failed -> assertThat(failed).contains("127.0.0.1:" + closedPort, "failed",
                                "further failures are logged once a minute"),
                        gaveUp -> assertThat(gaveUp).isEqualTo(
                                "Agones SDK did not accept Shutdown; the process exits without it"));
        assertThat(logs.list).allSatisfy(e -> assertThat(e.getThrowableProxy()).isNull());
    }

    // ---- a warm spare -------------------------------------------------------------------------------------------

    @Test
    void aWaitingSpareIsHealthyAndReportsReadyOnlyOnceItsWorldIsHydrated() throws Exception {
        spare = Spare.start(spareArgs(sdk.options(HEALTH_MS)), "spare-token", sdk.environment(), false);
        ScriptedDirector.Received registered = director.next(SpareRegisterMessage.class, STEP);
        await().atMost(STEP).until(() -> sdk.count("/health") >= 3);
        assertThat(sdk.count("/ready")).as("a spare has no world to offer").isZero();

        director.send(registered.connection(), new WorldAssignMessage(
                new WorldSpec("meadow", "meadow", null, null, 0, 24, "nearest", 30_000), Secrets.random256()));
        world = spare.become(spare.assignment().get(STEP.toMillis(), TimeUnit.MILLISECONDS));
        spare = null;
        control = director.next(WorldRegisterMessage.class, STEP).connection();
        long health = sdk.count("/health");
        await().atMost(STEP).until(() -> sdk.count("/health") >= health + 3);
        assertThat(sdk.count("/ready")).as("its world is not hydrated yet").isZero();

        director.send(control, new WorldHydrateMessage("meadow", 0, null));
        director.next(WorldReadyMessage.class, STEP);
        await().atMost(STEP).until(() -> sdk.count("/ready") == 1);
    }

    @Test
    void aSpareThatEndsWithoutAWorldReportsShutdown() throws Exception {
        spare = Spare.start(spareArgs(sdk.options(HEALTH_MS)), "spare-token", sdk.environment(), false);
        director.next(SpareRegisterMessage.class, STEP);
        await().atMost(STEP).until(() -> sdk.count("/health") >= 1);

        spare.retire();
        spare = null;

        assertThat(sdk.paths()).endsWith("/shutdown").doesNotContain("/ready");
    }

    private void startWorld(List<String> options, Map<String, String> environment) throws Exception {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                director.controlUrl().toString()));
        args.addAll(options);
        Map<String, String> env = new HashMap<>(environment);
        env.put(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token");
        env.put(WorldConfig.ENV_TICKET_SECRET, Secrets.random256());
        world = WorldServer.start(WorldConfig.parse(args.toArray(String[]::new), env));
        control = director.next(WorldRegisterMessage.class, STEP).connection();
    }

    private void hydrate() throws InterruptedException {
        director.send(control, new WorldHydrateMessage("start", 0, null));
        director.next(WorldReadyMessage.class, STEP);
    }

    private WorldSnapshotMessage nextLastSnapshot() throws InterruptedException {
        while (true) {
            WorldSnapshotMessage snapshot = (WorldSnapshotMessage) director.next(WorldSnapshotMessage.class, STEP)
                    .message();
            if (snapshot.last()) {
                return snapshot;
            }
        }
    }

    /** What the director's spare command line passes after {@code --spare}, and {@code more}. */
    private List<String> spareArgs(List<String> more) {
        List<String> args = new ArrayList<>(List.of("--control-url", director.controlUrl().toString(), "--bind",
                "127.0.0.1", "--game-port", "0"));
        args.addAll(more);
        return args;
    }
}
