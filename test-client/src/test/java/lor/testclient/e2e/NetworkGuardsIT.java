package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import lor.protocol.Limits;
import lor.protocol.testing.RawWebSocket;
import lor.testclient.net.WsClient;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The network guards of issue 6 with the real director and world jars: slowloris sockets cut at the handshake
 * timeout while a real client connects and logs in, browser origins on {@code /ws}, {@code /control} and a world's
 * {@code /game}, frame floods closed with 1008, and connections per address on both ports, the world's limits coming
 * from the director (through a warm spare in one test, a spawned world in the other).
 */
class NetworkGuardsIT {

    private static final int SLOWLORIS_SOCKETS = 500;
    private static final long HANDSHAKE_TIMEOUT_MS = 2_000;
    private static final Duration FLOOD_CLOSE = Duration.ofSeconds(2);
    /** How soon after the accept a connection over the cap is closed; an admitted one stays open past this. */
    private static final Duration REFUSAL_WITHIN = Duration.ofMillis(500);
    private static final String FOREIGN_ORIGIN = "http://evil.example";

    @TempDir
    Path dataDir;

    @Test
    void slowlorisIsCutOffWhileRealClientsConnectAndForeignOriginsAndFloodsAreRefused() throws Exception {
        // 500 sockets at once from one address: a new-connection rate above the attack, so that the deadline, not
        // the throttle, is what cuts them.
        try (DirectorProcess director = DirectorProcess.start(dataDir, "network-guards",
                "--handshake-timeout-ms", Long.toString(HANDSHAKE_TIMEOUT_MS),
                "--max-new-connections-per-second", "1000", "--idle-shutdown-ms", "600000",
                // The login it times hashes at the real cost.
                DirectorProcess.PASSWORD_ITERATIONS, Integer.toString(DirectorProcess.REAL_PASSWORD_ITERATIONS));
             ScenarioContext ctx = GameSession.context(director)) {
            int port = director.baseUrl().getPort();
            String ownOrigin = "http://127.0.0.1:" + port;
            ScenarioContext.Account account = ctx.newAccount("guard");

            slowlorisIsCutWhileARealClientConnects(director, ctx, account);

            // Plain HTTP keeps working.
            assertThat(ctx.http().get("/metrics").statusCode()).isEqualTo(200);
            assertThat(ctx.http().get("/api/worlds").statusCode()).isEqualTo(200);

            // Origins on the director's port.
            assertThat(status(port, "/ws", FOREIGN_ORIGIN)).isEqualTo(403);
            assertThat(status(port, "/ws", ownOrigin)).isEqualTo(101);
            assertThat(status(port, "/ws", "http://localhost:" + port)).isEqualTo(101);
            assertThat(status(port, "/control", ownOrigin)).as("no browser on /control").isEqualTo(403);

            // Floods on the director's port.
            try (RawWebSocket ws = upgrade(port, "/ws", null)) {
                ws.flood(RawWebSocket.TEXT, "{\"type\":\"list_worlds\"}".getBytes(StandardCharsets.UTF_8), 300);
                assertThat(ws.awaitClose(FLOOD_CLOSE)).as("/ws flood").isEqualTo(Limits.CLOSE_POLICY);
            }
            try (RawWebSocket control = upgrade(port, "/control", null)) {
                assertThat(control.status()).isEqualTo(101);
                control.flood(RawWebSocket.BINARY, new byte[] {7}, 300);
                assertThat(control.awaitClose(FLOOD_CLOSE)).as("unregistered /control flood")
                        .isEqualTo(Limits.CLOSE_POLICY);
            }

            // A world (from the warm spare) got the director's origins: its own page's origin upgrades, others not.
            GameSession session = GameSession.enter(ctx, account, "meadow");
            int gamePort = session.gameUrl().getPort();
            assertThat(status(gamePort, "/game", FOREIGN_ORIGIN)).isEqualTo(403);
            assertThat(status(gamePort, "/game", ownOrigin)).isEqualTo(101);
            try (RawWebSocket game = upgrade(gamePort, "/game", null)) {
                game.flood(RawWebSocket.TEXT, "{not json".getBytes(StandardCharsets.UTF_8), 300);
                assertThat(game.awaitClose(FLOOD_CLOSE)).as("/game flood").isEqualTo(Limits.CLOSE_POLICY);
            }
            assertThat(session.game().isClosed()).as("the player's own connection is untouched").isFalse();
        }
    }

