package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import io.netty.buffer.ByteBuf;
import lor.protocol.game.StateMessage;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.world.EntityKind;
import lor.sim.world.PlayerRecord;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The broadcaster over a real sim-core world, with connections that record the frames they are handed. */
class StateBroadcasterTest {

    /** Broadcast times are nanoTime values; any origin will do, as long as the arithmetic is relative. */
    private static final long NOW = 5_000_000_000_000L;
    private static final long SECOND = 1_000_000_000L;
    private static final int RADIUS = 3;
    private static final Grid OPEN = Grid.open(new GridSize(40, 40, 1));

    private final TrackingAllocator alloc = new TrackingAllocator();
    private final StateBroadcaster broadcaster = new StateBroadcaster(RADIUS, alloc);
    private final List<RecordingPlayerConnection> connections = new ArrayList<>();

    @AfterEach
    void everyBufferIsReleasedOnceTheConnectionsLetGo() {
        connections.forEach(RecordingPlayerConnection::releaseFrames);

        assertThat(alloc.unreleased()).isEmpty();
    }

    @Test
    void eachConnectionGetsTheTickItsAckAndExactlyTheEntitiesInViewInIdOrder() {
        // Entities 1-4 are players where the test puts them; 5 on are NPCs wherever the seed puts them.
        World world = world(List.of(new int[] {10, 10}, new int[] {13, 12}, new int[] {14, 10}, new int[] {10, 14}));
        world.addNpcs(80);
        world.step();
        world.step();
        world.step();
        List<PlayerSession> sessions = sessions(world, 4);
        acknowledge(sessions.get(1), 17);

        broadcast(broadcaster, world, sessions, NOW);

        for (PlayerSession session : sessions) {
            StateMessage state = connection(session).only(StateMessage.class);
            assertThat(state.tick()).isEqualTo(3);
            assertThat(state.ack()).isEqualTo(session.ack());
            assertThat(state.entities()).isEqualTo(inView(world, session.entityId()));
        }
        // Chebyshev: (13,12) is 3 cells from (10,10) and in view; (14,10) and (10,14) are 4 away and not.
        StateMessage first = connection(sessions.get(0)).only(StateMessage.class);
        assertThat(first.ack()).isZero();
        assertThat(first.entities()).extracting(StateMessage.EntityState::id).contains(1, 2).doesNotContain(3, 4);
        assertThat(connection(sessions.get(1)).only(StateMessage.class).ack()).isEqualTo(17);
        assertThat(sessions.stream().flatMap(s -> connection(s).only(StateMessage.class).entities().stream()))
                .extracting(StateMessage.EntityState::kind).as("NPCs are in some view, so kinds were checked")
                .contains("npc", "player");
    }

    @Test
    void entitiesComeInAscendingIdOrderWithTheirKind() {
        World world = world(List.of(new int[] {20, 20}));
        world.addNpcs(300);

        broadcast(broadcaster, world, sessions(world, 1), NOW);

        List<StateMessage.EntityState> seen = connection(0).only(StateMessage.class).entities();
        assertThat(seen).hasSizeGreaterThan(3);
        assertThat(seen).extracting(StateMessage.EntityState::id).isSorted().doesNotHaveDuplicates();
        assertThat(seen).filteredOn(e -> e.id() == 1).singleElement()
                .isEqualTo(new StateMessage.EntityState(1, 20, 20, 0, "player"));
        assertThat(seen).filteredOn(e -> e.id() != 1).extracting(StateMessage.EntityState::kind).containsOnly("npc");
    }

    @Test
    void connectionsThatSeeTheSameEntitiesShareOneEncodedBody() {
        World world = world(List.of(new int[] {5, 5}, new int[] {6, 5}, new int[] {30, 30}));
        List<PlayerSession> sessions = sessions(world, 3);
        acknowledge(sessions.get(0), 4);
        long bodies = broadcaster.bodiesEncoded();
        long frames = broadcaster.framesWritten();

        broadcast(broadcaster, world, sessions.subList(0, 2), NOW);

        assertThat(broadcaster.bodiesEncoded()).isEqualTo(bodies + 1);
        assertThat(broadcaster.framesWritten()).isEqualTo(frames + 2);
        // Two heads and one body: the second connection's frame copies nothing of the first's.
        assertThat(alloc.plainBuffers()).hasSize(3);
        StateMessage a = connection(0).only(StateMessage.class);
        StateMessage b = connection(1).only(StateMessage.class);
        assertThat(a.entities()).isEqualTo(b.entities()).extracting(StateMessage.EntityState::id)
                .containsExactly(1, 2);
        assertThat(a.ack()).isEqualTo(4);
        assertThat(b.ack()).isZero();

        broadcast(broadcaster, world, sessions, NOW + SECOND / 10);

        assertThat(broadcaster.bodiesEncoded()).as("the pair shares again; the loner has its own")
                .isEqualTo(bodies + 3);
        assertThat(broadcaster.framesWritten()).isEqualTo(frames + 5);
        assertThat(connection(2).only(StateMessage.class).entities()).extracting(StateMessage.EntityState::id)
                .containsExactly(3);
    }

