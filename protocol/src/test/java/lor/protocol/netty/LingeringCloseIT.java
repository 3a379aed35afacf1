package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import lor.protocol.testing.LoopbackServer;
import lor.protocol.testing.RawWebSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over real sockets: a frame refused from its header (here one with a reserved bit set, which Netty answers with a
 * 1002 close) while the rest of it is still on its way.
 */
class LingeringCloseIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Far more than the socket buffers hold: without a lingering close, writing it meets the server's reset. */
    private static final int LATE_BYTES = 4 * 1024 * 1024;

    private LoopbackServer server;

    @BeforeEach
    void startServer() throws InterruptedException {
        WebSocketServerProtocolConfig config = WebSocketServerProtocolConfig.newBuilder()
                .websocketPath("/ws")
                .maxFramePayloadLength(64 * 1024)
                .build();
        server = LoopbackServer.start("lingering-close-test", pipeline -> pipeline
                .addLast(new HttpServerCodec())
                .addLast(new HttpObjectAggregator(8 * 1024))
                .addLast(new WebSocketServerProtocolHandler(config))
                .addLast(LingeringClose.NAME, LingeringClose.installer())
                .addLast(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        throw new AssertionError("no frame of this test is valid: " + msg);
                    }
                }));
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void theRestOfARefusedFrameIsReadAndDroppedAndTheCloseFrameArrivesBeforeAnOrderlyEnd() throws Exception {
        try (RawWebSocket ws = open()) {
            ws.sendRaw(headOfReservedBitFrame(LATE_BYTES));
            byte[] piece = new byte[64 * 1024];
            for (int sent = 0; sent < LATE_BYTES; sent += piece.length) {
                // Throws if the server answered the late bytes with a reset.
                ws.sendRaw(piece);
            }

            assertThat(ws.awaitClose(TIMEOUT)).as("close status").isEqualTo(1002);
            assertThat(ws.isClosedByServer(TIMEOUT)).as("the server's end of the stream").isTrue();
        }
    }

    @Test
    void aPeerThatNeverHangsUpIsClosedAfterTheLinger() throws Exception {
        try (RawWebSocket ws = open()) {
            ws.sendRaw(headOfReservedBitFrame(16));
            assertThat(ws.awaitClose(TIMEOUT)).as("close status").isEqualTo(1002);

            Channel connection = server.accepted(TIMEOUT);
            assertThat(connection.closeFuture().await(LingeringClose.LINGER_MILLIS + TIMEOUT.toMillis()))
                    .as("the server closed its end, the client still connected").isTrue();
        }
    }

    private RawWebSocket open() throws IOException {
        RawWebSocket ws = RawWebSocket.open(server.address().getPort(), "/ws", null);
        assertThat(ws.status()).isEqualTo(101);
        return ws;
    }

    /** FIN, RSV1 (no extension was negotiated), text; masked, with a 64-bit length; the payload is not included. */
    private static byte[] headOfReservedBitFrame(long payloadLength) {
        byte[] head = new byte[2 + 8 + 4];
        head[0] = (byte) 0xC1;
        head[1] = (byte) (0x80 | 127);
        for (int i = 0; i < 8; i++) {
            head[2 + i] = (byte) (payloadLength >>> (56 - 8 * i));
        }
        return head;
    }
}