    @Test
    void connectionsPerAddressAreCappedOnTheDirectorsPortAndOnASpawnedWorldsPort() throws Exception {
        int cap = 12;
        try (DirectorProcess director = DirectorProcess.start(dataDir, "network-guards-cap",
                "--max-connections-per-address", Integer.toString(cap), "--warm-spares", "0",
                // Held sockets send nothing: no deadline may close them while the test counts.
                "--handshake-timeout-ms", "120000",
                "--idle-shutdown-ms", "600000");
             ScenarioContext ctx = GameSession.context(director)) {
            GameSession session = GameSession.enter(ctx, ctx.newAccount("capped"), "meadow");
            int directorPort = director.baseUrl().getPort();
            int gamePort = session.gameUrl().getPort();

            for (int port : new int[] {directorPort, gamePort}) {
                List<Socket> held = new ArrayList<>();
                try {
                    // One more than the cap (whatever this address already holds there: the player, the world's
                    // /control), so that at least the last is refused.
                    List<Socket> opened = new ArrayList<>();
                    for (int i = 0; i <= cap; i++) {
                        opened.add(new Socket("127.0.0.1", port));
                    }
                    List<Socket> refused = closedAtOnce(opened);
                    for (Socket socket : opened) {
                        if (refused.contains(socket)) {
                            socket.close();
                        } else {
                            held.add(socket);
                        }
                    }
                    assertThat(refused).as("connections refused on port %d", port).isNotEmpty();
                    assertThat(held).as("connections admitted on port %d", port).hasSizeLessThanOrEqualTo(cap)
                            .hasSizeGreaterThanOrEqualTo(cap - 3);
                    held.remove(0).close();
                    Socket again = connectWhenAdmitted(port);
                    held.add(again);
                } finally {
                    for (Socket socket : held) {
                        socket.close();
                    }
                }
            }
            assertThat(session.game().isClosed()).as("the player keeps its connection").isFalse();
            assertThat(ctx.http().metric("lor_connections_refused_total"))
                    .as("the director counts what its port refused").isPositive();
        }
    }

    // ---- slowloris --------------------------------------------------------------------------------------------------

    private void slowlorisIsCutWhileARealClientConnects(DirectorProcess director, ScenarioContext ctx,
                                                        ScenarioContext.Account account) throws Exception {
        int port = director.baseUrl().getPort();
        try (Slowloris attack = Slowloris.open(port, SLOWLORIS_SOCKETS)) {
            CompletableFuture<Map<Integer, Long>> closed = CompletableFuture.supplyAsync(() ->
                    attack.trickleUntilClosed(Duration.ofMillis(HANDSHAKE_TIMEOUT_MS + 20_000)));

            long start = System.nanoTime();
            WsClient client = ctx.director();
            long connectedMs = (System.nanoTime() - start) / 1_000_000;
            int openWhileConnected = attack.open();
            start = System.nanoTime();
            ScenarioContext.Account again = ctx.login(account.username());
            long loginMs = (System.nanoTime() - start) / 1_000_000;
            System.out.printf("slowloris: a real client connected in %d ms with %d sockets trickling; a login"
                    + " (connect, PBKDF2, answer) took %d ms%n", connectedMs, openWhileConnected, loginMs);
            assertThat(client.isClosed()).isFalse();
            assertThat(again.accountId()).isEqualTo(account.accountId());
            // Connected while the attack was still on, not once the deadline had cleared it. The time is logged,
            // not asserted: alone it is tens of milliseconds, but on the loaded 2-core machine a full build once
            // took just over a second.
            assertThat(openWhileConnected).as("the attack was on while the client connected").isPositive();

            Map<Integer, Long> closedAfterMs = closed.get(60, TimeUnit.SECONDS);
            assertThat(closedAfterMs).as("sockets closed by the director").hasSize(SLOWLORIS_SOCKETS);
            assertThat(closedAfterMs.values()).as("cut by the handshake deadline, not before it")
                    .allSatisfy(ms -> assertThat(ms).isGreaterThanOrEqualTo(HANDSHAKE_TIMEOUT_MS - 100));
        }
    }

    /** {@code SLOWLORIS_SOCKETS} sockets that send a request line and then one header byte at a time. */
    private static final class Slowloris implements AutoCloseable {

        private final Selector selector;
        private final List<SocketChannel> channels;
        private final long[] connectedAt;
        private final Map<Integer, Long> closedAfterMs = new HashMap<>();

