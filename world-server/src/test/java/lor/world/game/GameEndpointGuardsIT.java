package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import lor.protocol.Limits;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.testing.RawWebSocket;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The game port's guards over real sockets on 127.0.0.1: the handshake deadline, the allowed origins, connections per
 * address, and the frame budget against floods of every kind. The world behind it admits everyone and does nothing.
 */
class GameEndpointGuardsIT {

    private static final String OWN_ORIGIN = "http://127.0.0.1:8080";
    private static final String SECRET = Secrets.random256();
    private static final Duration FLOOD_CLOSE = Duration.ofSeconds(2);

    private final GameTransport transport = GameTransport.configured();
    private final EventLoopGroup boss = transport.eventLoops("test-accept", 1);
    private final EventLoopGroup workers = transport.eventLoops("test-io", 2);
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private GameServer server;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : toClose) {
            closeable.close();
        }
        if (server != null) {
            server.stopAccepting();
        }
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
    }

    private int start(int maxPerAddress, int newPerSecond, long handshakeTimeoutMs) throws InterruptedException {
        NetworkGuards guards = new NetworkGuards(maxPerAddress, newPerSecond, handshakeTimeoutMs, List.of(OWN_ORIGIN));
        GameAdmission everyone = new GameAdmission() {
            @Override
            public boolean admit(PlayerConnection connection, Ticket ticket, boolean binary, boolean names,
                                 Object ref) {
                return true;
            }

            @Override
            public void leave(PlayerConnection connection, boolean clean) {
            }
        };
        GameEntry entry = new GameEntry(new TicketGate(TicketSigner.fromEncodedSecret(SECRET), "start",
                System::currentTimeMillis), everyone, 20);
        server = GameServer.bind("127.0.0.1", 0, new GameChannelInitializer(() -> entry, guards, KeepAlive.DEFAULTS),
                transport, boss, workers);
        return server.port();
    }

    private RawWebSocket open(int port, String origin) throws IOException {
        RawWebSocket socket = RawWebSocket.open(port, GameChannelInitializer.PATH, origin);
        toClose.add(socket);
        return socket;
    }

    private static String hello(long accountId) {
        String ticket = TicketSigner.fromEncodedSecret(SECRET).sign(new Ticket(accountId, "start",
                System.currentTimeMillis() + 30_000, "nonce" + accountId));
        return "{\"type\":\"hello\",\"ticket\":\"" + ticket + "\"}";
    }

    // ---- handshake deadline ---------------------------------------------------------------------------------------

    @Test
    void socketsTricklingHeadersAreCutAtTheHandshakeTimeoutWhileARealClientUpgrades() throws Exception {
        int port = start(0, 0, 600);
        List<Socket> trickling = new ArrayList<>();
        long connected = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            Socket socket = new Socket("127.0.0.1", port);
            toClose.add(socket);
            socket.getOutputStream().write("GET /game HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".getBytes(
                    StandardCharsets.US_ASCII));
            trickling.add(socket);
        }

        RawWebSocket real = open(port, null);
        assertThat(real.status()).as("a real client upgrades meanwhile").isEqualTo(101);

        List<Long> closedAfterMs = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50)).until(() -> {
            for (Socket socket : trickling) {
                if (!socket.isClosed() && closedByServer(socket)) {
                    closedAfterMs.add((System.nanoTime() - connected) / 1_000_000);
                    socket.close();
                }
            }
            return closedAfterMs.size() == trickling.size();
        });
        assertThat(closedAfterMs).as("closed by the deadline, not before it").allSatisfy(ms ->
                assertThat(ms).isGreaterThanOrEqualTo(500));
        assertThat(real.isClosedByServer(Duration.ofMillis(200))).as("the upgraded client stays").isFalse();
    }

    /** Writes one more header byte and reads: true once the server has closed the connection. */
    private static boolean closedByServer(Socket socket) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write('x');
            socket.setSoTimeout(5);
            InputStream in = socket.getInputStream();
            return in.read() < 0;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    // ---- origins --------------------------------------------------------------------------------------------------

    @Test
    void aForeignOriginIsRefusedWith403AndTheOwnOriginOrNoneUpgrade() throws Exception {
        int port = start(0, 0, 10_000);

        RawWebSocket foreign = open(port, "http://evil.example");
        assertThat(foreign.status()).isEqualTo(403);
        assertThat(foreign.isClosedByServer(Duration.ofSeconds(5))).isTrue();

        assertThat(open(port, OWN_ORIGIN).status()).isEqualTo(101);
        assertThat(open(port, null).status()).as("no Origin: not a browser").isEqualTo(101);
    }

    // ---- connections per address ----------------------------------------------------------------------------------

    @Test
    void aConnectionOverTheConcurrentCapIsClosedAtOnceAndAdmittedOnceAnotherCloses() throws Exception {
        int port = start(3, 0, 10_000);
        List<RawWebSocket> open = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            RawWebSocket socket = open(port, null);
            assertThat(socket.status()).isEqualTo(101);
            open.add(socket);
        }

        assertThat(refused(port)).as("the fourth connection").isTrue();

        open.get(0).close();
        await().atMost(Duration.ofSeconds(10)).until(() -> !refused(port));
    }

    @Test
    void newConnectionsOverTheRateAreClosedAtOnce() throws Exception {
        int port = start(0, 5, 10_000);
        int admitted = 0;
        for (int i = 0; i < 30; i++) {
            if (!refused(port)) {
                admitted++;
            }
        }
        // A burst of twice the rate, and what refilled while the loop ran (about a tenth of a second; two seconds
        // would be a very slow machine).
        assertThat(admitted).isBetween(10, 20);
    }

    /** Whether a connection to the port is closed before it can upgrade. */
    private boolean refused(int port) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(5_000);
            socket.getOutputStream().write(("GET /game HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return socket.getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            throw new AssertionError("neither answered nor closed", e);
        } catch (IOException e) {
            return true;
        }
    }

    // ---- floods ---------------------------------------------------------------------------------------------------

    @Test
    void aFloodOfUnknownTypesIsClosedWith1008() throws Exception {
        RawWebSocket socket = open(start(0, 0, 10_000), null);
        socket.flood(RawWebSocket.TEXT, "{\"type\":\"nonsense\"}".getBytes(StandardCharsets.UTF_8), 300);
        assertThat(socket.awaitClose(FLOOD_CLOSE)).isEqualTo(Limits.CLOSE_POLICY);
    }

    @Test
    void aFloodOfBadJsonIsClosedWith1008() throws Exception {
        RawWebSocket socket = open(start(0, 0, 10_000), null);
        socket.flood(RawWebSocket.TEXT, "{not json".getBytes(StandardCharsets.UTF_8), 300);
        assertThat(socket.awaitClose(FLOOD_CLOSE)).isEqualTo(Limits.CLOSE_POLICY);
    }

    @Test
    void aFloodOfBinaryFramesIsClosedWith1008() throws Exception {
        RawWebSocket socket = open(start(0, 0, 10_000), null);
        socket.flood(RawWebSocket.BINARY, new byte[] {1, 2, 3, 4}, 300);
        assertThat(socket.awaitClose(FLOOD_CLOSE)).isEqualTo(Limits.CLOSE_POLICY);
    }

    @Test
    void aFloodOfPingsIsClosedWith1008() throws Exception {
        RawWebSocket socket = open(start(0, 0, 10_000), null);
        socket.flood(RawWebSocket.PING, new byte[0], 300);
        assertThat(socket.awaitClose(FLOOD_CLOSE)).isEqualTo(Limits.CLOSE_POLICY);
    }

    @Test
    void aFloodOfHellosAfterAnAcceptedOneIsClosedWith1008() throws Exception {
        RawWebSocket socket = open(start(0, 0, 10_000), null);
        socket.sendText(hello(7));
        socket.flood(RawWebSocket.TEXT, hello(8).getBytes(StandardCharsets.UTF_8), 300);
        assertThat(socket.awaitClose(FLOOD_CLOSE)).isEqualTo(Limits.CLOSE_POLICY);
    }

    @Test
    void aClientWithinTheBudgetIsNotClosed() throws Exception {
        RawWebSocket socket = open(start(0, 0, 10_000), null);
        socket.sendText(hello(9));
        socket.flood(RawWebSocket.TEXT, "{\"type\":\"nonsense\"}".getBytes(StandardCharsets.UTF_8), 90);
        assertThat(socket.isClosedByServer(Duration.ofMillis(500))).isFalse();
    }
}
