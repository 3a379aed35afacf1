package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import lor.protocol.JsonPayload;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldExitCodes;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.NamesMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.game.binary.StateTracker;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import lor.sim.world.PlayerRecord;
import lor.sim.world.WorldSnapshot;
import lor.world.snapshot.SnapshotCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A real world server in this JVM (game endpoint, tick thread, control client, snapshot I/O) between a director
 * the test plays ({@link ScriptedDirector}) and a game client over a real {@code /game} WebSocket.
 */
class WorldServerIT {

    private static final Duration STEP = Duration.ofSeconds(20);
    private static final String TICKET_SECRET = Secrets.random256();
    private static final TicketSigner SIGNER = TicketSigner.fromEncodedSecret(TICKET_SECRET);
    /** Far beyond what the two socket buffers of a loopback connection hold. */

    private ScriptedDirector director;
    private Channel control;
    private WorldServer world;
    private GameClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        if (world != null) {
            CompletableFuture<Integer> exit = world.shutdown("test over");
            if (control != null) {
                WorldSnapshotMessage last = nextLastSnapshot();
                director.send(control, new SnapshotAckMessage("start", last.seq()));
                assertThat(exit.get(60, TimeUnit.SECONDS)).as("exit status").isZero();
            } else {
                exit.get(60, TimeUnit.SECONDS);
            }
        }
        if (director != null) {
            director.close();
        }
    }

    @Test
    void playerJoinsGetsTheMapMovesAndSeesItsAckInState() throws Exception {
        startWorld(null, "--map", "meadow");

        client = join(42);
        WelcomeMessage welcome = client.next(WelcomeMessage.class, STEP);
        MapMessage map = client.next(MapMessage.class, STEP);
        assertThat(welcome.you()).isEqualTo(new WelcomeMessage.Position(16, 16, 0));
        assertThat(MapEncoding.decode(map.cells(), 32 * 32))
                .isEqualTo(Maps.load(config(null, "--map", "meadow")).copyCells());

        client.send(new MoveMessage("W", 1, null));
        client.send(new MoveMessage("N", 2, null));

        StateMessage state = nextStateWithAck(2);
        assertThat(state.entities()).containsExactly(
                new StateMessage.EntityState(welcome.entityId(), 15, 15, 0, "player"));
    }

    @Test
    void anUnreadableSnapshotEndsTheProcessWithTheStatusThatTellsTheDirectorNotToRetry() throws Exception {
        director = new ScriptedDirector();
        world = WorldServer.start(config(director, "--map", "meadow"));
        Channel connection = director.next(WorldRegisterMessage.class, STEP).connection();

        director.send(connection, new WorldHydrateMessage("start", 7,
                JsonPayload.of(JsonNodeFactory.instance.objectNode().put("format", 99))));

        assertThat(world.exitStatus().get(STEP.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(WorldExitCodes.UNREADABLE_SNAPSHOT);
        world = null;
    }

    @Test
    void refusedMoveIsAnsweredWithRejectedOverTheWire() throws Exception {
        // Meadow has a wall block at x 4-6, y 4-6: from the spawn (16,16) walk to (7,5) and bump into it.
        startWorld(null, "--map", "meadow", "--intent-rate", "100");
        client = join(42);
        client.next(WelcomeMessage.class, STEP);
        client.next(MapMessage.class, STEP);
        long seq = 0;
        for (int i = 0; i < 11; i++) {
            client.send(new MoveMessage("N", ++seq, null));
        }
        for (int i = 0; i < 10; i++) {
            client.send(new MoveMessage("W", ++seq, null));
        }

        RejectedMessage rejected = nextOf(RejectedMessage.class);

        assertThat(rejected).isEqualTo(new RejectedMessage(seq, "wall"));
        StateMessage state = nextStateWithAck(seq);
        assertThat(state.entities()).extracting(e -> List.of(e.x(), e.y())).containsExactly(List.of(7, 5));
    }

    @Test
    void aBinaryClientGetsItsStateAsBinaryFramesOverTheWire() throws Exception {
        startWorld(null, "--map", "meadow", "--intent-rate", "100");
        client = GameClient.connect(world.gameServer().port(), STEP);
        client.send(new HelloMessage(ticket(42), "binary", "hello"));
        WelcomeMessage welcome = client.next(WelcomeMessage.class, STEP);
        client.next(MapMessage.class, STEP);
        assertThat(welcome.encoding()).isEqualTo("binary");
        StateTracker tracker = new StateTracker(32, 32);

        client.send(new MoveMessage("W", 1, null));
        while (tracker.ack() < 1) {
            tracker.apply(Unpooled.wrappedBuffer(client.nextBinary(STEP)));
        }

        assertThat(tracker.state().entities()).containsExactly(
                new StateMessage.EntityState(welcome.entityId(), 15, 16, 0, "player"));
    }

    @Test
    void namesReachOnlyTheClientWhoseHelloAskedForThemOverTheWire() throws Exception {
        startWorld(null, "--map", "meadow");
        client = GameClient.connect(world.gameServer().port(), STEP);
        client.send(new HelloMessage(namedTicket(42, "alice"), null, true, "hello"));
        int alice = client.next(WelcomeMessage.class, STEP).entityId();
        client.next(MapMessage.class, STEP);
        assertThat(client.next(NamesMessage.class, STEP)).isEqualTo(new NamesMessage(Map.of(alice, "alice")));

        try (GameClient other = GameClient.connect(world.gameServer().port(), STEP)) {
            other.send(new HelloMessage(namedTicket(43, "bob"), "hello"));
            int bob = other.next(WelcomeMessage.class, STEP).entityId();
            other.next(MapMessage.class, STEP);

            // Alice's states go on while bob enters: his name comes between two of them.
            assertThat(client.nextAfterStates(NamesMessage.class, STEP))
                    .isEqualTo(new NamesMessage(Map.of(bob, "bob")));
            for (int i = 0; i < 3; i++) {
                assertThat(other.next(STEP).message()).as("the contract's client: state frames, never names")
                        .isInstanceOf(StateMessage.class);
            }
        }
    }

    /**
     * The tick thread never blocks on the control channel. The director stops reading while the world, hydrated
     * with 50,000 saved players, publishes a snapshot of a few megabytes every 100 ms: within a second the
     * director's socket buffer and the world's are full and every further snapshot waits in the world's outbound
     * buffer. All the while a player's state keeps coming, two ticks apart, at the tick rate.
     */
    @Test
    void keepsTickingForItsPlayersWhileTheDirectorStopsReading() throws Exception {
        List<PlayerRecord> saved = new ArrayList<>();
        for (int i = 0; i < 50_000; i++) {
            saved.add(new PlayerRecord(1_000_000 + i, i % 64, (i / 64) % 64, 0));
        }
        startWorld(new WorldSnapshot(0, 1, saved), "--snapshot-interval-ms", "100");
        director.stopReading(control);
        long stalledAt = System.nanoTime();

        client = join(42);
        client.next(WelcomeMessage.class, STEP);
        client.next(MapMessage.class, STEP);
        // The first second fills the socket buffers; the next four are measured.
        long measureFrom = stalledAt + TimeUnit.SECONDS.toNanos(1);
        long measureUntil = stalledAt + TimeUnit.SECONDS.toNanos(5);
        List<GameClient.Received> states = new ArrayList<>();
        while (System.nanoTime() < measureUntil) {
            GameClient.Received received = client.next(STEP);
            if (received.message() instanceof StateMessage && received.receivedAtNanos() >= measureFrom) {
                states.add(received);
            }
        }

        List<Long> ticks = states.stream().map(r -> ((StateMessage) r.message()).tick()).toList();
        assertThat(ticks).hasSizeGreaterThan(10);
        for (int i = 1; i < ticks.size(); i++) {
            assertThat(ticks.get(i) - ticks.get(i - 1)).as("ticks between states %d and %d", i - 1, i)
                    .isEqualTo(2);
        }
        // The one timing assertion: 20 Hz is the target, the threshold is lenient for a shared machine.
        GameClient.Received first = states.get(0);
        GameClient.Received last = states.get(states.size() - 1);
        double seconds = (last.receivedAtNanos() - first.receivedAtNanos()) / 1e9;
        double ticksPerSecond = (ticks.get(ticks.size() - 1) - ticks.get(0)) / seconds;
        assertThat(ticksPerSecond).as("ticks per second while the director is not reading").isGreaterThan(10);

        // The control channel really was stalled, and the world did not pile snapshots up behind it: once the
        // director reads again, it gets the few snapshots the socket buffers held (kernel buffers autotune to a
        // few MiB, about one snapshot each way), then the newest, whose seq jumps over the dozens that were
        // superseded meanwhile instead of queued.
        director.resumeReading(control);
        long lastMeasuredTick = ticks.get(ticks.size() - 1);
        List<WorldSnapshotMessage> afterResume = new ArrayList<>();
        while (afterResume.isEmpty()
                || afterResume.get(afterResume.size() - 1).state().tree().get("tick").longValue() <= lastMeasuredTick) {
            afterResume.add((WorldSnapshotMessage) director.next(WorldSnapshotMessage.class, STEP).message());
        }
        assertThat(afterResume).as("snapshots delivered before one newer than the stall").hasSizeLessThanOrEqualTo(20);
        long firstSeq = afterResume.get(0).seq();
        long newestSeq = afterResume.get(afterResume.size() - 1).seq();
        assertThat(newestSeq - firstSeq).as("snapshots superseded while the director was not reading")
                .isGreaterThan(10);

        control.close().sync();
        control = null;
    }

    @Test
    void beatsWhileItsTickMovesOnAndFallsSilentWhileTheTickThreadIsStuck() throws Exception {
        startWorld(null);
        WorldHeartbeatMessage first = nextHeartbeat();
        assertThat(nextHeartbeat().tick()).as("a beat vouches for a tick that moved on").isGreaterThan(first.tick());

        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        assertThat(world.loop().submit(() -> {
            stuck.countDown();
            awaitUninterruptibly(release);
        })).isTrue();
        assertThat(stuck.await(STEP.toSeconds(), TimeUnit.SECONDS)).isTrue();
        // At most the beat for the ticks just before the thread got stuck; three would come from a live world.
        assertThat(director.collect(WorldHeartbeatMessage.class, Duration.ofMillis(3_500))).hasSizeLessThanOrEqualTo(1);

        long stuckAt = world.loop().passes();
        release.countDown();
        assertThat(nextHeartbeat().tick()).as("beats resume once the tick does").isGreaterThan(stuckAt);
    }

    private WorldHeartbeatMessage nextHeartbeat() throws InterruptedException {
        return (WorldHeartbeatMessage) director.next(WorldHeartbeatMessage.class, STEP).message();
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void startWorld(WorldSnapshot state, String... options) throws Exception {
        director = new ScriptedDirector();
        world = WorldServer.start(config(director, options));
        ScriptedDirector.Received register = director.next(WorldRegisterMessage.class, STEP);
        control = register.connection();
        director.send(control, new WorldHydrateMessage("start", 1,
                state == null ? null : JsonPayload.of(SnapshotCodec.encode(state))));
        director.next(WorldReadyMessage.class, STEP);
    }

    private GameClient join(long accountId) throws Exception {
        GameClient joined = GameClient.connect(world.gameServer().port(), STEP);
        joined.send(new HelloMessage(ticket(accountId), "hello"));
        return joined;
    }

    private static String namedTicket(long accountId, String name) {
        return SIGNER.sign(new Ticket(accountId, "start", System.currentTimeMillis() + 30_000, "join" + accountId,
                null, name));
    }

    private static String ticket(long accountId) {
        return SIGNER.sign(new Ticket(accountId, "start", System.currentTimeMillis() + 30_000, "join" + accountId));
    }

    private StateMessage nextStateWithAck(long ack) throws InterruptedException {
        while (true) {
            StateMessage state = nextOf(StateMessage.class);
            if (state.ack() >= ack) {
                assertThat(state.ack()).isEqualTo(ack);
                return state;
            }
        }
    }

    private <T> T nextOf(Class<T> type) throws InterruptedException {
        long deadline = System.nanoTime() + STEP.toNanos();
        while (System.nanoTime() < deadline) {
            Object message = client.next(STEP).message();
            if (type.isInstance(message)) {
                return type.cast(message);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " within " + STEP);
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

    private static WorldConfig config(ScriptedDirector director, String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                director == null ? "ws://127.0.0.1:1/control" : director.controlUrl().toString(),
                "--shutdown-ack-timeout-ms", "1000"));
        args.addAll(List.of(options));
        return WorldConfig.parse(args.toArray(String[]::new),
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, TICKET_SECRET));
    }
}
