package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.TransferMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.game.binary.StateTracker;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.world.Direction;
import lor.sim.world.EntityKind;
import lor.sim.world.PlayerRecord;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import lor.world.control.CapturingControlLink;
import lor.world.game.RecordingPlayerConnection;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** The tick thread's view of the world, driven by hand: every call here is what the tick thread would make. */
class WorldRuntimeTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, Secrets.random256());

    /**
     * Spawn at (3,1), a wall east of it and a wall column at x = 0; the top edge is open, so going north twice
     * leaves the grid.
     */
    private static final Grid ROOM = MapText.parse("""
            #.......
            #..S#...
            #.......
            ........
            """);

    /** Spawn at (3,1); portal a, to cell (6,6,0) of the cellar, two steps east at (5,1). */
    private static final Grid PORTAL_ROOM = MapText.parse("""
            @portal a cellar 6 6 0
            #######
            #..S.a#
            #.....#
            #######
            """);

    private final CapturingControlLink control = new CapturingControlLink(true);
    private final List<String> fatal = new ArrayList<>();
    private final List<RecordingPlayerConnection> players = new ArrayList<>();
    private WorldRuntime runtime = runtime("--grid", "8x6x1");
    private WorldLoop loop = new WorldLoop("start", 16, runtime);

    @AfterEach
    void releaseFrames() {
        // State frames come from a pooled allocator: give back what the connections were handed.
        players.forEach(RecordingPlayerConnection::releaseFrames);
        players.forEach(RecordingPlayerConnection::releaseBinaryFrames);
    }

    @Test
    void freshHydrationReportsReadyAtSeqZero() {
        runtime.hydrate(0, null);

        assertThat(control.delivered()).containsExactly(new WorldReadyMessage("start", 0),
                new PlayerRosterMessage("start", List.of()));
    }

    @Test
    void hydrationFromStateRestoresSavedPositionsClockAndIds() {
        runtime.hydrate(7, SnapshotCodec.encode(new WorldSnapshot(500, 9, List.of(new PlayerRecord(42, 1, 2, 0)))));
        RecordingPlayerConnection player = player(42);

        runtime.admit(player, ticket(42), null);

        assertThat(control.delivered()).containsExactly(new WorldReadyMessage("start", 7),
                new PlayerRosterMessage("start", List.of()), new PlayerJoinedMessage("start", 42));
        WelcomeMessage welcome = player.only(WelcomeMessage.class);
        assertThat(welcome.you()).isEqualTo(new WelcomeMessage.Position(1, 2, 0));
        assertThat(welcome.tick()).isEqualTo(500);
        assertThat(welcome.entityId()).isEqualTo(9);
    }

    @Test
    void secondHydrationOnlyRepeatsReady() {
        runtime.hydrate(0, null);
        runtime.hydrate(5, SnapshotCodec.encode(new WorldSnapshot(500, 9, List.of(new PlayerRecord(42, 1, 2, 0)))));
        RecordingPlayerConnection player = player(42);

        runtime.admit(player, ticket(42), null);

        assertThat(control.delivered(WorldReadyMessage.class)).extracting(WorldReadyMessage::hydratedSeq)
                .containsExactly(0L, 0L);
        assertThat(player.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(4, 3, 0));
    }

    @Test
    void corruptHydrationStateIsFatalAndNeverReady() {
        runtime.hydrate(3, JsonNodeFactory.instance.objectNode().put("format", 99));
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), null);

        assertThat(fatal).hasSize(1);
        assertThat(control.delivered()).isEmpty();
        assertThat(player.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
    }

    @Test
    void admissionBeforeHydrationClosesWithWorldUnavailable() {
        RecordingPlayerConnection player = player(42);

        runtime.admit(player, ticket(42), "r");

        assertThat(player.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
        assertThat(player.sent()).isEmpty();
    }

    @Test
    void admissionWelcomesThePlayerWithTheWorldsRatesGridAndPositionThenSendsTheMap() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);

        runtime.admit(player, ticket(42), "hello-1");

        assertThat(player.sent()).hasSize(2);
        assertThat(player.sent().get(0)).isEqualTo(new WelcomeMessage(1, 0, 20, 10,
                new WelcomeMessage.GridSize(8, 6, 1), new WelcomeMessage.Position(4, 3, 0), "json", "hello-1"));
        assertThat(player.sent().get(1)).isInstanceOf(MapMessage.class);
        assertThat(player.closedWith()).isNull();
    }

    @Test
    void mapFrameAfterWelcomeCarriesTheNamedMapsCellsAndSpawn() {
        WorldConfig config = config("--map", "start");
        Grid start = Maps.load(config);
        useRuntime(new WorldRuntime(config, start, control, outbox(), fatal::add));
        runtime.hydrate(0, null);
        RecordingPlayerConnection first = player(42);
        RecordingPlayerConnection second = player(43);

        runtime.admit(first, ticket(42), null);
        runtime.admit(second, ticket(43), null);

        List<Message> sent = first.sent();
        assertThat(sent).hasSize(2);
        assertThat(sent.get(0)).isInstanceOf(WelcomeMessage.class);
        WelcomeMessage welcome = (WelcomeMessage) sent.get(0);
        assertThat(welcome.grid()).isEqualTo(new WelcomeMessage.GridSize(128, 128, 1));
        MapMessage map = (MapMessage) sent.get(1);
        assertThat(map.encoding()).isEqualTo(MapEncoding.NAME);
        assertThat(List.of(map.width(), map.height(), map.layers())).containsExactly(128, 128, 1);
        assertThat(List.of(map.spawnX(), map.spawnY(), map.spawnLayer()))
                .containsExactly(start.spawnX(), start.spawnY(), start.spawnLayer());
        assertThat(MapEncoding.decode(map.cells(), 128 * 128)).isEqualTo(start.copyCells());
        assertThat(welcome.you()).isEqualTo(new WelcomeMessage.Position(start.spawnX(), start.spawnY(), 0));
        assertThat(map.portals()).containsExactly(new MapMessage.PortalInfo(1, "cellar"));
        // The frame is encoded once and handed to every player unchanged.
        assertThat(second.only(MapMessage.class)).isEqualTo(map);
    }

    @Test
    void sameAccountOnASecondConnectionReplacesTheFirstAndKeepsItsEntity() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection first = player(42);
        RecordingPlayerConnection second = player(42);
        runtime.admit(first, ticket(42), null);

        runtime.admit(second, ticket(42), null);

        assertThat(first.closedWith()).isEqualTo(ErrorCode.REPLACED);
        assertThat(second.closedWith()).isNull();
        assertThat(second.only(WelcomeMessage.class).entityId())
                .isEqualTo(first.only(WelcomeMessage.class).entityId());
    }

    @Test
    void leaveOfAReplacedConnectionKeepsThePlayerInTheWorld() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection first = player(42);
        runtime.admit(first, ticket(42), null);
        runtime.admit(player(42), ticket(42), null);

        runtime.leave(first);

        // Were 42 gone, 43 would take the centre it stood on.
        RecordingPlayerConnection other = player(43);
        runtime.admit(other, ticket(43), null);
        assertThat(other.only(WelcomeMessage.class).you()).isNotEqualTo(new WelcomeMessage.Position(4, 3, 0));
    }

    @Test
    void leaveTakesThePlayerOutOfTheWorld() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), null);

        runtime.leave(player);

        RecordingPlayerConnection other = player(43);
        runtime.admit(other, ticket(43), null);
        assertThat(other.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(4, 3, 0));
    }

    @Test
    void fullWorldClosesWithWorldUnavailable() {
        WorldRuntime single = runtime("--grid", "1x1x1");
        single.hydrate(0, null);
        single.admit(player(42), ticket(42), null);
        RecordingPlayerConnection late = player(43);

        single.admit(late, ticket(43), null);

        assertThat(late.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
        assertThat(late.sent()).isEmpty();
    }

    @Test
    void shutdownClosesPlayersAndPublishesAFinalSnapshotOfWhereTheyStood() {
        runtime.hydrate(7, null);
        RecordingPlayerConnection a = player(42);
        RecordingPlayerConnection b = player(43);
        runtime.admit(a, ticket(42), null);
        runtime.admit(b, ticket(43), null);
        WelcomeMessage.Position posA = a.only(WelcomeMessage.class).you();
        WelcomeMessage.Position posB = b.only(WelcomeMessage.class).you();

        long seq = runtime.closeForShutdown();

        assertThat(seq).isEqualTo(8);
        assertThat(a.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
        assertThat(b.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
        WorldSnapshotMessage last = onlySnapshot();
        assertThat(last.seq()).isEqualTo(8);
        assertThat(last.last()).isTrue();
        assertThat(SnapshotCodec.decode(last.state()).players()).containsExactlyInAnyOrder(
                new PlayerRecord(42, posA.x(), posA.y(), posA.layer()),
                new PlayerRecord(43, posB.x(), posB.y(), posB.layer()));
        assertThat(control.delivered(PlayerLeftMessage.class)).containsExactly(
                new PlayerLeftMessage("start", 42), new PlayerLeftMessage("start", 43));
    }

    @Test
    void noAdmissionAfterShutdown() {
        runtime.hydrate(0, null);
        runtime.closeForShutdown();
        RecordingPlayerConnection late = player(42);

        runtime.admit(late, ticket(42), null);

        assertThat(late.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
    }

    @Test
    void shutdownBeforeHydrationHasNothingToSave() {
        assertThat(runtime.closeForShutdown()).isZero();

        assertThat(control.delivered()).isEmpty();
    }

    @Test
    void publishesAPeriodicSnapshotEverySnapshotInterval() {
        runtime.hydrate(7, null);
        runtime.admit(player(42), ticket(42), null);
        control.clear();

        tick(19);
        assertThat(control.delivered(WorldSnapshotMessage.class)).isEmpty();

        tick(1);
        WorldSnapshotMessage periodic = onlySnapshot();
        assertThat(periodic.seq()).isEqualTo(8);
        assertThat(periodic.last()).isFalse();
        WorldSnapshot state = SnapshotCodec.decode(periodic.state());
        assertThat(state.tick()).isEqualTo(20);
        assertThat(state.players()).containsExactly(new PlayerRecord(42, 4, 3, 0));

        tick(20);
        assertThat(control.delivered(WorldSnapshotMessage.class)).extracting(WorldSnapshotMessage::seq)
                .containsExactly(8L, 9L);
    }

    @Test
    void reportsStatusWithThePlayerCountOncePerSecondOfTicks() {
        runtime.hydrate(0, null);
        runtime.admit(player(42), ticket(42), null);
        runtime.admit(player(43), ticket(43), null);

        tick(19);
        assertThat(control.delivered(WorldStatusMessage.class)).isEmpty();

        tick(1);
        assertThat(control.delivered(WorldStatusMessage.class)).singleElement().satisfies(status -> {
            assertThat(status.worldId()).isEqualTo("start");
            assertThat(status.players()).isEqualTo(2);
            assertThat(status.tick()).isEqualTo(20);
            assertThat(status.overruns()).isZero();
        });

        tick(20);
        assertThat(control.delivered(WorldStatusMessage.class)).hasSize(2);
    }

    @Test
    void ticksBeforeHydrationDoNothing() {
        tick(40);
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), null);

        assertThat(control.delivered()).containsExactly(new WorldReadyMessage("start", 0),
                new PlayerRosterMessage("start", List.of()), new PlayerJoinedMessage("start", 42));
        assertThat(player.only(WelcomeMessage.class).tick()).isZero();
        assertThat(player.sent(StateMessage.class)).isEmpty();
    }

    // ---- stage 2: intents, refusals, state ------------------------------------------------------------------------

    @Test
    void intentIntoAWallIsRejectedRightAfterItsTickAndAckedWithTheUnchangedPosition() {
        RecordingPlayerConnection player = joinRoom(42);
        int me = player.only(WelcomeMessage.class).entityId();
        player.intents().offer(5, Direction.E);

        tick(1);

        assertThat(player.sent(RejectedMessage.class)).containsExactly(new RejectedMessage(5, "wall"));
        assertThat(player.sent(StateMessage.class)).as("state goes out on even ticks only").isEmpty();

        tick(1);

        StateMessage state = player.last(StateMessage.class);
        assertThat(state.tick()).isEqualTo(2);
        assertThat(state.ack()).isEqualTo(5);
        assertThat(state.entities()).containsExactly(new StateMessage.EntityState(me, 3, 1, 0, "player"));
        assertThat(player.sent(RejectedMessage.class)).hasSize(1);
    }

    @Test
    void intentOffTheGridIsRejectedAsOutOfBounds() {
        RecordingPlayerConnection player = joinRoom(42);
        player.intents().offer(1, Direction.N);
        player.intents().offer(2, Direction.N);

        tick(2);

        assertThat(player.sent(RejectedMessage.class)).containsExactly(new RejectedMessage(2, "out_of_bounds"));
        assertThat(player.last(StateMessage.class).ack()).isEqualTo(2);
        assertThat(position(player.last(StateMessage.class), me(player))).isEqualTo(List.of(3, 0));
    }

    @Test
    void intentIntoAnotherPlayerIsRejectedAsOccupied() {
        RecordingPlayerConnection first = joinRoom(42);
        first.intents().offer(1, Direction.W);
        tick(1);
        RecordingPlayerConnection second = player(43);
        runtime.admit(second, ticket(43), null);
        assertThat(second.only(WelcomeMessage.class).you()).as("the spawn point was free again")
                .isEqualTo(new WelcomeMessage.Position(3, 1, 0));

        first.intents().offer(2, Direction.E);
        tick(1);

        assertThat(first.sent(RejectedMessage.class)).containsExactly(new RejectedMessage(2, "occupied"));
        assertThat(second.sent(RejectedMessage.class)).isEmpty();
        StateMessage state = first.last(StateMessage.class);
        assertThat(state.ack()).isEqualTo(2);
        assertThat(position(state, me(first))).isEqualTo(List.of(2, 1));
        assertThat(position(state, me(second))).isEqualTo(List.of(3, 1));
    }

    @Test
    void freeStepMovesTheEntityInTheNextState() {
        RecordingPlayerConnection player = joinRoom(42);
        player.intents().offer(3, Direction.W);

        tick(2);

        StateMessage state = player.only(StateMessage.class);
        assertThat(state.ack()).isEqualTo(3);
        assertThat(state.entities()).containsExactly(new StateMessage.EntityState(me(player), 2, 1, 0, "player"));
        assertThat(player.sent(RejectedMessage.class)).isEmpty();
    }

    @Test
    void intentsQueuedTogetherAreAppliedOneStepPerTickOnConsecutiveTicks() {
        RecordingPlayerConnection player = joinRoom(42);
        player.intents().offer(1, Direction.N);
        player.intents().offer(2, Direction.W);
        player.intents().offer(3, Direction.W);

        tick(1);
        assertThat(player.intents().size()).isEqualTo(2);
        tick(1);
        assertThat(player.intents().size()).isEqualTo(1);

        StateMessage afterTwo = player.only(StateMessage.class);
        assertThat(afterTwo.ack()).isEqualTo(2);
        assertThat(position(afterTwo, me(player))).isEqualTo(List.of(2, 0));

        tick(2);

        StateMessage afterFour = player.last(StateMessage.class);
        assertThat(afterFour.ack()).isEqualTo(3);
        assertThat(position(afterFour, me(player))).isEqualTo(List.of(1, 0));
        assertThat(player.sent(RejectedMessage.class)).isEmpty();
    }

    @Test
    void ackStaysAtTheLastProcessedSeqWhileNoIntentArrives() {
        RecordingPlayerConnection player = joinRoom(42);
        player.intents().offer(9, Direction.S);

        tick(6);

        assertThat(player.sent(StateMessage.class)).extracting(StateMessage::ack).containsExactly(9L, 9L, 9L);
    }

    @Test
    void stateGoesOutOnEverySecondTickOnly() {
        RecordingPlayerConnection player = joinRoom(42);

        for (int i = 1; i <= 20; i++) {
            tick(1);
            assertThat(player.sent(StateMessage.class)).as("after tick %d", i).hasSize(i / 2);
        }

        assertThat(player.sent(StateMessage.class)).extracting(StateMessage::tick)
                .containsExactly(2L, 4L, 6L, 8L, 10L, 12L, 14L, 16L, 18L, 20L);
    }

    @Test
    void playerSeesExactlyTheNpcsWithinItsView() {
        String[] args = {"--grid", "48x48x1", "--npcs", "40", "--view-radius", "8"};
        useRuntime(runtime(args));
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), null);
        // sim-core is deterministic: the same grid, seed and calls give the runtime's world exactly.
        World twin = World.create(Maps.load(config(args)), "start".hashCode());
        twin.addNpcs(40);
        assertThat(twin.spawnPlayer(42)).isEqualTo(me(player));

        for (int broadcast = 0; broadcast < 5; broadcast++) {
            tick(2);
            twin.step();
            twin.step();

            List<StateMessage.EntityState> expected = inView(twin, twin.slotOf(me(player)), 8);
            assertThat(player.last(StateMessage.class).entities()).isEqualTo(expected);
        }
        List<StateMessage.EntityState> seen = player.sent(StateMessage.class).stream()
                .flatMap(s -> s.entities().stream()).toList();
        assertThat(seen).extracting(StateMessage.EntityState::kind).as("NPCs came into view").contains("npc");
        assertThat(seen.stream().map(StateMessage.EntityState::id).distinct().count())
                .as("some NPCs stayed out of view").isLessThan(twin.entityCount());
    }

    @Test
    void periodicSnapshotAfterMovesHoldsTheMovedPosition() {
        RecordingPlayerConnection player = joinRoom(42);
        control.clear();
        player.intents().offer(1, Direction.W);
        player.intents().offer(2, Direction.W);

        tick(20);

        WorldSnapshot state = SnapshotCodec.decode(onlySnapshot().state());
        assertThat(state.players()).containsExactly(new PlayerRecord(42, 1, 1, 0));

        player.intents().offer(3, Direction.S);
        tick(1);
        runtime.closeForShutdown();

        WorldSnapshotMessage last = control.delivered(WorldSnapshotMessage.class).get(1);
        assertThat(last.last()).isTrue();
        assertThat(SnapshotCodec.decode(last.state()).players()).containsExactly(new PlayerRecord(42, 1, 2, 0));
    }

    @Test
    void replacementKeepsTheEntityAndItsPositionAndTakesOverItsIntentsAndState() {
        RecordingPlayerConnection first = joinRoom(42);
        first.intents().offer(1, Direction.W);
        tick(2);
        RecordingPlayerConnection second = player(42);

        runtime.admit(second, ticket(42), null);

        assertThat(first.closedWith()).isEqualTo(ErrorCode.REPLACED);
        WelcomeMessage welcome = second.only(WelcomeMessage.class);
        assertThat(welcome.entityId()).isEqualTo(me(first));
        assertThat(welcome.you()).isEqualTo(new WelcomeMessage.Position(2, 1, 0));

        first.intents().offer(2, Direction.N);
        second.intents().offer(1, Direction.S);
        tick(2);

        assertThat(first.sent(StateMessage.class)).as("the replaced connection gets no more state").hasSize(1);
        StateMessage state = second.only(StateMessage.class);
        assertThat(state.ack()).isEqualTo(1);
        assertThat(state.entities()).containsExactly(new StateMessage.EntityState(me(first), 2, 2, 0, "player"));
    }

    // ---- stage 3: portals ---------------------------------------------------------------------------------------

    @Test
    void steppingOntoAPortalAsksTheDirectorForATransferToItsTarget() {
        RecordingPlayerConnection player = joinPortalRoom(42);
        player.intents().offer(1, Direction.E);
        tick(1);
        assertThat(control.delivered(PortalTransferMessage.class)).as("a plain floor cell").isEmpty();

        player.intents().offer(2, Direction.E);
        tick(1);

        assertThat(control.delivered(PortalTransferMessage.class))
                .containsExactly(new PortalTransferMessage("start", 1, 42, "cellar", 6, 6, 0));
        assertThat(player.sent(RejectedMessage.class)).isEmpty();
        assertThat(player.transferredWith()).isNull();
        assertThat(player.closedWith()).isNull();
    }

    @Test
    void intentsOfAPlayerOnItsWayThroughAPortalAreDropped() {
        RecordingPlayerConnection player = onThePortal(42);
        player.intents().offer(3, Direction.W);
        player.intents().offer(4, Direction.S);

        tick(2);

        assertThat(player.intents().size()).isZero();
        StateMessage state = player.last(StateMessage.class);
        assertThat(position(state, me(player))).isEqualTo(List.of(5, 1));
        assertThat(state.ack()).as("dropped intents are never processed").isEqualTo(2);
        assertThat(player.sent(RejectedMessage.class)).isEmpty();
        assertThat(control.delivered(PortalTransferMessage.class)).hasSize(1);
    }

    @Test
    void grantedTransferHandsThePlayerItsTicketAndTakesItOut() {
        RecordingPlayerConnection player = onThePortal(42);
        control.clear();

        runtime.portalGranted(new PortalGrantedMessage("start", 1, 42, "cellar", "ws://127.0.0.1:4001/game", "t.m"));

        assertThat(player.transferredWith())
                .isEqualTo(new TransferMessage("cellar", "ws://127.0.0.1:4001/game", "t.m"));
        assertThat(player.closedWith()).isNull();
        assertThat(control.delivered()).containsExactly(new PlayerLeftMessage("start", 42));
        int statesBefore = player.sent(StateMessage.class).size();
        tick(2);
        assertThat(player.sent(StateMessage.class)).as("no state after leaving").hasSize(statesBefore);
        // An arrival aimed at the portal is put down beside it (nobody is placed on a way out), and the one who
        // left is gone from the world.
        RecordingPlayerConnection next = player(43);
        runtime.admit(next, arrivalTicket(43, 5, 1, 0), null);
        assertThat(next.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(4, 1, 0));
        tick(2);
        assertThat(next.last(StateMessage.class).entities()).as("the one who left is not seen")
                .containsExactly(new StateMessage.EntityState(me(next), 4, 1, 0, "player"));
    }

    @Test
    void leavingWhileOnAPortalIsRememberedOneStepBack() {
        // Disconnected while the transfer was still being asked for: the next join must not land on the portal.
        RecordingPlayerConnection player = onThePortal(42);

        runtime.leave(player);
        runtime.closeForShutdown();

        assertThat(SnapshotCodec.decode(onlySnapshot().state()).players())
                .containsExactly(new PlayerRecord(42, 4, 1, 0));
    }

    @Test
    void grantedTransferRemembersTheCellOneStepBackFromThePortal() {
        RecordingPlayerConnection player = onThePortal(42);

        runtime.portalGranted(new PortalGrantedMessage("start", 1, 42, "cellar", "ws://h:1/game", "t.m"));
        runtime.closeForShutdown();

        assertThat(SnapshotCodec.decode(onlySnapshot().state()).players())
                .containsExactly(new PlayerRecord(42, 4, 1, 0));
        assertThat(player.closedWith()).as("already gone when the world shut down").isNull();
    }

    @Test
    void cellOneStepBackFollowsTheDirectionOfTheStepOntoThePortal() {
        RecordingPlayerConnection player = joinPortalRoom(42);
        // From the spawn (3,1): S, E, E to (5,2), then N onto the portal at (5,1).
        Direction[] walk = {Direction.S, Direction.E, Direction.E, Direction.N};
        for (int i = 0; i < walk.length; i++) {
            player.intents().offer(i + 1, walk[i]);
            tick(1);
        }
        assertThat(control.delivered(PortalTransferMessage.class)).hasSize(1);

        runtime.portalGranted(new PortalGrantedMessage("start", 1, 42, "cellar", "ws://h:1/game", "t.m"));
        RecordingPlayerConnection back = player(42);
        runtime.admit(back, ticket(42), null);

        assertThat(back.only(WelcomeMessage.class).you()).as("a plain join returns beside the portal")
                .isEqualTo(new WelcomeMessage.Position(5, 2, 0));
    }

    @Test
    void refusedTransferTellsThePlayerWhyAndLeavesItOnThePortalFreeToMove() {
        RecordingPlayerConnection player = onThePortal(42);

        runtime.portalRefused(new PortalRefusedMessage("start", 1, 42, "cellar is unavailable: no room"));

        assertThat(player.only(ErrorMessage.class))
                .isEqualTo(ErrorMessage.of(ErrorCode.WORLD_UNAVAILABLE, "cellar is unavailable: no room", null));
        assertThat(player.closedWith()).isNull();
        assertThat(control.delivered(PlayerLeftMessage.class)).isEmpty();
        player.intents().offer(3, Direction.W);
        tick(2);
        StateMessage state = player.last(StateMessage.class);
        assertThat(state.ack()).isEqualTo(3);
        assertThat(position(state, me(player))).isEqualTo(List.of(4, 1));

        player.intents().offer(4, Direction.E);
        tick(1);

        assertThat(control.delivered(PortalTransferMessage.class)).as("stepping on again asks again")
                .extracting(PortalTransferMessage::transferId).containsExactly(1L, 2L);
    }

    @Test
    void grantForAStaleOrUnknownTransferIsIgnored() {
        RecordingPlayerConnection player = onThePortal(42);
        control.clear();

        runtime.portalGranted(new PortalGrantedMessage("start", 2, 42, "cellar", "ws://h:1/game", "t.m"));
        runtime.portalGranted(new PortalGrantedMessage("start", 1, 43, "cellar", "ws://h:1/game", "t.m"));
        runtime.portalRefused(new PortalRefusedMessage("start", 1, 42, "no"));
        runtime.portalGranted(new PortalGrantedMessage("start", 1, 42, "cellar", "ws://h:1/game", "t.m"));

        assertThat(player.transferredWith()).isNull();
        assertThat(control.delivered()).isEmpty();
        player.intents().offer(3, Direction.W);
        tick(2);
        assertThat(position(player.last(StateMessage.class), me(player))).as("still here, and moving")
                .isEqualTo(List.of(4, 1));
    }

    @Test
    void refusalForAStaleTransferIsIgnoredAndTheTransferStaysPending() {
        RecordingPlayerConnection player = onThePortal(42);

        runtime.portalRefused(new PortalRefusedMessage("start", 7, 42, "no"));
        player.intents().offer(3, Direction.W);
        tick(2);

        assertThat(player.sent(ErrorMessage.class)).isEmpty();
        assertThat(position(player.last(StateMessage.class), me(player))).isEqualTo(List.of(5, 1));
        runtime.portalGranted(new PortalGrantedMessage("start", 1, 42, "cellar", "ws://h:1/game", "t.m"));
        assertThat(player.transferredWith()).isNotNull();
    }

    @Test
    void portalWhileTheControlLinkIsDownAnswersWorldUnavailableAtOnce() {
        RecordingPlayerConnection player = joinPortalRoom(42);
        player.intents().offer(1, Direction.E);
        tick(1);
        control.connected(false);

        player.intents().offer(2, Direction.E);
        tick(1);

        ErrorMessage error = player.only(ErrorMessage.class);
        assertThat(error.code()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE.wireName());
        assertThat(error.message()).contains("director");
        assertThat(player.closedWith()).isNull();
        player.intents().offer(3, Direction.W);
        tick(2);
        assertThat(position(player.last(StateMessage.class), me(player))).as("not held as leaving")
                .isEqualTo(List.of(4, 1));
    }

    @Test
    void transfersAbandonedAfterAControlReconnectFreeThePlayerAndALateGrantIsIgnored() {
        RecordingPlayerConnection player = onThePortal(42);
        RecordingPlayerConnection bystander = player(43);
        runtime.admit(bystander, ticket(43), null);

        runtime.abandonTransfers();

        ErrorMessage error = player.only(ErrorMessage.class);
        assertThat(error.code()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE.wireName());
        assertThat(error.message()).contains("director");
        assertThat(bystander.sent(ErrorMessage.class)).as("not waiting for a transfer").isEmpty();
        runtime.portalGranted(new PortalGrantedMessage("start", 1, 42, "cellar", "ws://h:1/game", "t.m"));
        assertThat(player.transferredWith()).isNull();
        player.intents().offer(3, Direction.W);
        tick(2);
        assertThat(position(player.last(StateMessage.class), me(player))).isEqualTo(List.of(4, 1));
    }

    // ---- stage 3: membership ------------------------------------------------------------------------------------

    @Test
    void kickClosesWithReplacedReportsTheLeaveOnceAndFreesTheCell() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), null);
        control.clear();

        runtime.kick(42);
        runtime.leave(player);

        assertThat(player.closedWith()).isEqualTo(ErrorCode.REPLACED);
        assertThat(control.delivered()).containsExactly(new PlayerLeftMessage("start", 42));
        RecordingPlayerConnection other = player(43);
        runtime.admit(other, ticket(43), null);
        assertThat(other.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(4, 3, 0));
    }

    @Test
    void kickOfAnAccountNotHereDoesNothing() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), null);
        control.clear();

        runtime.kick(43);

        assertThat(control.delivered()).isEmpty();
        assertThat(player.closedWith()).isNull();
    }

    @Test
    void leaveReportsPlayerLeftToTheDirector() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), null);
        control.clear();

        runtime.leave(player);
        runtime.leave(player);

        assertThat(control.delivered()).containsExactly(new PlayerLeftMessage("start", 42));
    }

    @Test
    void admissionWithAnArrivalPlacesThePlayerThereWhateverItsSavedPosition() {
        runtime.hydrate(3, SnapshotCodec.encode(new WorldSnapshot(0, 1, List.of(new PlayerRecord(42, 6, 5, 0)))));
        control.clear();
        RecordingPlayerConnection player = player(42);

        runtime.admit(player, arrivalTicket(42, 1, 2, 0), "h");

        assertThat(player.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(1, 2, 0));
        assertThat(control.delivered()).containsExactly(new PlayerJoinedMessage("start", 42));
    }

    @Test
    void admissionWithAnArrivalOnATakenCellTakesTheNearestFreeOne() {
        RecordingPlayerConnection first = joinRoom(43);
        RecordingPlayerConnection arriving = player(42);

        runtime.admit(arriving, arrivalTicket(42, 3, 1, 0), null);

        // (3,1) is taken; ring 1 is searched from its top row: (2,0) is the first free cell.
        assertThat(arriving.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(2, 0, 0));
        assertThat(first.closedWith()).isNull();
    }

    @Test
    void admissionWithAnArrivalOffTheGridClosesWithWorldUnavailable() {
        runtime.hydrate(0, null);
        control.clear();
        RecordingPlayerConnection player = player(42);

        runtime.admit(player, arrivalTicket(42, 8, 0, 0), null);

        assertThat(player.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
        assertThat(player.sent()).isEmpty();
        assertThat(control.delivered()).isEmpty();
    }

    @Test
    void rosterListsTheAccountsOnlineAfterEveryHydration() {
        runtime.sendRoster();
        assertThat(control.delivered()).as("nothing before hydration").isEmpty();
        runtime.hydrate(0, null);
        RecordingPlayerConnection a = player(42);
        RecordingPlayerConnection b = player(43);
        runtime.admit(a, ticket(42), null);
        runtime.admit(b, ticket(43), null);
        runtime.admit(player(44), ticket(44), null);
        runtime.leave(b);
        control.clear();

        runtime.hydrate(0, null);
        runtime.sendRoster();

        PlayerRosterMessage online = new PlayerRosterMessage("start", List.of(42L, 44L));
        assertThat(control.delivered(PlayerRosterMessage.class)).containsExactly(online, online);
    }

    @Test
    void mapMessageNamesEveryPortalAndItsWorld() {
        RecordingPlayerConnection player = joinPortalRoom(42);

        MapMessage map = player.only(MapMessage.class);

        assertThat(map.portals()).containsExactly(new MapMessage.PortalInfo(1, "cellar"));
        assertThat(MapEncoding.decode(map.cells(), PORTAL_ROOM.size().cells())[PORTAL_ROOM.size().index(5, 1, 0)])
                .isEqualTo(Cells.portalFloor(1));
    }

    // ---- stage 5: binary state, load figures, the bench world -----------------------------------------------------

    @Test
    void aBinaryPlayerIsWelcomedWithTheBinaryEncodingAndAJsonOneWithJson() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection binary = player(42);
        RecordingPlayerConnection json = player(43);

        runtime.admit(binary, ticket(42), true, "b");
        runtime.admit(json, ticket(43), false, "j");

        assertThat(binary.sent().get(0)).isInstanceOf(WelcomeMessage.class);
        assertThat(binary.only(WelcomeMessage.class).encoding()).isEqualTo("binary");
        assertThat(binary.only(WelcomeMessage.class).ref()).isEqualTo("b");
        assertThat(binary.sent().get(1)).as("the map stays JSON").isInstanceOf(MapMessage.class);
        assertThat(json.only(WelcomeMessage.class).encoding()).isEqualTo("json");
    }

    @Test
    void aBinaryPlayerGetsStateOnlyAsBinaryFramesEverySecondTick() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(42);
        runtime.admit(player, ticket(42), true, null);
        player.intents().offer(7, Direction.W);
        StateTracker tracker = new StateTracker(8, 6);

        tick(1);
        assertThat(player.binaryFramesReceived()).isZero();
        tick(1);

        assertThat(player.sent(StateMessage.class)).isEmpty();
        assertThat(player.applyBinaryFrames(tracker)).isEqualTo(1);
        assertThat(tracker.state()).isEqualTo(new StateMessage(2, 7,
                List.of(new StateMessage.EntityState(me(player), 3, 3, 0, "player"))));
    }

    @Test
    void jsonAndBinaryPlayersInOneWorldEachGetTheirOwnCorrectFrames() {
        String[] args = {"--grid", "48x48x1", "--npcs", "40", "--view-radius", "8"};
        useRuntime(runtime(args));
        runtime.hydrate(0, null);
        RecordingPlayerConnection json = player(42);
        RecordingPlayerConnection binary = player(43);
        runtime.admit(json, ticket(42), false, null);
        runtime.admit(binary, ticket(43), true, null);
        // sim-core is deterministic: the same grid, seed and calls give the runtime's world exactly.
        World twin = World.create(Maps.load(config(args)), "start".hashCode());
        twin.addNpcs(40);
        assertThat(twin.spawnPlayer(42)).isEqualTo(me(json));
        assertThat(twin.spawnPlayer(43)).isEqualTo(me(binary));
        StateTracker tracker = new StateTracker(48, 48);
        Direction[] walk = {Direction.E, Direction.E, Direction.S, Direction.E, Direction.N, Direction.W};
        long seq = 0;

        for (int broadcast = 0; broadcast < 30; broadcast++) {
            for (int t = 0; t < 2; t++) {
                Direction step = walk[(int) (seq % walk.length)];
                seq++;
                binary.intents().offer(seq, step);
                json.intents().offer(seq, step.opposite());
                tick(1);
                twin.setIntent(me(binary), step);
                twin.setIntent(me(json), step.opposite());
                twin.step();
            }

            assertThat(json.last(StateMessage.class).entities())
                    .isEqualTo(inView(twin, twin.slotOf(me(json)), 8));
            assertThat(binary.applyBinaryFrames(tracker)).isEqualTo(1);
            assertThat(tracker.state()).isEqualTo(new StateMessage(twin.tick(), seq,
                    inRegionsOfView(twin, twin.slotOf(me(binary)), 8)));
        }
        assertThat(binary.sent(StateMessage.class)).isEmpty();
        assertThat(json.binaryFramesReceived()).isZero();
        assertThat(json.sent(StateMessage.class)).hasSize(30);
    }

    @Test
    void reportsLoadOncePerSecondOfTicksWithFramesBytesAndQueueSinceTheLastReport() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection json = player(42);
        RecordingPlayerConnection binary = player(43);
        runtime.admit(json, ticket(42), false, null);
        runtime.admit(binary, ticket(43), true, null);

        tick(19);
        assertThat(control.delivered(WorldLoadMessage.class)).isEmpty();
        for (int seq = 1; seq <= 5; seq++) {
            binary.intents().offer(seq, Direction.W);
        }
        // The JVM's own totals just before and after the report bound what it says: they only grow.
        System.gc();
        long gcCountBefore = gcCount();
        long gcMillisBefore = gcMillis();
        tick(1);
        long gcCountAfter = gcCount();
        long gcMillisAfter = gcMillis();

        WorldLoadMessage load = control.delivered(WorldLoadMessage.class).get(0);
        assertThat(load.worldId()).isEqualTo("start");
        assertThat(load.framesPerSecond()).as("10 broadcasts to 2 players").isEqualTo(20);
        assertThat(load.bytesPerClientPerSecond()).isPositive();
        assertThat(load.queueDepth()).as("one of five intents went to the tick").isEqualTo(4);
        assertThat(load.broadcastP50()).as("ten broadcasts took time").isPositive();
        assertThat(load.broadcastP99()).isGreaterThanOrEqualTo(load.broadcastP50());
        assertThat(load.gcCount()).as("collections since the JVM started, one asked for above")
                .isPositive().isBetween(gcCountBefore, gcCountAfter);
        assertThat(load.gcPauseSecondsTotal()).isBetween(gcMillisBefore / 1000.0, gcMillisAfter / 1000.0);
        assertThat(load.cpuSecondsTotal()).isPositive();
        assertThat(load.rssBytes()).isPositive();

        runtime.leave(json);
        tick(20);

        List<WorldLoadMessage> loads = control.delivered(WorldLoadMessage.class);
        assertThat(loads).hasSize(2);
        assertThat(loads.get(1).framesPerSecond()).as("counted since the last report").isEqualTo(10);
        assertThat(loads.get(1).queueDepth()).isZero();
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(c -> Math.max(0, c.getCollectionCount())).sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(c -> Math.max(0, c.getCollectionTime())).sum();
    }

    @Test
    void reportsZeroBytesPerClientWithoutPlayers() {
        runtime.hydrate(0, null);

        tick(20);

        WorldLoadMessage load = control.delivered(WorldLoadMessage.class).get(0);
        assertThat(load.bytesPerClientPerSecond()).isZero();
        assertThat(load.framesPerSecond()).isZero();
    }

    @Test
    void aBenchWorldPlacesPlayersByTheBenchmarksHashedRule() {
        useRuntime(runtime("--map", "bench", "--spawn", "hashed"));
        runtime.hydrate(0, null);
        RecordingPlayerConnection first = player(42);
        RecordingPlayerConnection second = player(43);

        runtime.admit(first, ticket(42), true, null);
        runtime.admit(second, ticket(43), true, null);

        // shared/bench/colyseus/world.js spawnCell for j = 0 and 1: cells 46134 and 50232 of the 256-wide grid.
        assertThat(first.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(54, 180, 0));
        assertThat(second.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(56, 196, 0));
        assertThat(first.only(WelcomeMessage.class).grid()).isEqualTo(new WelcomeMessage.GridSize(256, 256, 1));
    }

    @Test
    void theHashedRuleSurvivesAHydrationFromState() {
        useRuntime(runtime("--map", "bench", "--spawn", "hashed"));
        runtime.hydrate(4, SnapshotCodec.encode(new WorldSnapshot(100, 5, List.of(new PlayerRecord(7, 100, 100, 0)))));
        RecordingPlayerConnection saved = player(7);
        RecordingPlayerConnection fresh = player(8);

        runtime.admit(saved, ticket(7), false, null);
        runtime.admit(fresh, ticket(8), false, null);

        assertThat(saved.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(100, 100, 0));
        assertThat(fresh.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(54, 180, 0));
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    private RecordingPlayerConnection joinRoom(long accountId) {
        useRuntime(new WorldRuntime(config(), ROOM, control, outbox(), fatal::add));
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(accountId);
        runtime.admit(player, ticket(accountId), null);
        assertThat(player.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(3, 1, 0));
        return player;
    }

    /** A player of the portal room, having walked E, E from the spawn onto the portal (transfer 1 pending). */
    private RecordingPlayerConnection onThePortal(long accountId) {
        RecordingPlayerConnection player = joinPortalRoom(accountId);
        player.intents().offer(1, Direction.E);
        player.intents().offer(2, Direction.E);
        tick(2);
        assertThat(position(player.last(StateMessage.class), me(player))).isEqualTo(List.of(5, 1));
        assertThat(control.delivered(PortalTransferMessage.class)).hasSize(1);
        return player;
    }

    private RecordingPlayerConnection joinPortalRoom(long accountId) {
        useRuntime(new WorldRuntime(config(), PORTAL_ROOM, control, outbox(), fatal::add));
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = player(accountId);
        runtime.admit(player, ticket(accountId), null);
        assertThat(player.only(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(3, 1, 0));
        return player;
    }

    private static int me(RecordingPlayerConnection player) {
        return player.only(WelcomeMessage.class).entityId();
    }

    private static List<Integer> position(StateMessage state, int entityId) {
        return state.entities().stream().filter(e -> e.id() == entityId).map(e -> List.of(e.x(), e.y()))
                .findFirst().orElseThrow(() -> new AssertionError("entity " + entityId + " not in " + state));
    }

    /** Every live entity within Chebyshev distance {@code radius} of the slot's entity, by brute force. */
    private static List<StateMessage.EntityState> inView(World world, int slot, int radius) {
        List<StateMessage.EntityState> view = new ArrayList<>();
        for (int s = 0; s < world.slotCount(); s++) {
            if (world.isLive(s) && world.layerAt(s) == world.layerAt(slot)
                    && Math.abs(world.xAt(s) - world.xAt(slot)) <= radius
                    && Math.abs(world.yAt(s) - world.yAt(slot)) <= radius) {
                view.add(new StateMessage.EntityState(world.idAt(s), world.xAt(s), world.yAt(s), world.layerAt(s),
                        world.kindAt(s) == EntityKind.PLAYER ? "player" : "npc"));
            }
        }
        return view;
    }

    /** Every live entity in a region (8 × 8) that intersects the view square of the slot's entity, by brute force. */
    private static List<StateMessage.EntityState> inRegionsOfView(World world, int slot, int radius) {
        int width = world.grid().width();
        int height = world.grid().height();
        int rx0 = Math.max(0, world.xAt(slot) - radius) / 8;
        int rx1 = Math.min(width - 1, world.xAt(slot) + radius) / 8;
        int ry0 = Math.max(0, world.yAt(slot) - radius) / 8;
        int ry1 = Math.min(height - 1, world.yAt(slot) + radius) / 8;
        List<StateMessage.EntityState> view = new ArrayList<>();
        for (int s = 0; s < world.slotCount(); s++) {
            if (world.isLive(s) && world.layerAt(s) == world.layerAt(slot)
                    && world.xAt(s) / 8 >= rx0 && world.xAt(s) / 8 <= rx1
                    && world.yAt(s) / 8 >= ry0 && world.yAt(s) / 8 <= ry1) {
                view.add(new StateMessage.EntityState(world.idAt(s), world.xAt(s), world.yAt(s), world.layerAt(s),
                        world.kindAt(s) == EntityKind.PLAYER ? "player" : "npc"));
            }
        }
        return view;
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

    private WorldSnapshotMessage onlySnapshot() {
        List<WorldSnapshotMessage> snapshots = control.delivered(WorldSnapshotMessage.class);
        assertThat(snapshots).hasSize(1);
        return snapshots.get(0);
    }

    private WorldRuntime runtime(String... options) {
        WorldConfig config = config(options);
        return new WorldRuntime(config, Maps.load(config), control, outbox(), fatal::add);
    }

    private SnapshotOutbox outbox() {
        return new SnapshotOutbox("start", control, Runnable::run);
    }

    private static WorldConfig config(String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                "ws://127.0.0.1:1/control", "--snapshot-interval-ms", "1000"));
        args.addAll(List.of(options));
        return WorldConfig.parse(args.toArray(String[]::new), ENV);
    }

    private static Ticket ticket(long accountId) {
        return new Ticket(accountId, "start", Long.MAX_VALUE, "nonce" + accountId);
    }

    private static Ticket arrivalTicket(long accountId, int x, int y, int layer) {
        return new Ticket(accountId, "start", Long.MAX_VALUE, "nonce" + accountId, new Ticket.Arrival(x, y, layer));
    }
}
