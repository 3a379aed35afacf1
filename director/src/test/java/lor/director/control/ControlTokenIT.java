package lor.director.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import lor.director.DirectorMetrics;
import lor.director.db.Database;
import lor.director.db.TestDatabase;
import lor.director.world.WorldStatus;
import lor.director.world.WorldSupervisor;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.WorldRepository;
import lor.protocol.ErrorMessage;
import lor.protocol.JsonPayload;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.testing.LoopbackServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /control} over a real socket, with world processes (stand-ins) the real launcher started: a world
 * registers only with the spawn token of its own current spawn. Another world's token, or the token of an earlier
 * spawn of the same world, is refused, logged, and the token never appears in the log. A snapshot sent again is
 * acknowledged again and stored once.
 */
class ControlTokenIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private static Database db;

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(4);
    private final HttpClient http = HttpClient.newHttpClient();
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final List<Long> pids = new ArrayList<>();
    private StandInWorlds standIns;
    private WorldSupervisor supervisor;
    private LoopbackServer server;

    @BeforeAll
    static void startDatabase() {
        db = TestDatabase.fresh();
    }

    @AfterAll
    static void closeDatabase() {
        db.close();
    }

    @BeforeEach
    void start() throws Exception {
        logs.start();
        root.addAppender(logs);
        standIns = new StandInWorlds(dir);
        supervisor = new WorldSupervisor(new WorldRepository(db).all(), standIns.launcher(),
                new SnapshotRepository(db, 3), new WorldLeaseRepository(db, "control-token-test",
                WorldSupervisor.LEASE_TTL), blocking, scheduler, new DirectorMetrics(), new Membership(),
                new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000, 0);
        ControlEndpoint endpoint = new ControlEndpoint(supervisor, 1 << 20, 30_000);
        server = LoopbackServer.start("control-token-it", pipeline -> {
            pipeline.addLast(new HttpServerCodec()).addLast(new HttpObjectAggregator(16 * 1024));
            endpoint.configure(pipeline);
        });
    }

    @AfterEach
    void stop() {
        root.detachAppender(logs);
        pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        supervisor.shutdownAll(Duration.ofSeconds(10));
        server.close();
        standIns.close();
        scheduler.shutdownNow();
        blocking.shutdownNow();
    }

    @Test
    void aWorldCannotRegisterWithTheSpawnTokenOfAnotherWorld() throws Exception {
        supervisor.join("start");
        StandInWorlds.Spawned start = spawned("start");
        supervisor.join("cellar");
        StandInWorlds.Spawned cellar = spawned("cellar");

        World impostor = connect();
        impostor.send(new WorldRegisterMessage("start", cellar.spawnToken(), 4000, start.pid()));

        ErrorMessage refusal = impostor.expect(ErrorMessage.class);
        assertThat(refusal.message()).isEqualTo("registration refused: wrong or stale spawn token");
        assertThat(impostor.closed.get(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isNotNull();
        assertThat(logLines()).anyMatch(line -> line.startsWith("refused registration for world start "));

        World genuine = connect();
        genuine.send(new WorldRegisterMessage("start", start.spawnToken(), 4000, start.pid()));
        assertThat(genuine.expect(WorldHydrateMessage.class).worldId()).isEqualTo("start");
        assertNoTokenLogged(start, cellar);
    }

    @Test
    void aWorldCannotRegisterWithTheSpawnTokenOfItsPreviousSpawn() throws Exception {
        supervisor.join("cellar");
        StandInWorlds.Spawned first = spawned("cellar");
        World firstWorld = connect();
        firstWorld.send(new WorldRegisterMessage("cellar", first.spawnToken(), 4001, first.pid()));
        firstWorld.send(new WorldReadyMessage("cellar", firstWorld.expect(WorldHydrateMessage.class).seq()));
        await().atMost(WAIT).until(() -> status("cellar") == WorldStatus.RUNNING);
        ProcessHandle dying = ProcessHandle.of(first.pid()).orElseThrow();
        dying.destroyForcibly();
        dying.onExit().get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        await().atMost(WAIT).until(() -> status("cellar") == WorldStatus.STOPPED);
        supervisor.join("cellar");
        StandInWorlds.Spawned second = spawned("cellar");

        World stale = connect();
        stale.send(new WorldRegisterMessage("cellar", first.spawnToken(), 4001, second.pid()));

        assertThat(stale.expect(ErrorMessage.class).message())
                .isEqualTo("registration refused: wrong or stale spawn token");
        assertThat(logLines()).anyMatch(line -> line.startsWith("refused registration for world cellar "));
        World current = connect();
        current.send(new WorldRegisterMessage("cellar", second.spawnToken(), 4002, second.pid()));
        assertThat(current.expect(WorldHydrateMessage.class).worldId()).isEqualTo("cellar");
        assertNoTokenLogged(first, second);
    }

    @Test
    void aSnapshotSentAgainIsAcknowledgedAgainAndStoredOnce() throws Exception {
        supervisor.join("meadow");
        StandInWorlds.Spawned process = spawned("meadow");
        World world = connect();
        world.send(new WorldRegisterMessage("meadow", process.spawnToken(), 4003, process.pid()));
        world.send(new WorldReadyMessage("meadow", world.expect(WorldHydrateMessage.class).seq()));
        await().atMost(WAIT).until(() -> status("meadow") == WorldStatus.RUNNING);
        ObjectNode state = JsonNodeFactory.instance.objectNode().put("format", 2).put("tick", 40);
        WorldSnapshotMessage snapshot = new WorldSnapshotMessage("meadow", 1, JsonPayload.of(state), false);

        // As a world does when it reconnects before it saw the first ack: the same (world, seq) again.
        world.send(snapshot);
        assertThat(world.next(SnapshotAckMessage.class).seq()).isEqualTo(1);
        world.send(snapshot);
        assertThat(world.next(SnapshotAckMessage.class).seq()).as("acknowledged again").isEqualTo(1);

        assertThat(new SnapshotRepository(db, 3).seqs("meadow")).containsExactly(1L);
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    private StandInWorlds.Spawned spawned(String worldId) throws InterruptedException {
        StandInWorlds.Spawned process = standIns.next(WAIT);
        pids.add(process.pid());
        assertThat(process.worldId()).isEqualTo(worldId);
        return process;
    }

    private WorldStatus status(String worldId) {
        return supervisor.views().stream().filter(v -> v.worldId().equals(worldId)).findFirst().orElseThrow()
                .status();
    }

    private List<String> logLines() {
        return events().stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    /** Appends are synchronized on the appender; so is this copy. */
    private List<ILoggingEvent> events() {
        synchronized (logs) {
            return new ArrayList<>(logs.list);
        }
    }

    private void assertNoTokenLogged(StandInWorlds.Spawned... processes) {
        List<ILoggingEvent> events = events();
        assertThat(events).as("log lines of the test").isNotEmpty();
        for (StandInWorlds.Spawned p : processes) {
            for (ILoggingEvent event : events) {
                String text = event.getFormattedMessage()
                        + (event.getThrowableProxy() == null ? "" : event.getThrowableProxy().getMessage());
                assertThat(text).doesNotContain(p.spawnToken()).doesNotContain(p.ticketSecret());
            }
        }
    }

    private World connect() throws Exception {
        URI url = server.webSocketUrl("/control");
        World world = new World();
        world.socket = http.newWebSocketBuilder().buildAsync(url, world).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        return world;
    }

    /** A world's end of {@code /control}, played by the test. */
    private static final class World implements WebSocket.Listener {

        private final MessageCodec codec = ControlMessages.worldCodec();
        private final BlockingQueue<String> inbox = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        WebSocket socket;

        void send(Message message) {
            socket.sendText(codec.encode(message), true).join();
        }

        <M extends Message> M expect(Class<M> type) throws Exception {
            String text = inbox.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(text).as("a %s within %s", type.getSimpleName(), WAIT).isNotNull();
            Message message = codec.decode(text);
            assertThat(message).isInstanceOf(type);
            return type.cast(message);
        }

        /** The next message of {@code type}, skipping others (status requests, rosters). */
        <M extends Message> M next(Class<M> type) throws Exception {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (true) {
                String text = inbox.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                assertThat(text).as("a %s within %s", type.getSimpleName(), WAIT).isNotNull();
                Message message = codec.decode(text);
                if (type.isInstance(message)) {
                    return type.cast(message);
                }
            }
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                inbox.add(partial.toString());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed.complete(statusCode);
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed.complete(-1);
        }
    }
}