        private Slowloris(Selector selector, List<SocketChannel> channels, long[] connectedAt) {
            this.selector = selector;
            this.channels = channels;
            this.connectedAt = connectedAt;
        }

        static Slowloris open(int port, int count) throws IOException {
            Selector selector = Selector.open();
            List<SocketChannel> channels = new ArrayList<>();
            long[] connectedAt = new long[count];
            for (int i = 0; i < count; i++) {
                SocketChannel channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
                connectedAt[i] = System.nanoTime();
                channel.configureBlocking(false);
                channel.register(selector, SelectionKey.OP_READ, i);
                channel.write(ByteBuffer.wrap("GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".getBytes(
                        StandardCharsets.US_ASCII)));
                channels.add(channel);
            }
            return new Slowloris(selector, channels, connectedAt);
        }

        synchronized int open() {
            return channels.size() - closedAfterMs.size();
        }

        /** Sends a byte to every open socket every 200 ms until each is closed by the server or time is up. */
        Map<Integer, Long> trickleUntilClosed(Duration limit) {
            long deadline = System.nanoTime() + limit.toNanos();
            long nextByte = System.nanoTime();
            ByteBuffer sink = ByteBuffer.allocate(4096);
            try {
                while (open() > 0 && System.nanoTime() < deadline) {
                    selector.select(50);
                    for (SelectionKey key : selector.selectedKeys()) {
                        sink.clear();
                        int read;
                        try {
                            read = ((SocketChannel) key.channel()).read(sink);
                        } catch (IOException e) {
                            read = -1;
                        }
                        if (read < 0) {
                            closed(key);
                        }
                    }
                    selector.selectedKeys().clear();
                    if (System.nanoTime() >= nextByte) {
                        nextByte += 200_000_000L;
                        for (SelectionKey key : selector.keys()) {
                            if (key.isValid()) {
                                try {
                                    ((SocketChannel) key.channel()).write(ByteBuffer.wrap(new byte[] {'a'}));
                                } catch (IOException e) {
                                    closed(key);
                                }
                            }
                        }
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            synchronized (this) {
                return new HashMap<>(closedAfterMs);
            }
        }

        private void closed(SelectionKey key) throws IOException {
            int index = (Integer) key.attachment();
            synchronized (this) {
                closedAfterMs.putIfAbsent(index, (System.nanoTime() - connectedAt[index]) / 1_000_000);
            }
            key.cancel();
            key.channel().close();
        }

        @Override
        public void close() throws IOException {
            for (SocketChannel channel : channels) {
                channel.close();
            }
            selector.close();
        }
    }

    // ---- helpers ----------------------------------------------------------------------------------------------------

    private static RawWebSocket upgrade(int port, String path, String origin) throws IOException {
        return RawWebSocket.open(port, path, origin);
    }

    /** The HTTP status that answers an upgrade to {@code path} with {@code origin} (none when null). */
    private static int status(int port, String path, String origin) throws IOException {
        try (RawWebSocket socket = RawWebSocket.open(port, path, origin)) {
            return socket.status();
        }
    }

    /** Whether the server closes a fresh connection before its deadline could have: the throttle's refusal. */
    private static boolean closedAtOnce(Socket socket) throws IOException {
        return !closedAtOnce(List.of(socket)).isEmpty();
    }

    /**
     * Those of {@code sockets}, all just opened, that the server closes before their deadline could have: the
     * throttle's refusals. Every socket gets the same half second as one checked alone, but the half seconds run
     * side by side, not one after another.
     */
    private static List<Socket> closedAtOnce(List<Socket> sockets) throws IOException {
        long deadline = System.nanoTime() + REFUSAL_WITHIN.toNanos();
        List<Socket> closed = new ArrayList<>();
        for (Socket socket : sockets) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            // 0 would mean no timeout at all: a socket checked after the deadline still gets a millisecond.
            if (closedOnRead(socket, Math.max(1, leftMs))) {
                closed.add(socket);
            }
        }
        return closed;
    }

    private static boolean closedOnRead(Socket socket, long timeoutMs) throws IOException {
        // A refusal closes within milliseconds of the accept; an admitted connection just waits for its request.
        socket.setSoTimeout((int) timeoutMs);
        try {
            return socket.getInputStream().read() < 0;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    private static Socket connectWhenAdmitted(int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            Socket socket = new Socket("127.0.0.1", port);
            if (!closedAtOnce(socket)) {
                return socket;
            }
            socket.close();
        }
        throw new AssertionError("no connection admitted on port " + port + " after one closed");
    }
}
