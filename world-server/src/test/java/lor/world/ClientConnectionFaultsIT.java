package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * How a world treats game connections that fail, over real sockets: pings and the silence cut-off, the reconnect
 * window, a second login of the same account, and a client that stops reading while another one plays on.
 */
class ClientConnectionFaultsIT {

    private static final Duration STEP = Duration.ofSeconds(20);
    private static final String TICKET_SECRET = Secrets.random256();
    private static final TicketSigner SIGNER = TicketSigner.fromEncodedSecret(TICKET_SECRET);

    private final List<GameClient> clients = new ArrayList<>();
    private ScriptedDirector director;
    private Channel control;
    private WorldServer world;
    private int nonces;

    @AfterEach
    void stop() throws Exception {
        clients.forEach(GameClient::close);
        if (world != null) {
            CompletableFuture<Integer> exit = world.shutdown("test over");
            WorldSnapshotMessage last;
            do {
                last = (WorldSnapshotMessage) director.next(WorldSnapshotMessage.class, STEP).message();
            } while (!last.last());
            director.send(control, new SnapshotAckMessage("start", last.seq()));
            assertThat(exit.get(60, TimeUnit.SECONDS)).as("exit status").isZero();
        }
        if (director != null) {
            director.close();
        }
    }

    @Test
    void aClientThatAnswersPingsStaysAndOneThatStopsIsDroppedAfterTheTimeout() throws Exception {
        startWorld("--ping-interval-ms", "200", "--client-timeout-ms", "1000", "--reconnect-window-ms", "0");
        GameClient quiet = join(42);
        GameClient frozen = join(43);
        long start = firstState(quiet).tick();
        firstState(frozen);

        frozen.stopReading();
        long frozenAt = System.nanoTime();
        ScriptedDirector.Received left = director.next(PlayerLeftMessage.class, STEP);

        assertThat(((PlayerLeftMessage) left.message()).accountId()).isEqualTo(43);
        long silentMs = TimeUnit.NANOSECONDS.toMillis(left.receivedAtNanos() - frozenAt);
        // Its last pong came at most one interval before it froze; nothing came after.
        assertThat(silentMs).as("dropped after the timeout, not before").isGreaterThanOrEqualTo(1000 - 200);
        frozen.resumeReading();
        assertThat(frozen.closeStatus().get(STEP.toMillis(), TimeUnit.MILLISECONDS))
                .isIn(Limits.CLOSE_GOING_AWAY, -1);

        // The quiet client sends nothing but pongs: three timeouts later (60 ticks) it is still in.
        nextState(quiet, s -> s.tick() >= start + 60);
        assertThat(quiet.closeStatus()).isNotDone();
        assertThat(quiet.pings()).isGreaterThanOrEqualTo(10);
    }

    @Test
    void aLostPlayerComesBackToItsEntityWithinTheWindowAndLeavesAfterIt() throws Exception {
        startWorld("--reconnect-window-ms", "3000", "--map", "meadow");
        GameClient first = join(42);
        WelcomeMessage welcome = first.next(WelcomeMessage.class, STEP);
        first.send(new MoveMessage("W", 1, null));
        StateMessage moved = nextState(first, s -> s.ack() >= 1);
        StateMessage.EntityState me = moved.entities().stream().filter(e -> e.id() == welcome.entityId())
                .findFirst().orElseThrow();
        GameClient watcher = join(43);
        firstState(watcher);

        first.drop();
        GameClient back = join(42);

        WelcomeMessage again = back.next(WelcomeMessage.class, STEP);
        assertThat(again.entityId()).isEqualTo(welcome.entityId());
        assertThat(again.you()).isEqualTo(new WelcomeMessage.Position(me.x(), me.y(), me.layer()));
        assertThat(director.collect(PlayerLeftMessage.class, Duration.ofMillis(300))).isEmpty();

        back.drop();
        long droppedAt = System.nanoTime();
        assertThat(nextState(watcher, s -> true).entities()).extracting(StateMessage.EntityState::id)
                .as("held, the entity is still seen").contains(welcome.entityId());
        ScriptedDirector.Received left = director.next(PlayerLeftMessage.class, STEP);
        assertThat(left.message()).isEqualTo(new PlayerLeftMessage("start", 42));
        // The window is counted in ticks, which may catch up after a stall: the bound leaves room for that.
        assertThat(TimeUnit.NANOSECONDS.toMillis(left.receivedAtNanos() - droppedAt))
                .as("not long before the window ends").isGreaterThanOrEqualTo(2000);
        nextState(watcher, s -> s.entities().stream().noneMatch(e -> e.id() == welcome.entityId()));
    }

    @Test
    void aGoodbyeLeavesAtOnceWhateverTheWindow() throws Exception {
        startWorld("--reconnect-window-ms", "600000");
        GameClient player = join(42);
        firstState(player);

        player.goodbye();

        assertThat(director.next(PlayerLeftMessage.class, STEP).message())
                .isEqualTo(new PlayerLeftMessage("start", 42));
        assertThat(player.closeStatus().get(STEP.toMillis(), TimeUnit.MILLISECONDS)).isEqualTo(1000);
    }

