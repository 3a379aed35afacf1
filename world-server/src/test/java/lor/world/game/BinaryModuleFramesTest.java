package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.StateTracker;
import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.module.FieldSpec;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.module.ModuleWorld;
import lor.sim.module.WorldModules;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.EntityKind;
import lor.sim.world.World;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The modules frames of binary state (kind 3) over a real sim-core world that runs a module, {@code paint}: players
 * paint cells of its field (red 1, blue 2) and set an entity's {@code hp} (-100..100, default 100) with its actions.
 * Connections decode what they are handed as a client does ({@link StateTracker}); after every broadcast a client
 * holds the attributes of the entities of its view's regions and the non-empty cells of those regions, as they are.
 */
class BinaryModuleFramesTest {

    private static final long NOW = 5_000_000_000_000L;
    private static final long BROADCAST_INTERVAL = 100_000_000L;
    /** 16 × 16: 2 × 2 regions. */
    private static final Grid SMALL = Grid.open(new GridSize(16, 16, 1));
    private static final GameModule PAINT = new Paint();

    private final TrackingAllocator alloc = new TrackingAllocator();
    private final List<RecordingPlayerConnection> connections = new ArrayList<>();
    private long now = NOW;

    @AfterEach
    void everyBufferIsReleasedOnceTheConnectionsLetGo() {
        connections.forEach(RecordingPlayerConnection::releaseBinaryFrames);

        assertThat(alloc.unreleased()).isEmpty();
    }

    // ---- known bytes --------------------------------------------------------------------------------------------

    @Test
    void theFirstBroadcastSendsAResetModulesFrameBeforeTheStateFrame() {
        World world = world(SMALL, new int[] {2, 3});
        paint(world, 1, 1, 1, 1);
        BinaryStateBroadcaster broadcaster = broadcaster(world, 1);
        List<PlayerSession> sessions = sessions(world, 1);

        broadcast(broadcaster, world, sessions);

        // kind 3, tick 1, reset; one part: region 0; no entity (player 1's hp is its default, 100); one cell:
        // module 0, cell 9 (x 1, y 1), red (1). Then the state frame.
        List<ByteBuf> frames = frames(sessions.get(0));
        assertThat(frames).hasSize(2);
        assertThat(hex(frames.get(0))).isEqualTo("03" + "01" + "01" + "01"
                + "00" + "00"
                + "01" + "000901");
        assertThat(kind(frames.get(1))).isEqualTo(BinaryState.KIND_STATE);
    }

