package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldShutdownMessage;
import lor.protocol.netty.EventLoops;
import lor.world.control.ControlClient;
import lor.world.control.RecordingControlListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A world acts only on what the director addresses to it: a hydration, snapshot ack, kick or shutdown naming
 * another world is logged and ignored, over a real control connection to a director the test plays.
 */
class ControlAddressingIT {

    private static final Duration STEP = Duration.ofSeconds(10);

    private final EventLoopGroup group = EventLoops.create("control-addressing", 1);
    private final RecordingControlListener listener = new RecordingControlListener();
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    /** The control package's log: its sessions' handlers report what they ignore. */
    private final Logger controlLog = (Logger) LoggerFactory.getLogger(ControlClient.class.getPackageName());
    private ScriptedDirector director;
    private ControlClient client;

    @AfterEach
    void stop() {
        controlLog.detachAppender(logs);
        if (client != null) {
            client.close();
        }
        if (director != null) {
            director.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void ignoresAndLogsAcksAndCommandsAddressedToAnotherWorld() throws Exception {
        logs.start();
        controlLog.addAppender(logs);
        director = new ScriptedDirector();
        client = new ControlClient("spawn-token-of-start", List.of(director.controlUrl()), 1 << 20, () -> 4000,
                group);
        client.connectAhead();
        client.becomeWorld("start", listener);
        Channel connection = director.next(WorldRegisterMessage.class, STEP).connection();

        director.send(connection, new WorldHydrateMessage("cellar", 5, null));
        director.send(connection, new SnapshotAckMessage("cellar", 7));
        director.send(connection, new PlayerKickMessage("cellar", 42, "replaced"));
        director.send(connection, new WorldShutdownMessage("cellar", "not yours"));
        // The same messages for this world, after them on the same connection: once these arrive, those were read.
        director.send(connection, new WorldHydrateMessage("start", 3, null));
        director.send(connection, new SnapshotAckMessage("start", 8));
        director.send(connection, new PlayerKickMessage("start", 43, "replaced"));
        director.send(connection, new WorldShutdownMessage("start", "yours"));

        await().atMost(STEP).until(() -> listener.events.contains("shutdown yours"));
        assertThat(listener.events).containsExactly("hydrate start 3", "ack 8", "kick 43", "shutdown yours");
        assertThat(logs.list).map(ILoggingEvent::getFormattedMessage)
                .contains("ignored world_hydrate addressed to world cellar: this process is world start",
                        "ignored snapshot_ack addressed to world cellar: this process is world start",
                        "ignored player_kick addressed to world cellar: this process is world start",
                        "ignored world_shutdown addressed to world cellar: this process is world start");
    }
}