    @Test
    void framesOutliveTheBroadcastAndHoldTheSharedBodyUntilTheLastIsReleased() {
        World world = world(List.of(new int[] {5, 5}, new int[] {6, 5}));
        List<PlayerSession> sessions = sessions(world, 2);

        broadcast(broadcaster, world, sessions, NOW);

        // The broadcast is over, but the frames have not been written yet (the event loop writes them later).
        List<ByteBuf> heads = new ArrayList<>(alloc.plainBuffers());
        ByteBuf body = heads.stream().filter(b -> b.toString(StandardCharsets.US_ASCII)
                .startsWith("{\"id\":")).findFirst().orElseThrow();
        heads.remove(body);
        assertThat(body.refCnt()).as("one reference per frame, none kept by the broadcaster").isEqualTo(2);
        assertThat(heads).hasSize(2).allSatisfy(h -> assertThat(h.refCnt()).isEqualTo(1));
        assertThat(connection(0).sent()).singleElement().isInstanceOf(StateMessage.class);

        connection(0).releaseFrames();
        assertThat(body.refCnt()).isEqualTo(1);
        assertThat(connection(1).only(StateMessage.class).entities()).hasSize(2);

        connection(1).releaseFrames();
        assertThat(body.refCnt()).isZero();
        assertThat(alloc.unreleased()).isEmpty();
    }

    @Test
    void unwritableConnectionIsSkippedAndCutOffOnlyAfterMoreThanTenSecondsUnwritable() {
        World world = world(List.of(new int[] {5, 5}, new int[] {20, 20}));
        List<PlayerSession> sessions = sessions(world, 2);
        RecordingPlayerConnection stuck = connection(1);
        stuck.writable(false);

        broadcast(broadcaster, world, sessions, NOW);
        broadcast(broadcaster, world, sessions, NOW + 5 * SECOND);
        broadcast(broadcaster, world, sessions, NOW + 10 * SECOND);

        assertThat(stuck.sent()).isEmpty();
        assertThat(stuck.disconnects()).isEmpty();
        assertThat(connection(0).sent(StateMessage.class)).hasSize(3);
        assertThat(broadcaster.framesWritten()).isEqualTo(3);

        broadcast(broadcaster, world, sessions, NOW + 10 * SECOND + 1);

        assertThat(stuck.disconnects()).first().isEqualTo("not reading");
        assertThat(stuck.sent()).isEmpty();
        assertThat(connection(0).sent(StateMessage.class)).hasSize(4);
    }

    @Test
    void anUnwritableConnectionWithMoreThanOneMebibytePendingIsCutOffAtOnce() {
        World world = world(List.of(new int[] {5, 5}, new int[] {20, 20}));
        List<PlayerSession> sessions = sessions(world, 2);
        RecordingPlayerConnection stuck = connection(1);
        stuck.writable(false);
        stuck.pendingOutboundBytes(UnwritableGuard.MAX_PENDING_BYTES);

        broadcast(broadcaster, world, sessions, NOW);
        assertThat(stuck.disconnects()).as("at the limit, not past it").isEmpty();

        stuck.pendingOutboundBytes(UnwritableGuard.MAX_PENDING_BYTES + 1);
        broadcast(broadcaster, world, sessions, NOW + 1);

        assertThat(stuck.disconnects()).containsExactly("not reading");
        assertThat(stuck.sent()).isEmpty();
        assertThat(connection(0).sent(StateMessage.class)).as("the others miss nothing").hasSize(2);
    }

