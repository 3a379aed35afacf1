package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.StateTracker;
import lor.protocol.game.binary.Varints;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.world.EntityKind;
import lor.sim.world.PlayerRecord;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Binary state over a real sim-core world, with connections that record the frames they are handed and decode them
 * as a client does ({@link StateTracker}). After every frame a client must hold exactly the entities of the regions
 * of its view, where they stand.
 */
class BinaryStateBroadcasterTest {

    private static final long NOW = 5_000_000_000_000L;
    private static final long SECOND = 1_000_000_000L;
    private static final long BROADCAST_INTERVAL = SECOND / 10;
    /** 16 × 16: 2 × 2 regions. */
    private static final Grid SMALL = Grid.open(new GridSize(16, 16, 1));

    private final TrackingAllocator alloc = new TrackingAllocator();
    private final List<RecordingPlayerConnection> connections = new ArrayList<>();

    @AfterEach
    void everyBufferIsReleasedOnceTheConnectionsLetGo() {
        connections.forEach(RecordingPlayerConnection::releaseFrames);
        connections.forEach(RecordingPlayerConnection::releaseBinaryFrames);

        assertThat(alloc.unreleased()).isEmpty();
    }

    // ---- known bytes --------------------------------------------------------------------------------------------

    @Test
    void theFirstFrameIsAResetWithTheSnapshotOfTheOccupiedRegionsInView() {
        World world = world(SMALL, new int[] {2, 3});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 1, alloc);
        List<PlayerSession> sessions = sessions(world, 1);

        broadcast(broadcaster, world, sessions, NOW);

