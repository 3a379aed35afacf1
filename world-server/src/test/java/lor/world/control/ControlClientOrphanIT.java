package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import lor.protocol.netty.EventLoops;
import lor.world.control.StandInDirector.Answer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A world that no director takes (back) gives up after the orphan limit, having tried until then. */
class ControlClientOrphanIT {

    private static final long LIMIT_MILLIS = 1_000;

    private final EventLoopGroup group = EventLoops.create("control-test", 1);
    private final EventLoopGroup directorLoops = EventLoops.create("stand-in-directors", 1);
    private final RecordingControlListener listener = new RecordingControlListener();
    private ControlClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        directorLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    @Test
    void aWorldWhoseDirectorsAreAllDownIsOrphanedOnceTheLimitHasPassed() throws Exception {
        client = new ControlClient("token", List.of(closedPortUrl(), closedPortUrl()), 1 << 20, () -> 1, group,
                LIMIT_MILLIS, new Random(3));
        long start = System.nanoTime();

        client.becomeWorld("start", listener);

        await().atMost(Duration.ofSeconds(10)).until(() -> listener.events.contains("orphaned"));
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .as("not before the limit").isGreaterThanOrEqualTo(LIMIT_MILLIS);
        assertThat(listener.events).containsExactly("orphaned");
    }

    @Test
    void aDirectorThatHoldsTheConnectionWithoutAnsweringDoesNotKeepTheWorldPastTheLimit() throws Exception {
        try (StandInDirector silent = new StandInDirector(directorLoops, Answer.SILENT)) {
            client = new ControlClient("token", List.of(silent.controlUrl()), 1 << 20, () -> 1, group, LIMIT_MILLIS,
                    new Random(3));
            long start = System.nanoTime();

            client.becomeWorld("start", listener);

            await().atMost(Duration.ofSeconds(5)).until(() -> listener.events.contains("orphaned"));
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                    .as("not before the limit").isGreaterThanOrEqualTo(LIMIT_MILLIS);
            assertThat(silent.registrations()).isEqualTo(1);
        }
    }

    private static URI closedPortUrl() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return URI.create("ws://127.0.0.1:" + socket.getLocalPort() + "/control");
        }
    }
}