    @Test
    void becomingWritableAgainRestartsTheClock() {
        World world = world(List.of(new int[] {5, 5}));
        List<PlayerSession> sessions = sessions(world, 1);
        RecordingPlayerConnection slow = connection(0);

        slow.writable(false);
        broadcast(broadcaster, world, sessions, NOW);
        slow.writable(true);
        broadcast(broadcaster, world, sessions, NOW + 5 * SECOND);
        slow.writable(false);
        broadcast(broadcaster, world, sessions, NOW + 6 * SECOND);
        broadcast(broadcaster, world, sessions, NOW + 16 * SECOND);

        assertThat(slow.disconnects()).as("unwritable for 10 s, not more").isEmpty();
        assertThat(slow.sent(StateMessage.class)).hasSize(1);

        broadcast(broadcaster, world, sessions, NOW + 16 * SECOND + 1);

        assertThat(slow.disconnects()).containsExactly("not reading");
    }

    @Test
    void skippedConnectionsCostNoBuffers() {
        World world = world(List.of(new int[] {5, 5}));
        List<PlayerSession> sessions = sessions(world, 1);
        connection(0).writable(false);

        broadcast(broadcaster, world, sessions, NOW);

        assertThat(alloc.plainBuffers()).isEmpty();
        assertThat(alloc.composites()).isEmpty();
        assertThat(broadcaster.bodiesEncoded()).isZero();
    }

    @Test
    void sessionWhoseEntityLeftTheWorldGetsNothing() {
        World world = world(List.of(new int[] {5, 5}, new int[] {6, 5}));
        List<PlayerSession> sessions = sessions(world, 2);
        world.removePlayer(1);

        broadcast(broadcaster, world, sessions, NOW);

        assertThat(connection(0).sent()).isEmpty();
        assertThat(connection(1).only(StateMessage.class).entities()).extracting(StateMessage.EntityState::id)
                .containsExactly(2);
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    /** A world whose players (accounts 1, 2, …, entity ids in the same order) stand where {@code positions} say. */
    private static World world(List<int[]> positions) {
        List<PlayerRecord> saved = new ArrayList<>();
        for (int i = 0; i < positions.size(); i++) {
            saved.add(new PlayerRecord(i + 1, positions.get(i)[0], positions.get(i)[1], 0));
        }
        World world = World.restore(OPEN, new WorldSnapshot(0, 1, saved), 20_260_101L);
        for (int i = 0; i < positions.size(); i++) {
            int entity = world.spawnPlayer(i + 1);
            int slot = world.slotOf(entity);
            assertThat(new int[] {world.xAt(slot), world.yAt(slot)}).isEqualTo(positions.get(i));
        }
        return world;
    }

    private List<PlayerSession> sessions(World world, int players) {
        List<PlayerSession> sessions = new ArrayList<>();
        for (int account = 1; account <= players; account++) {
            RecordingPlayerConnection connection = new RecordingPlayerConnection(account);
            connections.add(connection);
            sessions.add(new PlayerSession(connection, world.entityOf(account)));
        }
        return sessions;
    }

    private static void acknowledge(PlayerSession session, long seq) {
        session.handedToTick(seq, Direction.N);
        session.processed();
    }

    private RecordingPlayerConnection connection(int index) {
        return connections.get(index);
    }

    private static RecordingPlayerConnection connection(PlayerSession session) {
        return (RecordingPlayerConnection) session.connection();
    }

    /** Every live entity within Chebyshev distance {@link #RADIUS} of the entity, by brute force over all slots. */
    private static List<StateMessage.EntityState> inView(World world, int entityId) {
        int me = world.slotOf(entityId);
        List<StateMessage.EntityState> view = new ArrayList<>();
        for (int s = 0; s < world.slotCount(); s++) {
            if (world.isLive(s) && world.layerAt(s) == world.layerAt(me)
                    && Math.max(Math.abs(world.xAt(s) - world.xAt(me)), Math.abs(world.yAt(s) - world.yAt(me)))
                    <= RADIUS) {
                view.add(new StateMessage.EntityState(world.idAt(s), world.xAt(s), world.yAt(s), world.layerAt(s),
                        world.kindAt(s) == EntityKind.PLAYER ? "player" : "npc"));
            }
        }
        view.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return view;
    }

    /** One broadcast, its frames handed to the connections' writers as a tick hands its batch. */
    private static void broadcast(StateBroadcaster broadcaster, World world, Collection<PlayerSession> sessions,
            long nowNanos) {
        BroadcastBatch batch = new BroadcastBatch();
        broadcaster.broadcast(world, sessions, nowNanos, batch);
        batch.send();
    }
}
