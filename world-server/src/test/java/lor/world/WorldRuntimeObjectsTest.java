package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.netty.buffer.ByteBuf;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.StateTracker;
import lor.protocol.game.binary.WorldTracker;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.sim.content.ContentPack;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.world.ObjectIntent;
import lor.world.content.ContentPacks;
import lor.world.control.CapturingControlLink;
import lor.world.game.RecordingPlayerConnection;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A world playing the default content pack, driven by hand as its tick thread would: what players see of it. */
class WorldRuntimeObjectsTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, Secrets.random256());
    /** Spawn at (3,1); water at (5,2), which floods at night. */
    private static final Grid ROOM = MapText.parse("""
            ........
            ...S....
            .....~..
            ........
            """);
    private static final ContentPack PACK = ContentPacks.load("default", null, RuleRegistry.empty());

    private final CapturingControlLink control = new CapturingControlLink(true);
    private final List<String> fatal = new ArrayList<>();
    private final List<RecordingPlayerConnection> players = new ArrayList<>();
    private WorldRuntime runtime = runtime();
    private WorldLoop loop = new WorldLoop("start", 16, runtime);

    @AfterEach
    void releaseFrames() {
        players.forEach(RecordingPlayerConnection::releaseFrames);
        players.forEach(RecordingPlayerConnection::releaseBinaryFrames);
    }

    @Test
    void welcomeCarriesThePackAndTheStartingInventory() {
        RecordingPlayerConnection player = join(42);

        WelcomeMessage welcome = player.only(WelcomeMessage.class);
        assertThat(welcome.inventory()).isEqualTo(Map.of("wood", 20, "ore", 8, "coal", 4));
        assertThat(welcome.content().path("name").asString()).isEqualTo("default");
        assertThat(welcome.content().path("objects").get(0).path("kind").asString()).isEqualTo("furnace");
        assertThat(welcome.content().path("clock").path("ticksPerLine").asInt()).isEqualTo(200);
    }

    @Test
    void aBuildShowsInStateWithTheInventoryAndARefusalComesBackAsRejected() {
        RecordingPlayerConnection player = join(42);
        player.intents().offerAction(1, ObjectIntent.pack(ObjectIntent.Type.BUILD, Direction.E,
                PACK.kindIndex("furnace"), 1));
        tick(2);

        StateMessage state = player.last(StateMessage.class);
        assertThat(state.ack()).isEqualTo(1);
        assertThat(state.objects()).containsExactly(new StateMessage.ObjectState(1, "furnace", 4, 1, 0, "smelt_iron", 0,
                Map.of()));
        assertThat(state.inventory()).isEqualTo(Map.of("wood", 16, "ore", 8, "coal", 4));
        assertThat(state.clock()).isEqualTo(new StateMessage.ClockState("day", 2));

        player.intents().offerAction(2, ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.E, -1, 3));
        player.intents().offerAction(3, ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.E, PACK.itemIndex("ore"),
                3));
        tick(2);

        assertThat(player.sent(RejectedMessage.class)).containsExactly(new RejectedMessage(2, "unknown_item"));
        StateMessage after = player.last(StateMessage.class);
        assertThat(after.ack()).isEqualTo(3);
        assertThat(after.objects().get(0).stock()).isEqualTo(Map.of("ore", 3));
        assertThat(after.inventory()).as("sent because it changed").isEqualTo(Map.of("wood", 16, "ore", 5, "coal", 4));
        tick(2);
        assertThat(player.last(StateMessage.class).inventory()).as("not sent while unchanged").isNull();
    }

    @Test
    void theFloodedCellsInViewComeWithTheNightAndGoWithIt() {
        RecordingPlayerConnection player = join(42);
        tick(2);
        assertThat(player.last(StateMessage.class).cells()).isEmpty();

        tick(400);
        StateMessage night = player.last(StateMessage.class);
        assertThat(night.clock().line()).isEqualTo("night");
        assertThat(night.cells()).singleElement().satisfies(c -> {
            assertThat(c.x()).isEqualTo(5);
            assertThat(c.y()).isEqualTo(2);
            assertThat(c.cell() & 1).as("a wall").isEqualTo(1);
        });

        tick(198);
        StateMessage day = player.last(StateMessage.class);
        assertThat(day.clock().line()).isEqualTo("day");
        assertThat(day.cells()).as("the cell that reverted, once").singleElement()
                .satisfies(c -> assertThat(c.cell() & 1).isZero());
        tick(2);
        assertThat(player.last(StateMessage.class).cells()).isEmpty();
    }

    @Test
    void aSnapshotKeepsObjectsAndInventoriesForTheNextProcess() {
        RecordingPlayerConnection player = join(42);
        player.intents().offerAction(1, ObjectIntent.pack(ObjectIntent.Type.BUILD, Direction.E,
                PACK.kindIndex("crate"), 1));
        tick(1);
        player.intents().offerAction(2, ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.E, PACK.itemIndex("coal"),
                4));
        tick(1);
        runtime.closeForShutdown();
        WorldSnapshotMessage snapshot = control.delivered(WorldSnapshotMessage.class).get(0);
        assertThat(snapshot.state().tree().path("format").asInt()).isEqualTo(SnapshotCodec.FORMAT);
        assertThat(snapshot.state().tree().path("objects").path("kinds").get(2).asString()).isEqualTo("crate");

        runtime = runtime();
        loop = new WorldLoop("start", 16, runtime);
        runtime.hydrate(snapshot.seq(), snapshot.state().tree());
        RecordingPlayerConnection back = player(42);
        runtime.admit(back, ticket(42), null);
        assertThat(back.only(WelcomeMessage.class).inventory()).isEqualTo(Map.of("wood", 18, "ore", 8));
        tick(2);
        assertThat(back.last(StateMessage.class).objects()).containsExactly(new StateMessage.ObjectState(1, "crate", 4,
                1, 0, null, 0, Map.of("coal", 4)));
        assertThat(fatal).isEmpty();
    }

    @Test
    void aBinaryPlayerRebuildsTheObjectsAJsonPlayerSeesFromChangesOnly() {
        RecordingPlayerConnection json = join(42);
        RecordingPlayerConnection binary = player(43);
        runtime.admit(binary, ticket(43), true, null);
        StateTracker entities = new StateTracker(ROOM.width(), ROOM.height());
        WorldTracker objects = new WorldTracker(binary.only(WelcomeMessage.class).content());
        int applied = 0;
        json.intents().offerAction(1, ObjectIntent.pack(ObjectIntent.Type.BUILD, Direction.E,
                PACK.kindIndex("furnace"), 1));
        for (int round = 0; round < 6; round++) {
            if (round == 2) {
                json.intents().offerAction(2, ObjectIntent.pack(ObjectIntent.Type.PUT, Direction.E,
                        PACK.itemIndex("ore"), 2));
            }
            if (round == 4) {
                json.intents().offerAction(3, ObjectIntent.pack(ObjectIntent.Type.DISMANTLE, Direction.E, 0, 1));
            }
            tick(2);
            List<ByteBuf> frames = binary.heldBinaryFrames();
            StateMessage merged = null;
            for (; applied < frames.size(); applied++) {
                ByteBuf frame = frames.get(applied).duplicate();
                if (frame.getUnsignedByte(frame.readerIndex()) == BinaryState.KIND_WORLD) {
                    objects.apply(frame);
                } else {
                    entities.apply(frame);
                    merged = objects.merge(entities.state());
                }
            }
            StateMessage seen = json.last(StateMessage.class);
            assertThat(merged).isNotNull();
            assertThat(merged.tick()).isEqualTo(seen.tick());
            assertThat(merged.objects()).as("round %d", round).isEqualTo(seen.objects());
            assertThat(merged.clock()).isEqualTo(seen.clock());
        }
        assertThat(json.last(StateMessage.class).objects()).as("the furnace went again").isEmpty();
    }

    /**
     * The binary view skips the regions the object engine counts as empty, so the engine must count by the
     * regions' size: one object in the far corner of every region (the cell a smaller block would not hold), on a
     * map whose last column and row of regions are partial.
     */
    @Test
    void anObjectInEveryRegionReachesABinaryPlayer() {
        Grid walled = MapText.parse("""
                ####################
                ####################
                ####################
                ####################
                ####################
                ####################
                ####################
                #######.#######.###.
                ####################
                ####################
                ####################
                #######.#######..S##
                """);
        runtime = runtime(walled, "--content", "default", "--seed-objects", "crate:6:0");
        loop = new WorldLoop("start", 16, runtime);
        runtime.hydrate(0, null);
        RecordingPlayerConnection binary = player(43);
        runtime.admit(binary, ticket(43), true, null);
        WorldTracker objects = new WorldTracker(binary.only(WelcomeMessage.class).content());
        StateTracker entities = new StateTracker(walled.width(), walled.height());
        tick(2);

        StateMessage merged = null;
        for (ByteBuf frame : binary.heldBinaryFrames()) {
            if (frame.getUnsignedByte(frame.readerIndex()) == BinaryState.KIND_WORLD) {
                objects.apply(frame.duplicate());
            } else {
                entities.apply(frame.duplicate());
                merged = objects.merge(entities.state());
            }
        }
        assertThat(merged).isNotNull();
        assertThat(merged.objects()).extracting(o -> List.of(o.x(), o.y())).containsExactlyInAnyOrder(
                List.of(7, 7), List.of(15, 7), List.of(19, 7), List.of(7, 11), List.of(15, 11), List.of(16, 11));
        assertThat(fatal).isEmpty();
    }

    private RecordingPlayerConnection join(long account) {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(account);
        runtime.admit(player, ticket(account), null);
        return player;
    }

    private RecordingPlayerConnection player(long account) {
        RecordingPlayerConnection player = new RecordingPlayerConnection(account);
        players.add(player);
        return player;
    }

    private void tick(int times) {
        for (int i = 0; i < times; i++) {
            runtime.tick(loop);
        }
    }

    private WorldRuntime runtime() {
        return runtime(ROOM);
    }

    private WorldRuntime runtime(Grid grid, String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                "ws://127.0.0.1:1/control", "--snapshot-interval-ms", "3600000"));
        args.addAll(List.of(options));
        WorldConfig config = WorldConfig.parse(args.toArray(new String[0]), ENV);
        return new WorldRuntime(config, grid, PACK, control, new SnapshotOutbox("start", control, Runnable::run),
                fatal::add);
    }

    private static Ticket ticket(long account) {
        return new Ticket(account, "start", Long.MAX_VALUE, "nonce" + account);
    }
}
