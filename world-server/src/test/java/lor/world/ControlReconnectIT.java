package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.control.WorldShutdownMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.ticket.Secrets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A real world server (in this JVM: its game endpoint, tick thread and control client) against a director whose
 * side of the control channel the test plays. It shows the world's half of the persistence contract: it keeps
 * its newest unacknowledged snapshot, reconnects after losing the director, registers again, resends that
 * snapshot, and on shutdown waits for the final snapshot's ack before it says {@code shutdown_ack}.
 */
class ControlReconnectIT {

    private static final Duration STEP = Duration.ofSeconds(10);
    private static final String SPAWN_TOKEN = "spawn-token-for-this-test";

    private ScriptedDirector director;
    private WorldServer world;

    @AfterEach
    void stop() throws Exception {
        if (world != null) {
            world.shutdown("test over").get(30, TimeUnit.SECONDS);
        }
        if (director != null) {
            director.close();
        }
    }

    @Test
    void resendsTheUnacknowledgedSnapshotAfterReconnectingAndWaitsForTheFinalAck() throws Exception {
        director = new ScriptedDirector();
        world = WorldServer.start(WorldConfig.parse(new String[] {
            "--world-id", "start", "--control-url", director.controlUrl().toString(),
            "--snapshot-interval-ms", "200", "--shutdown-ack-timeout-ms", "20000"},
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, SPAWN_TOKEN, WorldConfig.ENV_TICKET_SECRET, Secrets.random256())));

        ScriptedDirector.Received register = director.next(WorldRegisterMessage.class, STEP);
        assertThat(((WorldRegisterMessage) register.message()).spawnToken()).isEqualTo(SPAWN_TOKEN);
        director.send(register.connection(), new WorldHydrateMessage("start", 41, null));
        WorldReadyMessage ready = (WorldReadyMessage) director.next(WorldReadyMessage.class, STEP).message();
        assertThat(ready.hydratedSeq()).isEqualTo(41);

        // The first periodic snapshot continues the hydrated seq; the director drops the connection unacked.
        ScriptedDirector.Received first = director.next(WorldSnapshotMessage.class, STEP);
        WorldSnapshotMessage unacked = (WorldSnapshotMessage) first.message();
        assertThat(unacked.seq()).isEqualTo(42);
        assertThat(unacked.last()).isFalse();
        first.connection().close().sync();

        ScriptedDirector.Received again = director.next(WorldRegisterMessage.class, STEP);
        assertThat(again.connection()).isNotSameAs(first.connection());
        director.send(again.connection(), new WorldResumedMessage("start"));
        WorldSnapshotMessage resent = (WorldSnapshotMessage) director.next(WorldSnapshotMessage.class, STEP)
                .message();
        assertThat(resent.seq()).as("the newest unacknowledged snapshot is sent again").isGreaterThanOrEqualTo(42);
        director.send(again.connection(), new SnapshotAckMessage("start", resent.seq()));

        director.send(again.connection(), new WorldShutdownMessage("start", "test"));
        WorldSnapshotMessage last = nextLastSnapshot();
        assertThat(last.seq()).isGreaterThan(resent.seq());
        assertThat(world.exitStatus()).as("no exit before the final ack").isNotDone();
        director.send(again.connection(), new SnapshotAckMessage("start", last.seq()));

        ShutdownAckMessage done = (ShutdownAckMessage) director.next(ShutdownAckMessage.class, STEP).message();
        assertThat(done.lastSeq()).isEqualTo(last.seq());
        assertThat(world.exitStatus().get(10, TimeUnit.SECONDS)).isZero();
        world = null;
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
}
