package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import lor.protocol.netty.EventLoops;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A world that no director takes (back) gives up after the orphan limit, having tried until then. */
class ControlClientOrphanTest {

    private final EventLoopGroup group = EventLoops.create("control-test", 1);

    @AfterEach
    void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    @Test
    void aWorldWhoseDirectorNeverAnswersIsOrphanedOnceTheLimitHasPassed() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        RecordingControlListener listener = new RecordingControlListener();
        ControlClient client = new ControlClient("token", URI.create("ws://127.0.0.1:" + closedPort + "/control"),
                1 << 20, () -> 1, group, 1_000);
        long start = System.nanoTime();

        client.becomeWorld("start", listener);

        await().atMost(Duration.ofSeconds(20)).until(() -> listener.events.contains("orphaned"));
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .as("not before the limit").isGreaterThanOrEqualTo(1_000);
    }
}