    @Test
    void aSecondLoginClosesTheOlderSocketWith4001WithinASecond() throws Exception {
        startWorld();
        GameClient older = join(42);
        WelcomeMessage first = older.next(WelcomeMessage.class, STEP);

        GameClient newer = join(42);
        GameClient.Received welcomed = newer.next(STEP);

        assertThat(welcomed.message()).isInstanceOfSatisfying(WelcomeMessage.class,
                w -> assertThat(w.entityId()).isEqualTo(first.entityId()));
        assertThat(older.closeStatus().get(STEP.toMillis(), TimeUnit.MILLISECONDS))
                .isEqualTo(Limits.CLOSE_REPLACED);
        assertThat(older.closedAtNanos() - welcomed.receivedAtNanos()).as("closed within 1 s of the welcome")
                .isLessThanOrEqualTo(TimeUnit.SECONDS.toNanos(1));
        assertThat(nextOf(older, ErrorMessage.class).code()).isEqualTo("replaced");
    }

    /**
     * A client that stops reading is cut off; the one that reads gets every broadcast meanwhile. Its receive buffer
     * is small and the world crowded, every NPC within view (big states), so that the socket buffers fill within
     * seconds: the cut-off's own ten seconds above the high-water mark are then most of the wait.
     */
    @Test
    void aClientThatStopsReadingIsCutOffWhileTheOtherMissesNoBroadcast() throws Exception {
        startWorld("--grid", "64x64x1", "--npcs", "2500", "--view-radius", "64", "--client-timeout-ms", "600000",
                "--reconnect-window-ms", "0");
        GameClient reader = join(42);
        GameClient stuck = GameClient.connect(world.gameServer().port(), STEP, 8 * 1024);
        clients.add(stuck);
        stuck.send(new HelloMessage(ticket(43), "hello"));
        firstState(stuck);
        StateMessage from = firstState(reader);

        stuck.stopReading();
        List<Long> ticks = new ArrayList<>(List.of(from.tick()));
        ScriptedDirector.Received left = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (left == null) {
            assertThat(System.nanoTime()).as("cut off within 90 s").isLessThan(deadline);
            StateMessage state = nextState(reader, s -> true);
            ticks.add(state.tick());
            List<ScriptedDirector.Received> leaves = director.collect(PlayerLeftMessage.class, Duration.ofMillis(1));
            if (!leaves.isEmpty()) {
                left = leaves.get(0);
            }
        }

        assertThat(left.message()).isEqualTo(new PlayerLeftMessage("start", 43));
        for (int i = 1; i < ticks.size(); i++) {
            assertThat(ticks.get(i) - ticks.get(i - 1)).as("ticks between states %d and %d", i - 1, i).isEqualTo(2);
        }
        assertThat(ticks).as("the reader got states all along").hasSizeGreaterThan(20);
        stuck.resumeReading();
        await().atMost(STEP).until(() -> stuck.closeStatus().isDone());
    }

    private void startWorld(String... options) throws Exception {
        director = new ScriptedDirector();
        world = WorldServer.start(config(director, options));
        ScriptedDirector.Received register = director.next(WorldRegisterMessage.class, STEP);
        control = register.connection();
        director.send(control, new WorldHydrateMessage("start", 1, null));
        director.next(WorldReadyMessage.class, STEP);
    }

    private GameClient join(long accountId) throws Exception {
        GameClient client = GameClient.connect(world.gameServer().port(), STEP);
        clients.add(client);
        client.send(new HelloMessage(ticket(accountId), "hello"));
        return client;
    }

    private String ticket(long accountId) {
        return SIGNER.sign(new Ticket(accountId, "start", System.currentTimeMillis() + 30_000, "n" + ++nonces));
    }

    private static StateMessage firstState(GameClient client) throws InterruptedException {
        return nextState(client, s -> true);
    }

    private static StateMessage nextState(GameClient client, java.util.function.Predicate<StateMessage> wanted)
            throws InterruptedException {
        long deadline = System.nanoTime() + STEP.toNanos();
        while (System.nanoTime() < deadline) {
            if (client.next(STEP).message() instanceof StateMessage state && wanted.test(state)) {
                return state;
            }
        }
        throw new AssertionError("no such state within " + STEP);
    }

    private static <T> T nextOf(GameClient client, Class<T> type) throws InterruptedException {
        long deadline = System.nanoTime() + STEP.toNanos();
        while (System.nanoTime() < deadline) {
            Object message = client.next(STEP).message();
            if (type.isInstance(message)) {
                return type.cast(message);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " within " + STEP);
    }

    private static WorldConfig config(ScriptedDirector director, String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                director.controlUrl().toString(), "--shutdown-ack-timeout-ms", "1000"));
        args.addAll(List.of(options));
        return WorldConfig.parse(args.toArray(String[]::new),
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, TICKET_SECRET));
    }
}