        // kind 1, tick 0, ack 0, reset; no left regions; one snapshot: region 0, one entity (1, 2, 3, 0, player);
        // no changes.
        assertThat(hex(onlyFrame(sessions.get(0)))).isEqualTo("01" + "00" + "00" + "01" + "00"
                + "01" + "00" + "01" + "0102030001"
                + "00");
    }

    @Test
    void aFrameWithNothingChangedIsOnlyTheHeader() {
        World world = world(SMALL, new int[] {2, 3});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 1, alloc);
        List<PlayerSession> sessions = sessions(world, 1);
        broadcast(broadcaster, world, sessions, NOW);
        world.markPositions();
        release(sessions);
        acknowledge(sessions.get(0), 300);

        broadcast(broadcaster, world, sessions, NOW + BROADCAST_INTERVAL);

        assertThat(hex(onlyFrame(sessions.get(0)))).isEqualTo("01" + "00" + "ac02" + "00" + "00" + "00" + "00");
    }

    @Test
    void aStepWithinARegionIsAMoveOfZigzagDeltas() {
        // tick 1; one change: region 0, no departures, no arrivals, one move: id 1, dx -1 (zigzag 01), dy 0.
        assertThat(frameAfterOneStep(new int[] {2, 3}, Direction.W)).isEqualTo("01" + "01" + "00" + "00" + "00" + "00"
                + "01" + "00" + "00" + "00" + "01" + "010100");
    }

    @Test
    void aStepAcrossARegionBorderIsADepartureAndAnArrival() {
        // View x 6..8 then 7..9: regions 0 and 1 both times. Region 0: entity 1 departed; region 1: it arrived.
        assertThat(frameAfterOneStep(new int[] {7, 3}, Direction.E)).isEqualTo("01" + "01" + "00" + "00" + "00" + "00"
                + "02"
                + "00" + "0101" + "00" + "00"
                + "01" + "00" + "01" + "0108030001" + "00");
    }

    // ---- behaviour ----------------------------------------------------------------------------------------------

    @Test
    void aRegionLeavingTheViewIsListedAndOneEnteringItComesAsASnapshot() {
        // Player 1 walks west from (9, 3) with radius 1; player 2 stands still in region 0 at (1, 1).
        World world = world(SMALL, new int[] {9, 3}, new int[] {1, 1});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 1, alloc);
        List<PlayerSession> sessions = sessions(world, 1);
        StateTracker tracker = new StateTracker(16, 16);
        List<Parts> frames = new ArrayList<>();

        for (int i = 0; i < 4; i++) {
            if (i > 0) {
                world.setIntent(1, Direction.W);
                world.step();
            }
            broadcast(broadcaster, world, sessions, NOW + i * BROADCAST_INTERVAL);
            world.markPositions();
            frames.add(Parts.of(onlyFrame(sessions.get(0))));
            connection(sessions.get(0)).applyBinaryFrames(tracker);
            assertThat(tracker.state().entities()).isEqualTo(inRegionsOfView(world, 1, 1));
        }

        // x 9 (regions 1), 8 (0, 1), 7 (0, 1), 6 (0 only).
        assertThat(frames.get(0).snapshots()).containsExactly(1);
        assertThat(frames.get(1).snapshots()).containsExactly(0);
        assertThat(frames.get(1).left()).isEmpty();
        assertThat(frames.get(2).snapshots()).isEmpty();
        assertThat(frames.get(3).left()).containsExactly(1);
        assertThat(frames.get(3).changes()).containsExactly(0);
        assertThat(tracker.state().entities()).extracting(StateMessage.EntityState::id).containsExactly(1, 2);
    }

    @Test
    void aRemovedEntityDepartsFromTheRegionItWasMarkedIn() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {4, 4});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = sessions(world, 1);
        StateTracker tracker = new StateTracker(16, 16);
        broadcast(broadcaster, world, sessions, NOW);
        world.markPositions();
        connection(sessions.get(0)).applyBinaryFrames(tracker);
        assertThat(tracker.size()).isEqualTo(2);

        world.setIntent(2, Direction.E);
        world.step();
        world.removePlayer(2);
        broadcast(broadcaster, world, sessions, NOW + BROADCAST_INTERVAL);

        Parts parts = Parts.of(onlyFrame(sessions.get(0)));
        assertThat(parts.departures()).isEqualTo(1);
        connection(sessions.get(0)).applyBinaryFrames(tracker);
        assertThat(tracker.state().entities()).extracting(StateMessage.EntityState::id).containsExactly(1);
    }

    @Test
    void aNewEntityArrivesForConnectionsThatAlreadyViewItsRegion() {
        World world = world(SMALL, new int[] {2, 3});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = sessions(world, 1);
        StateTracker tracker = new StateTracker(16, 16);
        broadcast(broadcaster, world, sessions, NOW);
        world.markPositions();
        connection(sessions.get(0)).applyBinaryFrames(tracker);

        int npcs = world.addNpcs(200);
        broadcast(broadcaster, world, sessions, NOW + BROADCAST_INTERVAL);

        Parts parts = Parts.of(onlyFrame(sessions.get(0)));
        assertThat(npcs).isEqualTo(200);
        assertThat(parts.reset()).isFalse();
        assertThat(parts.arrivals()).isPositive();
        connection(sessions.get(0)).applyBinaryFrames(tracker);
        assertThat(tracker.state().entities()).isEqualTo(inRegionsOfView(world, 1, 2));
    }

    @Test
    void aConnectionThatSkippedABroadcastGetsAResetFrame() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {5, 5});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = sessions(world, 1);
        RecordingPlayerConnection slow = connection(sessions.get(0));
        StateTracker tracker = new StateTracker(16, 16);
        broadcast(broadcaster, world, sessions, NOW);
        world.markPositions();
        slow.applyBinaryFrames(tracker);

        slow.writable(false);
        world.setIntent(2, Direction.S);
        world.step();
        broadcast(broadcaster, world, sessions, NOW + BROADCAST_INTERVAL);
        world.markPositions();
        assertThat(slow.heldBinaryFrames()).isEmpty();

        slow.writable(true);
        world.setIntent(2, Direction.S);
        world.step();
        broadcast(broadcaster, world, sessions, NOW + 2 * BROADCAST_INTERVAL);

        assertThat(Parts.of(onlyFrame(sessions.get(0))).reset()).isTrue();
        slow.applyBinaryFrames(tracker);
        assertThat(tracker.state().entities()).isEqualTo(inRegionsOfView(world, 1, 2));
        assertThat(tracker.state().entities()).filteredOn(e -> e.id() == 2).singleElement()
                .extracting(StateMessage.EntityState::y).isEqualTo(7);
    }

    @Test
    void aConnectionWithMoreThanOneMebibytePendingIsCutOffAtOnce() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {5, 5});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = sessions(world, 2);
        RecordingPlayerConnection stuck = connection(sessions.get(1));
        stuck.writable(false);
        stuck.pendingOutboundBytes(UnwritableGuard.MAX_PENDING_BYTES + 1);

        broadcast(broadcaster, world, sessions, NOW);

        assertThat(stuck.disconnects()).containsExactly("not reading");
        assertThat(stuck.binaryFramesReceived()).isZero();
        assertThat(connection(sessions.get(0)).binaryFramesReceived()).isEqualTo(1);
    }

    @Test
    void aConnectionUnwritableForTenSecondsIsCutOff() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {5, 5});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = sessions(world, 2);
        RecordingPlayerConnection stuck = connection(sessions.get(1));
        stuck.writable(false);

        broadcast(broadcaster, world, sessions, NOW);
        broadcast(broadcaster, world, sessions, NOW + 10 * SECOND);
        assertThat(stuck.disconnects()).isEmpty();

        broadcast(broadcaster, world, sessions, NOW + 10 * SECOND + 1);

        assertThat(stuck.disconnects()).containsExactly("not reading");
        assertThat(stuck.binaryFramesReceived()).isZero();
        assertThat(connection(sessions.get(0)).binaryFramesReceived()).isEqualTo(3);
    }

    @Test
    void jsonSessionsGetNothingAndCostNoBuffers() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {5, 5});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = List.of(
                new PlayerSession(newConnection(1), 1, false), new PlayerSession(newConnection(2), 2, false));

        broadcast(broadcaster, world, sessions, NOW);

        assertThat(connections).allSatisfy(c -> {
            assertThat(c.binaryFramesReceived()).isZero();
            assertThat(c.sent()).isEmpty();
        });
        assertThat(alloc.plainBuffers()).isEmpty();
        assertThat(alloc.composites()).isEmpty();
        assertThat(broadcaster.partsEncoded()).isZero();
        assertThat(broadcaster.framesWritten()).isZero();
    }

    @Test
    void aSessionWhoseEntityLeftTheWorldGetsNoFrame() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {5, 5});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = sessions(world, 2);
        world.removePlayer(1);

        broadcast(broadcaster, world, sessions, NOW);

        assertThat(connection(sessions.get(0)).binaryFramesReceived()).isZero();
        StateTracker tracker = new StateTracker(16, 16);
        connection(sessions.get(1)).applyBinaryFrames(tracker);
        assertThat(tracker.state().entities()).extracting(StateMessage.EntityState::id).containsExactly(2);
    }

    @Test
    void connectionsWithTheSameViewShareEveryEncodedPart() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {3, 3}, new int[] {12, 2}, new int[] {2, 12},
                new int[] {12, 12});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 8, alloc);
        List<PlayerSession> sessions = sessions(world, 2);

        broadcast(broadcaster, world, sessions, NOW);

        // Both views are all four regions; every region holds somebody.
        ByteBuf first = onlyFrame(sessions.get(0));
        ByteBuf second = onlyFrame(sessions.get(1));
        assertThat(Parts.of(first).snapshots()).containsExactlyInAnyOrder(0, 1, 2, 3);
        assertThat(broadcaster.partsEncoded()).isEqualTo(4);
        assertThat(ByteBufUtil.equals(first, second)).isTrue();
        // Four parts, encoded once, then one buffer per connection's frame.
        assertThat(alloc.plainBuffers()).hasSize(4 + 2);
        assertThat(broadcaster.framesWritten()).isEqualTo(2);
        assertThat(broadcaster.bytesWritten()).isEqualTo(first.readableBytes() + second.readableBytes());
    }

    @Test
    void framesOutliveTheBroadcastUntilReleased() {
        World world = world(SMALL, new int[] {2, 3}, new int[] {3, 3});
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 2, alloc);
        List<PlayerSession> sessions = sessions(world, 2);

        broadcast(broadcaster, world, sessions, NOW);

        assertThat(alloc.unreleased()).isNotEmpty();
        connection(sessions.get(0)).releaseBinaryFrames();
        assertThat(alloc.unreleased()).as("the second frame").isNotEmpty();
        connection(sessions.get(1)).releaseBinaryFrames();
        assertThat(alloc.unreleased()).isEmpty();
    }

    // ---- the property -------------------------------------------------------------------------------------------

    /**
     * A real world with wandering NPCs and players walking at random, joining and leaving between any two ticks,
     * connections randomly not writable (so they skip frames and then get a reset), several view radii and maps:
     * after every broadcast each writable connection got exactly one frame, and its tracker holds exactly the
     * entities of its view's regions at their current positions; every region part was encoded once for all
     * connections; nothing leaked.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void everyTrackerHoldsExactlyTheEntitiesOfItsViewAfterEveryFrame(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Grid grid = switch ((int) (seed % 3)) {
            case 0 -> Grid.open(new GridSize(61, 45, 1));
            case 1 -> MapGenerator.scatter(new GridSize(64, 64, 1), 0.2, seed);
            default -> MapGenerator.scatter(new GridSize(40, 33, 2), 0.1, seed);
        };
        int radius = new int[] {2, 5, 8, 12, 24}[(int) (seed % 5)];
        Simulation sim = new Simulation(grid, radius, random, seed);

        for (int b = 0; b < 300; b++) {
            sim.broadcastCycle();
        }

        // The walk went everywhere the encoding has a part for.
        assertThat(sim.totals.resetsAfterSkip).isPositive();
        assertThat(sim.totals.left).isPositive();
        assertThat(sim.totals.entered).isPositive();
        assertThat(sim.totals.moves).isPositive();
        assertThat(sim.totals.arrivals).isPositive();
        assertThat(sim.totals.departures).isPositive();
        assertThat(sim.totals.joins).isPositive();
        assertThat(sim.totals.leaves).isPositive();
    }

    /** One randomized run: the world, its sessions, and each connection's tracker and last written view. */
    private final class Simulation {

        private final Grid grid;
        private final int radius;
        private final SplittableRandom random;
        private final World world;
        private final BinaryStateBroadcaster broadcaster;
        private final List<PlayerSession> sessions = new ArrayList<>();
        private final Map<PlayerSession, StateTracker> trackers = new HashMap<>();
        private final Map<PlayerSession, Set<Integer>> lastView = new HashMap<>();
        private final Set<PlayerSession> wroteLast = new HashSet<>();
        private final RecordingPlayerConnection json;
        private final Totals totals = new Totals();
        private long nextAccount = 1;
        private long seq;
        private long now = NOW;

        Simulation(Grid grid, int radius, SplittableRandom random, long seed) {
            this.grid = grid;
            this.radius = radius;
            this.random = random;
            this.world = World.create(grid, seed);
            this.broadcaster = new BinaryStateBroadcaster(grid.size(), radius, alloc);
            world.addNpcs(20 + random.nextInt(40));
            for (int i = 0; i < 5; i++) {
                join();
            }
            // A JSON player in the same world: the binary broadcaster leaves it alone.
            json = newConnection(nextAccount);
            sessions.add(new PlayerSession(json, world.spawnPlayer(nextAccount++), false));
        }

        void broadcastCycle() {
            for (int tick = 0; tick < 2; tick++) {
                joinOrLeaveMaybe();
                for (PlayerSession session : sessions) {
                    if (random.nextInt(10) < 7) {
                        world.setIntent(session.entityId(), Direction.values()[random.nextInt(4)]);
                    }
                    if (random.nextInt(10) == 0) {
                        session.handedToTick(++seq, Direction.N);
                        session.processed();
                    }
                }
                world.step();
            }
            joinOrLeaveMaybe();
            for (PlayerSession session : sessions) {
                connection(session).writable(random.nextInt(10) < 8);
            }

            long partsBefore = broadcaster.partsEncoded();
            long rowsBefore = broadcaster.rowsEncoded();
            long framesBefore = broadcaster.framesWritten();
            long bytesBefore = broadcaster.bytesWritten();
            int buffersBefore = alloc.plainBuffers().size();
            broadcast(broadcaster, world, sessions, now);
            world.markPositions();
            now += BROADCAST_INTERVAL;

            Set<Integer> snapshotParts = new HashSet<>();
            Set<Integer> changeParts = new HashSet<>();
            Set<Integer> regionsInAnyView = new HashSet<>();
            int frames = 0;
            long bytes = 0;
            for (PlayerSession session : sessions) {
                if (!session.binary()) {
                    continue;
                }
                RecordingPlayerConnection connection = connection(session);
                if (!connection.isWritable()) {
                    assertThat(connection.heldBinaryFrames()).isEmpty();
                    wroteLast.remove(session);
                    continue;
                }
                assertThat(connection.heldBinaryFrames()).hasSize(1);
                ByteBuf frame = connection.heldBinaryFrames().get(0);
                Parts parts = Parts.of(frame);
                Set<Integer> view = viewRegions(world, grid, session.entityId(), radius);
                regionsInAnyView.addAll(view);
                boolean reset = !wroteLast.contains(session);
                assertThat(parts.reset()).isEqualTo(reset);
                assertThat(parts.snapshots()).doesNotHaveDuplicates().allMatch(view::contains);
                assertThat(parts.changes()).doesNotHaveDuplicates().allMatch(view::contains);
                if (!reset) {
                    Set<Integer> before = lastView.get(session);
                    assertThat(parts.left()).allMatch(r -> before.contains(r) && !view.contains(r));
                    assertThat(parts.snapshots()).noneMatch(before::contains);
                    assertThat(parts.changes()).allMatch(before::contains);
                    totals.left += parts.left().size();
                    totals.entered += parts.snapshots().size();
                } else if (lastView.containsKey(session)) {
                    totals.resetsAfterSkip++;
                }
                totals.moves += parts.moves();
                totals.arrivals += parts.arrivals();
                totals.departures += parts.departures();
                snapshotParts.addAll(parts.snapshots());
                changeParts.addAll(parts.changes());
                frames++;
                bytes += frame.readableBytes();

                StateTracker tracker = trackers.get(session);
                connection.applyBinaryFrames(tracker);
                assertThat(tracker.state()).isEqualTo(new StateMessage(world.tick(), session.ack(),
                        inRegionsOfView(world, session.entityId(), radius)));
                lastView.put(session, view);
                wroteLast.add(session);
            }

            long parts = broadcaster.partsEncoded() - partsBefore;
            long rows = broadcaster.rowsEncoded() - rowsBefore;
            assertThat(parts - rows).as("each region's snapshot encoded once for every connection")
                    .isEqualTo(snapshotParts.size());
            assertThat(rows).as("each row's changes encoded at most once, and only rows some view keeps")
                    .isLessThanOrEqualTo((long) BinaryState.regionsHigh(grid.height()) * grid.size().layers())
                    .isLessThanOrEqualTo(regionsInAnyView.size());
            if (!changeParts.isEmpty()) {
                assertThat(rows).isPositive();
            }
            // The parts, each encoded once, and one buffer per frame.
            assertThat(alloc.plainBuffers().size() - buffersBefore).as("a frame is one buffer of its own")
                    .isEqualTo(parts + frames);
            assertThat(broadcaster.framesWritten() - framesBefore).isEqualTo(frames);
            assertThat(broadcaster.bytesWritten() - bytesBefore).isEqualTo(bytes);
            assertThat(json.binaryFramesReceived()).isZero();
            assertThat(alloc.unreleased()).isEmpty();
        }

        private void joinOrLeaveMaybe() {
            int binaryPlayers = (int) sessions.stream().filter(PlayerSession::binary).count();
            int roll = random.nextInt(20);
            if (roll == 0 && binaryPlayers < 9) {
                join();
            } else if (roll == 1 && binaryPlayers > 1) {
                leave();
            }
        }

        private void join() {
            long account = nextAccount++;
            int layer = random.nextInt(grid.layers());
            int entity = world.spawnPlayerAt(account, random.nextInt(grid.width()), random.nextInt(grid.height()),
                    layer);
            assertThat(entity).isPositive();
            PlayerSession session = new PlayerSession(newConnection(account), entity, true);
            sessions.add(session);
            trackers.put(session, new StateTracker(grid.width(), grid.height()));
            totals.joins++;
        }

        private void leave() {
            List<PlayerSession> binary = sessions.stream().filter(PlayerSession::binary).toList();
            PlayerSession leaving = binary.get(random.nextInt(binary.size()));
            world.removePlayer(connection(leaving).accountId());
            sessions.remove(leaving);
            trackers.remove(leaving);
            lastView.remove(leaving);
            wroteLast.remove(leaving);
            totals.leaves++;
        }
    }

    private static final class Totals {
        long resetsAfterSkip;
        long left;
        long entered;
        long moves;
        long arrivals;
        long departures;
        long joins;
        long leaves;
    }

    // ---- reading frames independently of StateTracker -----------------------------------------------------------

    /** What a frame lists, read straight from its bytes. */
    private record Parts(boolean reset, List<Integer> left, List<Integer> snapshots, List<Integer> changes,
                         int departures, int arrivals, int moves) {

        static Parts of(ByteBuf frame) {
            ByteBuf in = frame.duplicate();
            assertThat(in.readUnsignedByte()).isEqualTo((short) BinaryState.KIND_STATE);
            Varints.read(in);
            Varints.read(in);
            boolean reset = (in.readUnsignedByte() & BinaryState.FLAG_RESET) != 0;
            List<Integer> left = new ArrayList<>();
            for (int i = Varints.readInt(in); i > 0; i--) {
                left.add(Varints.readInt(in));
            }
            List<Integer> snapshots = new ArrayList<>();
            for (int i = Varints.readInt(in); i > 0; i--) {
                snapshots.add(Varints.readInt(in));
                for (int n = Varints.readInt(in); n > 0; n--) {
                    skipEntity(in);
                }
            }
            List<Integer> changes = new ArrayList<>();
            int departures = 0;
            int arrivals = 0;
            int moves = 0;
            for (int i = Varints.readInt(in); i > 0; i--) {
                changes.add(Varints.readInt(in));
                int d = Varints.readInt(in);
                departures += d;
                for (int k = 0; k < d; k++) {
                    Varints.read(in);
                }
                int a = Varints.readInt(in);
                arrivals += a;
                for (int k = 0; k < a; k++) {
                    skipEntity(in);
                }
                int m = Varints.readInt(in);
                moves += m;
                for (int k = 0; k < m; k++) {
                    Varints.read(in);
                    Varints.readSigned(in);
                    Varints.readSigned(in);
                }
            }
            assertThat(in.isReadable()).as("bytes after the last change").isFalse();
            return new Parts(reset, left, snapshots, changes, departures, arrivals, moves);
        }

        private static void skipEntity(ByteBuf in) {
            for (int i = 0; i < 4; i++) {
                Varints.read(in);
            }
            in.readUnsignedByte();
        }
    }

    // ---- expectations by brute force ----------------------------------------------------------------------------

    /** The regions that intersect the square of {@code radius} around the entity, clipped to the grid. */
    private static Set<Integer> viewRegions(World world, Grid grid, int entityId, int radius) {
        int me = world.slotOf(entityId);
        int layer = world.layerAt(me);
        int regionsWide = (grid.width() + 7) / 8;
        int regionsHigh = (grid.height() + 7) / 8;
        Set<Integer> regions = new LinkedHashSet<>();
        for (int y = Math.max(0, world.yAt(me) - radius); y <= Math.min(grid.height() - 1, world.yAt(me) + radius);
                y++) {
            for (int x = Math.max(0, world.xAt(me) - radius); x <= Math.min(grid.width() - 1, world.xAt(me) + radius);
                    x++) {
                regions.add((layer * regionsHigh + y / 8) * regionsWide + x / 8);
            }
        }
        return regions;
    }

    /** Every live entity standing in a region of the entity's view, in ascending id, by brute force. */
    private static List<StateMessage.EntityState> inRegionsOfView(World world, int entityId, int radius) {
        Grid grid = world.grid();
        Set<Integer> view = viewRegions(world, grid, entityId, radius);
        int regionsWide = (grid.width() + 7) / 8;
        int regionsHigh = (grid.height() + 7) / 8;
        List<StateMessage.EntityState> entities = new ArrayList<>();
        for (int s = 0; s < world.slotCount(); s++) {
            if (world.isLive(s)
                    && view.contains((world.layerAt(s) * regionsHigh + world.yAt(s) / 8) * regionsWide
                    + world.xAt(s) / 8)) {
                entities.add(new StateMessage.EntityState(world.idAt(s), world.xAt(s), world.yAt(s),
                        world.layerAt(s), world.kindAt(s) == EntityKind.PLAYER ? "player" : "npc"));
            }
        }
        entities.sort((a, b) -> Integer.compare(a.id(), b.id()));
        return entities;
    }

    // ---- fixtures -----------------------------------------------------------------------------------------------

    /** A world whose players (accounts 1, 2, …, entity ids in the same order) stand at {@code positions}. */
    private static World world(Grid grid, int[]... positions) {
        List<PlayerRecord> saved = new ArrayList<>();
        for (int i = 0; i < positions.length; i++) {
            saved.add(new PlayerRecord(i + 1, positions[i][0], positions[i][1], 0));
        }
        World world = World.restore(grid, new WorldSnapshot(0, 1, saved), 20_260_101L);
        for (int i = 0; i < positions.length; i++) {
            int slot = world.slotOf(world.spawnPlayer(i + 1));
            assertThat(new int[] {world.xAt(slot), world.yAt(slot)}).isEqualTo(positions[i]);
        }
        return world;
    }

    /** Binary sessions for accounts 1..players. */
    private List<PlayerSession> sessions(World world, int players) {
        List<PlayerSession> sessions = new ArrayList<>();
        for (int account = 1; account <= players; account++) {
            sessions.add(new PlayerSession(newConnection(account), world.entityOf(account), true));
        }
        return sessions;
    }

    private RecordingPlayerConnection newConnection(long account) {
        RecordingPlayerConnection connection = new RecordingPlayerConnection(account);
        connections.add(connection);
        return connection;
    }

    private static RecordingPlayerConnection connection(PlayerSession session) {
        return (RecordingPlayerConnection) session.connection();
    }

    private static ByteBuf onlyFrame(PlayerSession session) {
        List<ByteBuf> frames = connection(session).heldBinaryFrames();
        assertThat(frames).hasSize(1);
        return frames.get(0);
    }

    /**
     * One player at {@code start} on {@link #SMALL} with view radius 1: the hex of the frame written after its first
     * frame and one step in {@code direction}.
     */
    private String frameAfterOneStep(int[] start, Direction direction) {
        World world = world(SMALL, start);
        BinaryStateBroadcaster broadcaster = new BinaryStateBroadcaster(SMALL.size(), 1, alloc);
        List<PlayerSession> sessions = sessions(world, 1);
        broadcast(broadcaster, world, sessions, NOW);
        world.markPositions();
        release(sessions);

        world.setIntent(1, direction);
        world.step();
        broadcast(broadcaster, world, sessions, NOW + BROADCAST_INTERVAL);
        return hex(onlyFrame(sessions.get(0)));
    }

    private static void release(List<PlayerSession> sessions) {
        sessions.forEach(s -> connection(s).releaseBinaryFrames());
    }

    private static void acknowledge(PlayerSession session, long seq) {
        session.handedToTick(seq, Direction.N);
        session.processed();
    }

    private static String hex(ByteBuf frame) {
        return ByteBufUtil.hexDump(frame);
    }

    /** One broadcast, its frames handed to the connections' writers as a tick hands its batch. */
    private static void broadcast(BinaryStateBroadcaster broadcaster, World world, Collection<PlayerSession> sessions,
            long nowNanos) {
        BroadcastBatch batch = new BroadcastBatch();
        broadcaster.broadcast(world, sessions, nowNanos, batch);
        batch.send();
    }
}
