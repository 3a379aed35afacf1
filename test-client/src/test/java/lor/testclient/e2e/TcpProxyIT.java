package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link TcpProxy} between two sockets of the test's own, so that both ends of every connection can be watched: what
 * a partition must look like is silence on both, never a close.
 */
class TcpProxyIT {

    /** How long an end must hear nothing for the silence to count: long beside a loopback round trip. */
    private static final int SILENCE_MS = 300;
    /** The deadline of a read that must succeed. */
    private static final int ANSWER_MS = 5_000;

    private ServerSocket target;
    private TcpProxy proxy;
    private final List<Socket> sockets = new ArrayList<>();

    @BeforeEach
    void start() throws IOException {
        target = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        proxy = new TcpProxy("127.0.0.1", target.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        target.close();
    }

    @Test
    void bytesFlowBothWays() throws Exception {
        Pair pair = connect();

        send(pair.client, "ping");
        assertThat(receive(pair.server, 4)).isEqualTo("ping");
        send(pair.server, "pong");
        assertThat(receive(pair.client, 4)).isEqualTo("pong");
        assertThat(proxy.forwardedConnections()).isEqualTo(1);
    }

    @Test
    void aCutSilencesAnOpenConnectionBothWaysWithoutClosingIt() throws Exception {
        Pair pair = connect();
        send(pair.client, "before");
        assertThat(receive(pair.server, 6)).isEqualTo("before");

        proxy.cut();

        send(pair.client, "lost-up");
        assertSilent(pair.server);
        send(pair.server, "lost-down");
        assertSilent(pair.client);
        // Still silence after writes from both ends: nothing answered them with a reset.
        send(pair.client, "more");
        assertSilent(pair.client);
        assertThat(pair.client.isClosed()).isFalse();
        assertThat(proxy.isCut()).isTrue();
    }

    @Test
    void aConnectionMadeDuringTheCutReachesNothing() throws Exception {
        proxy.cut();

        Socket client = open();
        send(client, "hello");
        await("the proxy to hold the connection").atMost(Duration.ofMillis(ANSWER_MS))
                .until(() -> proxy.heldConnections() == 1);
        target.setSoTimeout(SILENCE_MS);
        assertThatThrownBy(target::accept).as("the target sees no connection")
                .isInstanceOf(SocketTimeoutException.class);
        assertSilent(client);
        assertThat(proxy.forwardedConnections()).isZero();
    }

    @Test
    void afterHealANewConnectionWorksAndTheSilencedOnesAreClosed() throws Exception {
        Pair old = connect();
        proxy.cut();
        Socket heldDuringCut = open();
        send(heldDuringCut, "x");
        // The kernel completes the handshake before the proxy accepts: until it has, a heal would forward this one.
        await("the proxy to hold the connection made during the cut").atMost(Duration.ofMillis(ANSWER_MS))
                .until(() -> proxy.heldConnections() == 1);

        proxy.heal();

        Pair fresh = connect();
        send(fresh.client, "again");
        assertThat(receive(fresh.server, 5)).isEqualTo("again");
        send(fresh.server, "back");
        assertThat(receive(fresh.client, 4)).isEqualTo("back");
        assertEnded(old.client);
        assertEnded(old.server);
        assertEnded(heldDuringCut);
        assertThat(proxy.isCut()).isFalse();
    }

    @Test
    void aCloseAtOneEndReachesTheOtherWhenNotCut() throws Exception {
        Pair pair = connect();

        pair.client.close();

        assertEnded(pair.server);
    }

    @Test
    void closeReleasesThePortAndEveryConnection() throws Exception {
        Pair pair = connect();
        int port = proxy.port();

        proxy.close();

        assertEnded(pair.client);
        assertEnded(pair.server);
        assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), port).close())
                .isInstanceOf(ConnectException.class);
    }

    // ---- helpers ------------------------------------------------------------------------------------------------

    private record Pair(Socket client, Socket server) {
    }

    /** A client connected through the proxy and the target's end of it. */
    private Pair connect() throws IOException {
        Socket client = open();
        target.setSoTimeout(ANSWER_MS);
        Socket server = target.accept();
        sockets.add(server);
        return new Pair(client, server);
    }

    private Socket open() throws IOException {
        Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.port());
        sockets.add(client);
        return client;
    }

    private static void send(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    private static String receive(Socket socket, int length) throws IOException {
        socket.setSoTimeout(ANSWER_MS);
        byte[] bytes = socket.getInputStream().readNBytes(length);
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    /** A read times out: no byte, no end of stream, no reset. */
    private static void assertSilent(Socket socket) throws IOException {
        socket.setSoTimeout(SILENCE_MS);
        InputStream in = socket.getInputStream();
        assertThatThrownBy(in::read).as("a read on a silenced connection")
                .isInstanceOf(SocketTimeoutException.class);
    }

    /** The connection ends (end of stream, or a reset) within the deadline of an answer. */
    private static void assertEnded(Socket socket) throws IOException {
        socket.setSoTimeout(ANSWER_MS);
        InputStream in = socket.getInputStream();
        try {
            while (in.read() >= 0) {
                // Bytes that were on their way before the end.
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the connection is still open after " + ANSWER_MS + " ms", e);
        } catch (IOException e) {
            // A reset ends it too.
        }
    }
}
