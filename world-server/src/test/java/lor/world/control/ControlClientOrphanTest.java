package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import lor.protocol.ErrorMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.WorldHydrateMessage;
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
    void aWorldWhoseDirectorNeverAnswersIsOrphanedAfterTheLimitAndStopsReconnecting() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        Orphaning listener = new Orphaning();
        ControlClient client = new ControlClient("token", URI.create("ws://127.0.0.1:" + closedPort + "/control"),
                1 << 20, () -> 1, group, 1_000);
        long start = System.nanoTime();

        client.becomeWorld("start", listener);

        listener.orphaned.get(20, TimeUnit.SECONDS);
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                .as("not before the limit").isGreaterThanOrEqualTo(1_000);
    }

    private static final class Orphaning implements ControlListener {

        final CompletableFuture<Void> orphaned = new CompletableFuture<>();

        @Override
        public void onOrphaned() {
            orphaned.complete(null);
        }

        @Override
        public void onHydrate(WorldHydrateMessage hydrate) {
        }

        @Override
        public void onResumed() {
        }

        @Override
        public void onSnapshotAck(long seq) {
        }

        @Override
        public void onWritable() {
        }

        @Override
        public void onShutdownRequested(String reason) {
        }

        @Override
        public void onPortalGranted(PortalGrantedMessage granted) {
        }

        @Override
        public void onPortalRefused(PortalRefusedMessage refused) {
        }

        @Override
        public void onPlayerKick(PlayerKickMessage kick) {
        }

        @Override
        public void onRefused(ErrorMessage error) {
        }
    }
}
