package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

import io.netty.channel.EventLoopGroup;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A game endpoint given a range of ports binds a free one of them, or says that all are taken. */
class GameServerPortsIT {

    private final GameTransport transport = GameTransport.configured();
    private final EventLoopGroup boss = transport.eventLoops("test-boss", 1);
    private final EventLoopGroup workers = transport.eventLoops("test-io", 1);
    private final List<ServerSocket> taken = new ArrayList<>();
    private final List<GameServer> servers = new ArrayList<>();

    @AfterEach
    void close() throws IOException {
        servers.forEach(GameServer::stopAccepting);
        for (ServerSocket socket : taken) {
            socket.close();
        }
        boss.shutdownGracefully();
        workers.shutdownGracefully();
    }

    @Test
    void bindsTheFreePortOfARangeWhoseOtherPortsAreTaken() throws Exception {
        PortRange range = takenRangeWithOneFree(4);

        GameServer server = bind(range);

        assertThat(range.contains(server.port())).isTrue();
        assertThat(taken).extracting(ServerSocket::getLocalPort).doesNotContain(server.port());
    }

    @Test
    void aRangeWithEveryPortTakenIsAClearError() throws Exception {
        PortRange range = takenRangeWithOneFree(3);
        servers.add(bind(range));

        assertThatThrownBy(() -> bind(range))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("every game port of " + range + " on 127.0.0.1 is taken");
    }

    private GameServer bind(PortRange range) throws InterruptedException {
        GameServer server = GameServer.bind("127.0.0.1", range,
                new GameChannelInitializer(() -> null, NetworkGuards.defaults(), KeepAlive.DEFAULTS), transport, boss,
                workers);
        servers.add(server);
        return server;
    }

    /**
     * {@code size} consecutive ports of which all but the last are held by this test: found by taking a free port
     * and the ones after it, starting over where one is in use by someone else.
     */
    private PortRange takenRangeWithOneFree(int size) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int first;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                first = probe.getLocalPort();
            }
            if (first + size > 65535) {
                continue;
            }
            List<ServerSocket> held = new ArrayList<>();
            try {
                for (int port = first; port < first + size; port++) {
                    held.add(new ServerSocket(port, 1, InetAddress.getLoopbackAddress()));
                }
                ServerSocket free = held.remove(held.size() - 1);
                free.close();
                taken.addAll(held);
                return new PortRange(first, first + size - 1);
            } catch (IOException inUse) {
                for (ServerSocket socket : held) {
                    socket.close();
                }
            }
        }
        throw new IllegalStateException("no run of free ports found");
    }
}
