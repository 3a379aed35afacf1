package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.ErrorCode;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.game.WelcomeMessage;
import lor.protocol.ticket.Ticket;
import lor.sim.world.PlayerRecord;
import lor.sim.world.WorldSnapshot;
import lor.world.control.CapturingControlLink;
import lor.world.game.RecordingPlayerConnection;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotCodec;
import lor.world.snapshot.SnapshotOutbox;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** The tick thread's view of the world, driven by hand: every call here is what the tick thread would make. */
class WorldRuntimeTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, "ticket-secret");

    private final CapturingControlLink control = new CapturingControlLink(true);
    private final List<String> fatal = new ArrayList<>();
    private final WorldRuntime runtime = runtime("8x6x1");
    private final WorldLoop loop = new WorldLoop("start", 16, runtime);

    @Test
    void freshHydrationReportsReadyAtSeqZero() {
        runtime.hydrate(0, null);

        assertThat(control.delivered()).containsExactly(new WorldReadyMessage("start", 0));
    }

    @Test
    void hydrationFromStateRestoresSavedPositionsClockAndIds() {
        runtime.hydrate(7, SnapshotCodec.encode(new WorldSnapshot(500, 9, List.of(new PlayerRecord(42, 1, 2, 0)))));
        RecordingPlayerConnection player = new RecordingPlayerConnection(42);

        runtime.admit(player, ticket(42), null);

        assertThat(control.delivered()).containsExactly(new WorldReadyMessage("start", 7));
        WelcomeMessage welcome = player.onlySent(WelcomeMessage.class);
        assertThat(welcome.you()).isEqualTo(new WelcomeMessage.Position(1, 2, 0));
        assertThat(welcome.tick()).isEqualTo(500);
        assertThat(welcome.entityId()).isEqualTo(9);
    }

    @Test
    void secondHydrationOnlyRepeatsReady() {
        runtime.hydrate(0, null);
        runtime.hydrate(5, SnapshotCodec.encode(new WorldSnapshot(500, 9, List.of(new PlayerRecord(42, 1, 2, 0)))));
        RecordingPlayerConnection player = new RecordingPlayerConnection(42);

        runtime.admit(player, ticket(42), null);

        assertThat(control.delivered(WorldReadyMessage.class)).extracting(WorldReadyMessage::hydratedSeq)
                .containsExactly(0L, 0L);
        assertThat(player.onlySent(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(4, 3, 0));
    }

    @Test
    void corruptHydrationStateIsFatalAndNeverReady() {
        runtime.hydrate(3, JsonNodeFactory.instance.objectNode().put("format", 99));
        RecordingPlayerConnection player = new RecordingPlayerConnection(42);
        runtime.admit(player, ticket(42), null);

        assertThat(fatal).hasSize(1);
        assertThat(control.delivered()).isEmpty();
        assertThat(player.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
    }

    @Test
    void admissionBeforeHydrationClosesWithWorldUnavailable() {
        RecordingPlayerConnection player = new RecordingPlayerConnection(42);

        runtime.admit(player, ticket(42), "r");

        assertThat(player.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
        assertThat(player.sent()).isEmpty();
    }

    @Test
    void admissionWelcomesThePlayerWithTheWorldsRatesGridAndPosition() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = new RecordingPlayerConnection(42);

        runtime.admit(player, ticket(42), "hello-1");

        assertThat(player.onlySent(WelcomeMessage.class)).isEqualTo(new WelcomeMessage(1, 0, 20, 10,
                new WelcomeMessage.GridSize(8, 6, 1), new WelcomeMessage.Position(4, 3, 0), "hello-1"));
        assertThat(player.closedWith()).isNull();
    }

    @Test
    void sameAccountOnASecondConnectionReplacesTheFirstAndKeepsItsEntity() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection first = new RecordingPlayerConnection(42);
        RecordingPlayerConnection second = new RecordingPlayerConnection(42);
        runtime.admit(first, ticket(42), null);

        runtime.admit(second, ticket(42), null);

        assertThat(first.closedWith()).isEqualTo(ErrorCode.REPLACED);
        assertThat(second.closedWith()).isNull();
        assertThat(second.onlySent(WelcomeMessage.class).entityId())
                .isEqualTo(first.onlySent(WelcomeMessage.class).entityId());
    }

    @Test
    void leaveOfAReplacedConnectionKeepsThePlayerInTheWorld() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection first = new RecordingPlayerConnection(42);
        runtime.admit(first, ticket(42), null);
        runtime.admit(new RecordingPlayerConnection(42), ticket(42), null);

        runtime.leave(first);

        // Were 42 gone, 43 would take the centre it stood on.
        RecordingPlayerConnection other = new RecordingPlayerConnection(43);
        runtime.admit(other, ticket(43), null);
        assertThat(other.onlySent(WelcomeMessage.class).you()).isNotEqualTo(new WelcomeMessage.Position(4, 3, 0));
    }

    @Test
    void leaveTakesThePlayerOutOfTheWorld() {
        runtime.hydrate(0, null);
        RecordingPlayerConnection player = new RecordingPlayerConnection(42);
        runtime.admit(player, ticket(42), null);

        runtime.leave(player);

        RecordingPlayerConnection other = new RecordingPlayerConnection(43);
        runtime.admit(other, ticket(43), null);
        assertThat(other.onlySent(WelcomeMessage.class).you()).isEqualTo(new WelcomeMessage.Position(4, 3, 0));
    }

    @Test
    void fullWorldClosesWithWorldUnavailable() {
        WorldRuntime single = runtime("1x1x1");
        single.hydrate(0, null);
        single.admit(new RecordingPlayerConnection(42), ticket(42), null);
        RecordingPlayerConnection late = new RecordingPlayerConnection(43);

        single.admit(late, ticket(43), null);

        assertThat(late.closedWith()).isEqualTo(ErrorCode.WORLD_UNAVAILABLE);
        assertThat(late.sent()).isEmpty();
    }

    @Test
    void shutdownClosesPlayersAndPublishesAFinalSnapshotOfWhereTheyStood() {
        runtime.hydrate(7, null);
        RecordingPlayerConnection a = new RecordingPlayerConnection(42);
        RecordingPlayerConnection b = new RecordingPlayerConnection(43);
        runtime.admit(a, ticket(42), null);
        runtime.admit(b, ticket(43), null);
        WelcomeMessage.Position posA = a.onlySent(WelcomeMessage.class).you();
        WelcomeMessage.Position posB = b.onlySent(WelcomeMessage.class).you();

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
    }

    @Test
    void noAdmissionAfterShutdown() {
        runtime.hydrate(0, null);
        runtime.closeForShutdown();
        RecordingPlayerConnection late = new RecordingPlayerConnection(42);

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
        runtime.admit(new RecordingPlayerConnection(42), ticket(42), null);
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
        runtime.admit(new RecordingPlayerConnection(42), ticket(42), null);
        runtime.admit(new RecordingPlayerConnection(43), ticket(43), null);

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
        RecordingPlayerConnection player = new RecordingPlayerConnection(42);
        runtime.admit(player, ticket(42), null);

        assertThat(control.delivered()).containsExactly(new WorldReadyMessage("start", 0));
        assertThat(player.onlySent(WelcomeMessage.class).tick()).isZero();
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

    private WorldRuntime runtime(String grid) {
        WorldConfig config = WorldConfig.parse(new String[] {"--world-id", "start", "--control-url",
                "ws://127.0.0.1:1/control", "--grid", grid, "--snapshot-interval-ms", "1000"}, ENV);
        return new WorldRuntime(config, control, new SnapshotOutbox("start", control, Runnable::run), fatal::add);
    }

    private static Ticket ticket(long accountId) {
        return new Ticket(accountId, "start", Long.MAX_VALUE, "nonce" + accountId);
    }
}
