package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import lor.protocol.Message;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.game.MapMessage;
import lor.protocol.game.NamesMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.world.control.CapturingControlLink;
import lor.world.game.RecordingPlayerConnection;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotOutbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The opt-in {@code names} messages, on the tick thread driven by hand: a connection whose hello asked for names
 * gets every player's name right after {@code map}, then each newcomer's; one that did not ask gets none; a player
 * whose ticket carried no name (v1) is never named.
 */
class WorldRuntimeNamesTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, Secrets.random256());

    /** Spawn at (3,1); portal a, to cell (6,6,0) of the cellar, two steps east at (5,1). */
    private static final Grid PORTAL_ROOM = MapText.parse("""
            @portal a cellar 6 6 0
            #######
            #..S.a#
            #.....#
            #######
            """);

    private final CapturingControlLink control = new CapturingControlLink(true);
    private final List<RecordingPlayerConnection> players = new ArrayList<>();
    private WorldRuntime runtime = runtime(config("--grid", "8x6x1"), null);
    private WorldLoop loop = new WorldLoop("start", 16, runtime);

    @AfterEach
    void releaseFrames() {
        players.forEach(RecordingPlayerConnection::releaseFrames);
        players.forEach(RecordingPlayerConnection::releaseBinaryFrames);
    }

    @Test
    void anAskerGetsEveryNameAfterTheMapThenTheNewcomersAndOneThatDidNotAskGetsNone() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection bob = player(43);
        RecordingPlayerConnection alice = player(42);

        runtime.admit(bob, named(43, "bob"), false, false, null);
        runtime.admit(alice, named(42, "alice"), false, true, null);
        RecordingPlayerConnection carol = player(44);
        runtime.admit(carol, named(44, "carol_3"), false, false, null);

        List<Message> toAlice = alice.sent();
        assertThat(toAlice).hasSize(4);
        assertThat(toAlice.get(0)).isInstanceOf(WelcomeMessage.class);
        assertThat(toAlice.get(1)).isInstanceOf(MapMessage.class);
        assertThat(toAlice.get(2)).as("everyone in the world, right after the map")
                .isEqualTo(new NamesMessage(Map.of(me(bob), "bob", me(alice), "alice")));
        assertThat(toAlice.get(3)).as("then the newcomer alone")
                .isEqualTo(new NamesMessage(Map.of(me(carol), "carol_3")));
        assertThat(bob.sent()).as("bob did not ask: welcome and map only, as before names existed").hasSize(2);
        assertThat(bob.sent(NamesMessage.class)).isEmpty();
        assertThat(carol.sent(NamesMessage.class)).isEmpty();

        tick(2);
        assertThat(bob.sent(NamesMessage.class)).as("nor later, with the state").isEmpty();
        assertThat(alice.sent(NamesMessage.class)).hasSize(2);
    }

    @Test
    void aPlayerWithAV1TicketIsNeverNamed() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection alice = player(42);
        RecordingPlayerConnection old = player(43);
        runtime.admit(old, new Ticket(43, "start", Long.MAX_VALUE, "n43"), false, false, null);

        runtime.admit(alice, named(42, "alice"), false, true, null);
        RecordingPlayerConnection later = player(44);
        runtime.admit(later, new Ticket(44, "start", Long.MAX_VALUE, "n44"), false, true, null);

        assertThat(alice.sent(NamesMessage.class)).as("the full list leaves the unnamed out; no newcomer's follows")
                .containsExactly(new NamesMessage(Map.of(me(alice), "alice")));
        assertThat(later.sent(NamesMessage.class)).as("an unnamed asker still gets the others' names")
                .containsExactly(new NamesMessage(Map.of(me(alice), "alice")));
    }

    @Test
    void theNewcomersNameIsOneFrameWhoseBytesEveryAskerShares() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection alice = player(42);
        RecordingPlayerConnection bob = player(43);
        runtime.admit(alice, named(42, "alice"), false, true, null);
        runtime.admit(bob, named(43, "bob"), true, true, null);
        RecordingPlayerConnection carol = player(44);

        runtime.admit(carol, named(44, "carol"), false, false, null);

        ByteBuf toAlice = alice.heldFrames().get(alice.heldFrames().size() - 1);
        ByteBuf toBob = bob.heldFrames().get(bob.heldFrames().size() - 1);
        assertThat(toAlice).isNotSameAs(toBob);
        assertThat(root(toAlice)).as("one encoding, duplicated per connection").isSameAs(root(toBob));
        assertThat(alice.last(NamesMessage.class)).isEqualTo(new NamesMessage(Map.of(me(carol), "carol")));
        assertThat(bob.last(NamesMessage.class)).as("a binary-state asker gets the same JSON frame")
                .isEqualTo(new NamesMessage(Map.of(me(carol), "carol")));
    }

    @Test
    void aPlayerHeldForItsReconnectWindowKeepsItsNameInTheList() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection bob = player(43);
        runtime.admit(bob, named(43, "bob"), false, false, null);
        runtime.lose(bob);
        RecordingPlayerConnection alice = player(42);

        runtime.admit(alice, named(42, "alice"), false, true, null);

        assertThat(alice.only(NamesMessage.class))
                .isEqualTo(new NamesMessage(Map.of(me(bob), "bob", me(alice), "alice")));
    }

    @Test
    void aTransferCarriesTheNameOfThePlayersTicket() {
        useRuntime(runtime(config(), PORTAL_ROOM));
        runtime.hydrate(0, null);
        RecordingPlayerConnection alice = player(42);
        runtime.admit(alice, named(42, "alice"), false, false, null);

        alice.intents().offer(1, Direction.E);
        tick(1);
        alice.intents().offer(2, Direction.E);
        tick(1);

        assertThat(control.delivered(PortalTransferMessage.class))
                .containsExactly(new PortalTransferMessage("start", 1, 42, "cellar", 6, 6, 0, "alice"));
    }

    private static Ticket named(long accountId, String name) {
        return new Ticket(accountId, "start", Long.MAX_VALUE, "nonce" + accountId, null, name);
    }

    /** The buffer under every wrapper and duplicate: the bytes themselves. */
    private static ByteBuf root(ByteBuf frame) {
        ByteBuf b = frame;
        while (b.unwrap() != null) {
            b = b.unwrap();
        }
        return b;
    }

    private static int me(RecordingPlayerConnection player) {
        return player.only(WelcomeMessage.class).entityId();
    }

    private RecordingPlayerConnection player(long accountId) {
        RecordingPlayerConnection player = new RecordingPlayerConnection(accountId);
        players.add(player);
        return player;
    }

    private void useRuntime(WorldRuntime replacement) {
        runtime = replacement;
        loop = new WorldLoop("start", 16, runtime);
    }

    private void tick(int times) {
        for (int i = 0; i < times; i++) {
            runtime.tick(loop);
        }
    }

    private WorldRuntime runtime(WorldConfig config, Grid grid) {
        return new WorldRuntime(config, grid != null ? grid : Maps.load(config), control,
                new SnapshotOutbox("start", control, Runnable::run), reason -> {
                });
    }

    private static WorldConfig config(String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                "ws://127.0.0.1:1/control", "--snapshot-interval-ms", "1000"));
        args.addAll(List.of(options));
        return WorldConfig.parse(args.toArray(String[]::new), ENV);
    }
}
