package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import lor.protocol.testing.LoopbackServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Over real sockets: a request refused because its line is too long, while the client is still sending the rest of
 * it (a hostile admin path failed this way: the client met a reset instead of the 414).
 */
class HttpLingeringRefusalIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Far more than the socket buffers hold: without a lingering close, writing it meets the server's reset. */
    private static final int LATE_BYTES = 4 * 1024 * 1024;

    private LoopbackServer server;

    @BeforeEach
    void startServer() throws InterruptedException {
        server = LoopbackServer.start("http-lingering-refusal-test", pipeline -> pipeline
                .addLast(new HttpServerCodec(4096, 8192, 8192))
                .addLast(new HttpObjectAggregator(64 * 1024))
                .addLast(new SimpleChannelInboundHandler<FullHttpRequest>() {
                    @Override
                    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
                        assertThat(request.decoderResult().isFailure()).isTrue();
                        HttpResponses.sendAndLinger(ctx, HttpResponseStatus.REQUEST_URI_TOO_LONG,
                                HttpResponses.TEXT, "request line too long\n");
                    }
                }));
    }

    @AfterEach
    void stopServer() {
        server.close();
    }

    @Test
    void theRestOfARefusedRequestIsReadAndDroppedAndTheAnswerArrivesBeforeAnOrderlyEnd() throws Exception {
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            out.write(("PATCH /" + "w".repeat(8192)).getBytes(StandardCharsets.US_ASCII));
            byte[] piece = new byte[64 * 1024];
            Arrays.fill(piece, (byte) 'w');
            for (int sent = 0; sent < LATE_BYTES; sent += piece.length) {
                // Throws if the server answered the late bytes with a reset.
                out.write(piece);
            }
            socket.shutdownOutput();

            String answer = readToEnd(socket.getInputStream());
            assertThat(answer).startsWith("HTTP/1.1 414 ").contains("connection: close")
                    .endsWith("request line too long\n");
        }
    }

    @Test
    void aClientThatNeverHangsUpIsClosedAfterTheLinger() throws Exception {
        try (Socket socket = connect()) {
            socket.getOutputStream().write(("GET /" + "w".repeat(8192)).getBytes(StandardCharsets.US_ASCII));
            assertThat(readToEnd(socket.getInputStream())).startsWith("HTTP/1.1 414 ");

            Channel connection = server.accepted(TIMEOUT);
            assertThat(connection.closeFuture().await(LingeringClose.LINGER_MILLIS + TIMEOUT.toMillis()))
                    .as("the server closed its end, the client still connected").isTrue();
        }
    }

    private Socket connect() throws Exception {
        Socket socket = new Socket();
        socket.connect(server.address(), (int) TIMEOUT.toMillis());
        socket.setSoTimeout((int) TIMEOUT.toMillis());
        return socket;
    }

    /** Everything the server sends until its end of the stream. */
    private static String readToEnd(InputStream in) throws Exception {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        return all.toString(StandardCharsets.UTF_8);
    }
}
