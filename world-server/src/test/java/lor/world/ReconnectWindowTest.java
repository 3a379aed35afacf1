package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.ErrorCode;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.sim.grid.Direction;
import lor.sim.world.PlayerRecord;
import lor.world.control.CapturingControlLink;
import lor.world.game.RecordingPlayerConnection;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A player whose connection is lost stays in the world for the reconnect window; a new connection of the account
 * within it takes the same entity back, and after it the entity leaves as after a goodbye. The tick count is the
 * clock: the window of 1 s is 20 ticks.
 */
class ReconnectWindowTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, Secrets.random256());
    private static final int WINDOW_TICKS = 20;
    /** The open 8 × 6 floor's spawn point, its centre. */
    private static final WelcomeMessage.Position SPAWN = new WelcomeMessage.Position(4, 3, 0);

    private final CapturingControlLink control = new CapturingControlLink(true);
    private final List<RecordingPlayerConnection> connections = new ArrayList<>();
    private WorldRuntime runtime;
    private WorldLoop loop;
    private int nonces;

    @AfterEach
    void releaseFrames() {
        connections.forEach(RecordingPlayerConnection::releaseFrames);
        connections.forEach(RecordingPlayerConnection::releaseBinaryFrames);
    }

    @Test
    void aLostPlayerStaysVisibleInTheRosterAndTheCountWithoutLeaving() {
        start("--reconnect-window-ms", "60000");
        RecordingPlayerConnection lost = join(42);
        RecordingPlayerConnection other = join(43);
        int entity = lost.only(WelcomeMessage.class).entityId();
        control.clear();

        runtime.lose(lost);
        tick(WorldLoop.TICK_RATE);

        assertThat(control.delivered(PlayerLeftMessage.class)).isEmpty();
        other.releaseFrames();
        assertThat(other.last(StateMessage.class).entities()).extracting(StateMessage.EntityState::id)
                .contains(entity);
        assertThat(control.delivered(WorldStatusMessage.class)).singleElement()
                .extracting(WorldStatusMessage::players).isEqualTo(2);
        runtime.sendRoster();
        assertThat(control.delivered(PlayerRosterMessage.class)).singleElement()
                .satisfies(r -> assertThat(r.accountIds()).containsExactlyInAnyOrder(42L, 43L));
    }

    @Test
    void aNewConnectionWithinTheWindowGetsTheSameEntityWhereItStands() {
        start("--reconnect-window-ms", "1000");
        RecordingPlayerConnection lost = join(42);
        WelcomeMessage first = lost.only(WelcomeMessage.class);
        lost.intents().offer(1, Direction.E);
        tick(2);
        runtime.lose(lost);
        lost.intents().offer(2, Direction.E);
        tick(WINDOW_TICKS - 3);
        lost.clear();
        control.clear();

        RecordingPlayerConnection back = join(42);
        tick(10);

        WelcomeMessage again = back.only(WelcomeMessage.class);
        assertThat(again.entityId()).isEqualTo(first.entityId());
        assertThat(again.you()).as("one step east, and the held entity took no intent")
                .isEqualTo(new WelcomeMessage.Position(5, 3, 0));
        assertThat(control.delivered(PlayerJoinedMessage.class)).containsExactly(new PlayerJoinedMessage("start", 42));
        assertThat(control.delivered(PlayerLeftMessage.class)).isEmpty();
        assertThat(lost.sent()).as("the lost connection gets nothing more").isEmpty();
        back.releaseFrames();
        assertThat(back.sent(StateMessage.class)).isNotEmpty();
        assertThat(back.closedWith()).isNull();
    }

    @Test
    void afterTheWindowThePlayerLeavesAndComesBackWhereItWasAsANewEntity() {
        start("--reconnect-window-ms", "1000");
        RecordingPlayerConnection lost = join(42);
        int entity = lost.only(WelcomeMessage.class).entityId();
        lost.intents().offer(1, Direction.W);
        tick(2);
        control.clear();

        runtime.lose(lost);
        tick(WINDOW_TICKS - 1);
        assertThat(control.delivered(PlayerLeftMessage.class)).isEmpty();
        tick(1);

        assertThat(control.delivered(PlayerLeftMessage.class)).containsExactly(new PlayerLeftMessage("start", 42));
        RecordingPlayerConnection back = join(42);
        WelcomeMessage again = back.only(WelcomeMessage.class);
        assertThat(again.entityId()).as("the held entity is gone: a new one comes").isNotEqualTo(entity);
        assertThat(again.you()).isEqualTo(new WelcomeMessage.Position(3, 3, 0));
    }

    @Test
    void aSnapshotDuringTheWindowHoldsTheLostPlayerWhereItStands() {
        start("--reconnect-window-ms", "60000", "--snapshot-interval-ms", "1000");
        RecordingPlayerConnection lost = join(42);
        lost.intents().offer(1, Direction.N);
        tick(2);
        runtime.lose(lost);

        tick(WorldLoop.TICK_RATE);

        List<WorldSnapshotMessage> snapshots = control.delivered(WorldSnapshotMessage.class);
        assertThat(snapshots).isNotEmpty();
        assertThat(SnapshotCodec.decode(snapshots.get(snapshots.size() - 1).state().tree()).players())
                .containsExactly(new PlayerRecord(42, 4, 2, 0));
        assertThat(control.delivered(PlayerLeftMessage.class)).isEmpty();
    }

    @Test
    void aKickTakesAHeldPlayerOutOnce() {
        start("--reconnect-window-ms", "1000");
        RecordingPlayerConnection lost = join(42);
        runtime.lose(lost);
        control.clear();

        runtime.kick(42);
        tick(WINDOW_TICKS * 2);

        assertThat(control.delivered(PlayerLeftMessage.class)).containsExactly(new PlayerLeftMessage("start", 42));
        assertThat(lost.closedWith()).isNull();
        assertThat(join(43).only(WelcomeMessage.class).you()).isEqualTo(SPAWN);
    }

    @Test
    void shutdownTakesHeldPlayersOutAndSavesThem() {
        start("--reconnect-window-ms", "60000");
        RecordingPlayerConnection lost = join(42);
        lost.intents().offer(1, Direction.S);
        tick(2);
        runtime.lose(lost);
        control.clear();

        runtime.closeForShutdown();

        assertThat(control.delivered(PlayerLeftMessage.class)).containsExactly(new PlayerLeftMessage("start", 42));
        WorldSnapshotMessage last = control.delivered(WorldSnapshotMessage.class).get(0);
        assertThat(last.last()).isTrue();
        assertThat(SnapshotCodec.decode(last.state().tree()).players()).containsExactly(new PlayerRecord(42, 4, 4, 0));
    }

    @Test
    void withoutAWindowALostPlayerLeavesAtOnce() {
        start("--reconnect-window-ms", "0");
        RecordingPlayerConnection lost = join(42);
        control.clear();

        runtime.lose(lost);

        assertThat(control.delivered()).containsExactly(new PlayerLeftMessage("start", 42));
        assertThat(join(43).only(WelcomeMessage.class).you()).isEqualTo(SPAWN);
    }

    @Test
    void theLossOfAReplacedConnectionHoldsNothing() {
        start("--reconnect-window-ms", "1000");
        RecordingPlayerConnection first = join(42);
        RecordingPlayerConnection second = join(42);
        assertThat(first.closedWith()).isEqualTo(ErrorCode.REPLACED);
        control.clear();

        runtime.lose(first);
        tick(WINDOW_TICKS * 2);

        assertThat(control.delivered(PlayerLeftMessage.class)).isEmpty();
        second.releaseFrames();
        assertThat(second.sent(StateMessage.class)).isNotEmpty();
        assertThat(second.closedWith()).isNull();
    }

    @Test
    void aGoodbyeLeavesAtOnceWhateverTheWindow() {
        start("--reconnect-window-ms", "60000");
        RecordingPlayerConnection player = join(42);
        control.clear();

        runtime.leave(player);

        assertThat(control.delivered()).containsExactly(new PlayerLeftMessage("start", 42));
    }

    private void start(String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                "ws://127.0.0.1:1/control", "--grid", "8x6x1"));
        args.addAll(List.of(options));
        WorldConfig config = WorldConfig.parse(args.toArray(String[]::new), ENV);
        runtime = new WorldRuntime(config, Maps.load(config), control,
                new SnapshotOutbox("start", control, Runnable::run), reason -> { });
        loop = new WorldLoop("start", 16, runtime);
        runtime.hydrate(0, null);
    }

    private RecordingPlayerConnection join(long accountId) {
        RecordingPlayerConnection connection = new RecordingPlayerConnection(accountId);
        connections.add(connection);
        runtime.admit(connection, new Ticket(accountId, "start", Long.MAX_VALUE, "nonce" + ++nonces), null);
        return connection;
    }

    private void tick(int times) {
        for (int i = 0; i < times; i++) {
            runtime.tick(loop);
        }
    }
}