    @Test
    void anAttributeChangeSendsOnlyThatValueOfThatEntity() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {4, 4});
        BinaryStateBroadcaster broadcaster = broadcaster(world, 1);
        List<PlayerSession> sessions = sessions(world, 1);
        broadcast(broadcaster, world, sessions);
        release(sessions);

        act(world, 2, "set", 1, -3);
        broadcast(broadcaster, world, sessions);

        // kind 3, tick 1, no reset; one part: region 0, one entity: id 1, one attribute: hp (0) -3 (zigzag 5);
        // no cells.
        assertThat(hex(frames(sessions.get(0)).get(0))).isEqualTo("03" + "01" + "00" + "01"
                + "00" + "01" + "01" + "01" + "0005"
                + "00");
    }

    @Test
    void anEntityOffItsDefaultComesWithThatAttributeOnly() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {4, 4});
        act(world, 1, "set", 2, -3);
        BinaryStateBroadcaster broadcaster = broadcaster(world, 1);
        List<PlayerSession> sessions = sessions(world, 1);

        broadcast(broadcaster, world, sessions);

        // kind 3, tick 1, reset; one part: region 0, one entity: id 2 (id 1 is at its default), hp (0) -3; no cells.
        assertThat(hex(frames(sessions.get(0)).get(0))).isEqualTo("03" + "01" + "01" + "01"
                + "00" + "01" + "02" + "01" + "0005"
                + "00");
    }

    @Test
    void aCrowdAtItsDefaultsWalkingAcrossRegionsSendsNoModulesFrame() {
        World world = world(SMALL, new int[] {7, 3}, new int[] {7, 4}, new int[] {7, 5});
        BinaryStateBroadcaster broadcaster = broadcaster(world, 8);
        List<PlayerSession> sessions = sessions(world, 3);
        broadcast(broadcaster, world, sessions);
        release(sessions);

        for (long account = 1; account <= 3; account++) {
            world.setIntent(world.entityOf(account), Direction.E);
        }
        world.step();
        broadcast(broadcaster, world, sessions);

        assertThat(world.xAt(world.slotOf(world.entityOf(1)))).as("crossed into region 1").isEqualTo(8);
        for (PlayerSession session : sessions) {
            assertThat(frames(session)).singleElement()
                    .satisfies(f -> assertThat(kind(f)).isEqualTo(BinaryState.KIND_STATE));
        }
    }

    @Test
    void anEntityBackAtItsDefaultIsSentToWhoSawItOffIt() {
        World world = world(SMALL, new int[] {7, 3}, new int[] {6, 4});
        BinaryStateBroadcaster broadcaster = broadcaster(world, 2);
        List<PlayerSession> sessions = sessions(world, 1);
        StateTracker tracker = tracker(world);
        act(world, 1, "set", 2, 50);
        cycle(broadcaster, world, sessions, tracker);
        assertThat(tracker.state().entities()).filteredOn(e -> e.id() == 2).singleElement()
                .extracting(StateMessage.EntityState::attrs).isEqualTo(Map.of("hp", 50));

        // Between two broadcasts player 2 is set back to 100 and crosses into region 1 (in player 1's view all along).
        world.setModuleAction(world.entityOf(1), world.modules().action("set"), new int[] {2, 100});
        for (int i = 0; i < 8 && world.xAt(world.slotOf(world.entityOf(2))) < 8; i++) {
            world.setIntent(world.entityOf(2), Direction.E);
            world.step();
        }
        cycle(broadcaster, world, sessions, tracker);

        assertThat(world.xAt(world.slotOf(world.entityOf(2)))).isEqualTo(8);
        assertThat(tracker.state().entities()).filteredOn(e -> e.id() == 2).singleElement()
                .extracting(StateMessage.EntityState::attrs).isEqualTo(Map.of("hp", 100));
    }

    @Test
    void nothingChangedMeansNoModulesFrame() {
        World world = world(SMALL, new int[] {2, 3});
        paint(world, 1, 1, 1, 1);
        BinaryStateBroadcaster broadcaster = broadcaster(world, 1);
        List<PlayerSession> sessions = sessions(world, 1);
        broadcast(broadcaster, world, sessions);
        release(sessions);

        world.step();
        broadcast(broadcaster, world, sessions);

        assertThat(frames(sessions.get(0))).singleElement()
                .satisfies(f -> assertThat(kind(f)).isEqualTo(BinaryState.KIND_STATE));
    }

    // ---- behaviour ----------------------------------------------------------------------------------------------

    @Test
    void aCellSetAndThenClearedComesAndGoes() {
        World world = world(SMALL, new int[] {2, 3});
        BinaryStateBroadcaster broadcaster = broadcaster(world, 1);
        List<PlayerSession> sessions = sessions(world, 1);
        StateTracker tracker = tracker(world);
        cycle(broadcaster, world, sessions, tracker);

        paint(world, 1, 6, 7, 2);
        cycle(broadcaster, world, sessions, tracker);
        assertThat(tracker.state().fields()).containsExactly(new StateMessage.FieldCell("paint", 6, 7, 0, 2));

        paint(world, 1, 6, 7, 0);
        cycle(broadcaster, world, sessions, tracker);
        assertThat(tracker.state().fields()).isEmpty();
    }

    @Test
    void anEntityEnteringTheViewComesWithItsAttributes() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {9, 9});
        act(world, 1, "set", 2, 42);
        BinaryStateBroadcaster broadcaster = broadcaster(world, 2);
        List<PlayerSession> sessions = sessions(world, 1);
        StateTracker tracker = tracker(world);
        cycle(broadcaster, world, sessions, tracker);
        assertThat(tracker.state().entities()).extracting(StateMessage.EntityState::id).containsExactly(1);

        // Player 2 walks from region 3 through region 2 into region 0, which player 1 views.
        for (int i = 0; i < 8 && tracker.state().entities().size() < 2; i++) {
            world.setIntent(world.entityOf(2), i % 2 == 0 ? Direction.W : Direction.N);
            world.step();
            cycle(broadcaster, world, sessions, tracker);
        }

        assertThat(tracker.state().entities()).filteredOn(e -> e.id() == 2).singleElement()
                .extracting(StateMessage.EntityState::attrs).isEqualTo(Map.of("hp", 42));
    }

    @Test
    void aRegionEnteringTheViewBringsItsCellsAndOneLeavingItTakesThem() {
        // Player 1 walks west from (9, 3) with radius 1: its view goes from region 1 to regions 0 and 1, then 0.
        World world = world(SMALL, new int[] {9, 3});
        paint(world, 1, 2, 2, 1);
        BinaryStateBroadcaster broadcaster = broadcaster(world, 1);
        List<PlayerSession> sessions = sessions(world, 1);
        StateTracker tracker = tracker(world);
        cycle(broadcaster, world, sessions, tracker);
        assertThat(tracker.state().fields()).isEmpty();

        walk(world, broadcaster, sessions, tracker, Direction.W);
        assertThat(tracker.state().fields()).containsExactly(new StateMessage.FieldCell("paint", 2, 2, 0, 1));

        paint(world, 1, 12, 3, 2);
        cycle(broadcaster, world, sessions, tracker);
        walk(world, broadcaster, sessions, tracker, Direction.W);
        walk(world, broadcaster, sessions, tracker, Direction.W);
        assertThat(tracker.state().fields()).containsExactly(new StateMessage.FieldCell("paint", 2, 2, 0, 1));
        walk(world, broadcaster, sessions, tracker, Direction.E);
        walk(world, broadcaster, sessions, tracker, Direction.E);
        assertThat(tracker.state().fields()).containsExactly(new StateMessage.FieldCell("paint", 2, 2, 0, 1),
                new StateMessage.FieldCell("paint", 12, 3, 0, 2));
    }

    @Test
    void aConnectionThatSkippedABroadcastGetsAResetModulesFrameWithEverything() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {5, 5});
        BinaryStateBroadcaster broadcaster = broadcaster(world, 2);
        List<PlayerSession> sessions = sessions(world, 1);
        RecordingPlayerConnection slow = connection(sessions.get(0));
        StateTracker tracker = tracker(world);
        paint(world, 1, 1, 1, 1);
        cycle(broadcaster, world, sessions, tracker);

        slow.writable(false);
        paint(world, 1, 1, 1, 0);
        act(world, 2, "set", 1, 7);
        broadcast(broadcaster, world, sessions);
        slow.writable(true);
        paint(world, 1, 3, 3, 2);
        cycle(broadcaster, world, sessions, tracker);

        assertThat(tracker.state().fields()).containsExactly(new StateMessage.FieldCell("paint", 3, 3, 0, 2));
        assertThat(tracker.state().entities()).filteredOn(e -> e.id() == 1).singleElement()
                .extracting(StateMessage.EntityState::attrs).isEqualTo(Map.of("hp", 7));
    }

    @Test
    void connectionsWithTheSameViewShareTheEncodedParts() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {3, 3});
        paint(world, 1, 1, 1, 1);
        BinaryStateBroadcaster broadcaster = broadcaster(world, 1);
        List<PlayerSession> sessions = sessions(world, 2);

        broadcast(broadcaster, world, sessions);

        assertThat(hex(frames(sessions.get(0)).get(0))).isEqualTo(hex(frames(sessions.get(1)).get(0)));
    }

    /**
     * Players wander over a 40 × 24 × 2 map, paint and set each other's hp; one of them skips a broadcast now and
     * then. After every broadcast each client holds exactly the attributes and cells of its view's regions.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void everyTrackerHoldsTheAttributesAndCellsOfItsViewAfterEveryBroadcast(long seed) {
        Grid grid = Grid.open(new GridSize(40, 24, 2));
        SplittableRandom random = new SplittableRandom(seed);
        int[][] positions = new int[6][];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = new int[] {random.nextInt(40), random.nextInt(24)};
        }
        World world = world(grid, positions);
        BinaryStateBroadcaster broadcaster = broadcaster(world, 5);
        List<PlayerSession> sessions = sessions(world, positions.length);
        List<StateTracker> trackers = new ArrayList<>();
        sessions.forEach(s -> trackers.add(tracker(world)));

        for (int round = 0; round < 60; round++) {
            for (int account = 1; account <= positions.length; account++) {
                int choice = random.nextInt(4);
                if (choice == 0) {
                    paint(world, account, random.nextInt(40), random.nextInt(24), random.nextInt(3), false);
                } else if (choice == 1) {
                    world.setModuleAction(world.entityOf(account), world.modules().action("set"),
                            new int[] {world.entityOf(1 + random.nextInt(positions.length)),
                            // Back to the default (100) often: an entity there is sent only to who may hold it wrong.
                            random.nextInt(3) == 0 ? 100 : random.nextInt(201) - 100});
                } else {
                    world.setIntent(world.entityOf(account), Direction.values()[random.nextInt(4)]);
                }
            }
            world.step();
            connection(sessions.get(0)).writable(random.nextInt(6) != 0);
            broadcast(broadcaster, world, sessions);
            for (int i = 0; i < sessions.size(); i++) {
                RecordingPlayerConnection connection = connection(sessions.get(i));
                if (connection.applyBinaryFrames(trackers.get(i)) > 0) {
                    StateMessage seen = trackers.get(i).state();
                    assertThat(seen.entities()).as("round %d, player %d", round, i + 1)
                            .isEqualTo(expectedEntities(world, i + 1, 5));
                    assertThat(seen.fields()).as("round %d, player %d", round, i + 1)
                            .isEqualTo(expectedFields(world, i + 1, 5));
                }
            }
        }
    }

    // ---- expectations by brute force ----------------------------------------------------------------------------

    private static Set<Integer> viewRegions(World world, int entityId, int radius) {
        GridSize size = world.grid().size();
        int me = world.slotOf(entityId);
        int regionsWide = BinaryState.regionsWide(size.width());
        int regionsHigh = BinaryState.regionsHigh(size.height());
        Set<Integer> regions = new TreeSet<>();
        for (int y = Math.max(0, world.yAt(me) - radius); y <= Math.min(size.height() - 1, world.yAt(me) + radius);
                y++) {
            for (int x = Math.max(0, world.xAt(me) - radius); x <= Math.min(size.width() - 1, world.xAt(me) + radius);
                    x++) {
                regions.add(BinaryState.region(x, y, world.layerAt(me), regionsWide, regionsHigh));
            }
        }
        return regions;
    }

    private static List<StateMessage.EntityState> expectedEntities(World world, int entityId, int radius) {
        GridSize size = world.grid().size();
        Set<Integer> view = viewRegions(world, entityId, radius);
        List<StateMessage.EntityState> entities = new ArrayList<>();
        for (int s = 0; s < world.slotCount(); s++) {
            if (world.isLive(s) && view.contains(BinaryState.region(world.xAt(s), world.yAt(s), world.layerAt(s),
                    BinaryState.regionsWide(size.width()), BinaryState.regionsHigh(size.height())))) {
                Map<String, Integer> attrs = new LinkedHashMap<>();
                attrs.put("hp", world.attributeAt(s, 0));
                entities.add(new StateMessage.EntityState(world.idAt(s), world.xAt(s), world.yAt(s), world.layerAt(s),
                        world.kindAt(s) == EntityKind.PLAYER ? "player" : "npc", attrs));
            }
        }
        entities.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return entities;
    }

    private static List<StateMessage.FieldCell> expectedFields(World world, int entityId, int radius) {
        GridSize size = world.grid().size();
        Set<Integer> view = viewRegions(world, entityId, radius);
        List<StateMessage.FieldCell> cells = new ArrayList<>();
        for (int layer = 0; layer < size.layers(); layer++) {
            for (int y = 0; y < size.height(); y++) {
                for (int x = 0; x < size.width(); x++) {
                    int value = world.moduleField(0).get(x, y, layer);
                    if (value != 0 && view.contains(BinaryState.region(x, y, layer,
                            BinaryState.regionsWide(size.width()), BinaryState.regionsHigh(size.height())))) {
                        cells.add(new StateMessage.FieldCell("paint", x, y, layer, value));
                    }
                }
            }
        }
        return cells;
    }

    // ---- fixtures -----------------------------------------------------------------------------------------------

    /** Paints cells of its field and sets an entity's hp; no rule of its own. */
    private static final class Paint implements GameModule, ModuleRules {

        private static final ModuleSpec SPEC = ModuleSpec.builder("paint")
                .action("paint", FieldSpec.integer("x", 0, 255), FieldSpec.integer("y", 0, 255),
                        FieldSpec.integer("value", 0, 2))
                .action("set", FieldSpec.integer("target", 1, 1000), FieldSpec.integer("value", -100, 100))
                .attribute("hp", -100, 100, 100)
                .cell(1, "red").cell(2, "blue")
                .build();

        @Override
        public ModuleSpec spec() {
            return SPEC;
        }

        @Override
        public ModuleRules rules(ModuleSettings settings) {
            return this;
        }

        @Override
        public String act(ModuleWorld world, int entity, int action, int[] fields) {
            if (action == 0) {
                world.setCell(fields[0] % world.width(), fields[1] % world.height(), world.layer(entity), fields[2]);
            } else {
                world.setAttribute(fields[0], 0, fields[1]);
            }
            return null;
        }
    }

    /** A world running paint whose players (accounts 1, 2, …, entity ids in the same order) stand at positions. */
    private static World world(Grid grid, int[]... positions) {
        WorldModules modules = ModuleCatalog.of(PAINT).resolve("p", List.of("paint"), Map.of());
        World world = World.create(grid, ContentPack.empty(), modules, 7, ObjectEngine.NO_BLOCKS);
        for (int i = 0; i < positions.length; i++) {
            world.spawnPlayerAt(i + 1, positions[i][0], positions[i][1], i % grid.layers());
        }
        return world;
    }

    /** Player {@code account} paints {@code (x, y)} of its layer with {@code value} in a tick of its own. */
    private static void paint(World world, long account, int x, int y, int value) {
        paint(world, account, x, y, value, true);
    }

    private static void paint(World world, long account, int x, int y, int value, boolean step) {
        world.setModuleAction(world.entityOf(account), world.modules().action("paint"), new int[] {x, y, value});
        if (step) {
            world.step();
        }
    }

    /** Player {@code account} runs {@code action} ("set": target entity and hp) in a tick of its own. */
    private static void act(World world, long account, String action, int... fields) {
        world.setModuleAction(world.entityOf(account), world.modules().action(action), fields);
        world.step();
    }

    private BinaryStateBroadcaster broadcaster(World world, int viewRadius) {
        return new BinaryStateBroadcaster(world.grid().size(), viewRadius, alloc);
    }

    private static StateTracker tracker(World world) {
        GridSize size = world.grid().size();
        return new StateTracker(size.width(), size.height(), ModuleDeclarations.json(world.modules()));
    }

    private List<PlayerSession> sessions(World world, int players) {
        List<PlayerSession> sessions = new ArrayList<>();
        for (int account = 1; account <= players; account++) {
            RecordingPlayerConnection connection = new RecordingPlayerConnection(account);
            connections.add(connection);
            sessions.add(new PlayerSession(connection, world.entityOf(account), true));
        }
        return sessions;
    }

    /** A broadcast, the first connection's frames applied to {@code tracker}. */
    private void cycle(BinaryStateBroadcaster broadcaster, World world, List<PlayerSession> sessions,
                       StateTracker tracker) {
        broadcast(broadcaster, world, sessions);
        connection(sessions.get(0)).applyBinaryFrames(tracker);
    }

    private void walk(World world, BinaryStateBroadcaster broadcaster, List<PlayerSession> sessions,
                      StateTracker tracker, Direction direction) {
        world.setIntent(world.entityOf(1), direction);
        world.step();
        cycle(broadcaster, world, sessions, tracker);
    }

    /** A broadcast as the tick runs it: frames out, then the marks and the fields' changed lists reset. */
    private void broadcast(BinaryStateBroadcaster broadcaster, World world, Collection<PlayerSession> sessions) {
        BroadcastBatch batch = new BroadcastBatch();
        broadcaster.broadcast(world, sessions, now, batch);
        batch.send();
        world.markPositions();
        world.clearModuleChanges();
        now += BROADCAST_INTERVAL;
    }

    private static RecordingPlayerConnection connection(PlayerSession session) {
        return (RecordingPlayerConnection) session.connection();
    }

    private static List<ByteBuf> frames(PlayerSession session) {
        return connection(session).heldBinaryFrames();
    }

    private static void release(List<PlayerSession> sessions) {
        sessions.forEach(s -> connection(s).releaseBinaryFrames());
    }

    private static int kind(ByteBuf frame) {
        return frame.getUnsignedByte(frame.readerIndex());
    }

    private static String hex(ByteBuf frame) {
        return ByteBufUtil.hexDump(frame);
    }
}
