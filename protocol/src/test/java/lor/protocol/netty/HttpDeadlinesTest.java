package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** On Netty's frozen clock: handshake timeout 10 s, idle timeout 30 s. */
class HttpDeadlinesTest {

    private static final String GET = "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    private static final String UPGRADE = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";

    private EmbeddedChannel channel;

    @BeforeEach
    void connect() {
        channel = new EmbeddedChannel();
        channel.freezeTime();
        channel.pipeline()
                .addLast(new HttpServerCodec())
                .addLast("deadlines", new HttpDeadlines(10_000, 30_000))
                .addLast(new HttpObjectAggregator(16 * 1024));
    }

    @AfterEach
    void release() {
        channel.finishAndReleaseAll();
    }

    private void advanceSeconds(long seconds) {
        channel.advanceTimeBy(seconds, TimeUnit.SECONDS);
        channel.runScheduledPendingTasks();
    }

    private void send(String bytes) {
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.US_ASCII));
    }

    private void answer(HttpResponseStatus status) {
        FullHttpRequest request = channel.readInbound();
        assertThat(request).as("the request reached the handlers").isNotNull();
        request.release();
        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status));
        Object written;
        while ((written = channel.readOutbound()) != null) {
            ReferenceCountUtil.release(written);
        }
    }

    @Test
    void aConnectionThatSendsNothingIsClosedAtTheHandshakeTimeout() {
        advanceSeconds(9);
        assertThat(channel.isOpen()).isTrue();
        advanceSeconds(2);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void headersTrickledAByteAtATimeDoNotPutTheDeadlineOff() {
        for (int i = 0; i < 18; i++) {
            send(UPGRADE.substring(i, i + 1));
            channel.advanceTimeBy(500, TimeUnit.MILLISECONDS);
            channel.runScheduledPendingTasks();
        }
        assertThat(channel.isOpen()).as("after 9 s of trickling").isTrue();
        send(UPGRADE.substring(18, 19));
        advanceSeconds(1);
        assertThat(channel.isOpen()).as("10 s after connecting, the request still incomplete").isFalse();
    }

    @Test
    void aCompleteRequestStopsTheHandshakeDeadlineAndItsAnswerStartsTheIdleOne() {
        advanceSeconds(5);
        send(GET);
        advanceSeconds(20);
        assertThat(channel.isOpen()).as("a request being answered has no deadline").isTrue();

        answer(HttpResponseStatus.OK);
        advanceSeconds(29);
        assertThat(channel.isOpen()).as("kept alive, idle for 29 s").isTrue();
        send(GET);
        answer(HttpResponseStatus.OK);
        advanceSeconds(29);
        assertThat(channel.isOpen()).as("a second request restarted the idle time").isTrue();
        advanceSeconds(2);
        assertThat(channel.isOpen()).as("idle for 31 s").isFalse();
    }

    @Test
    void theUpgradeResponseRemovesTheDeadlines() {
        send(UPGRADE);
        answer(HttpResponseStatus.SWITCHING_PROTOCOLS);

        assertThat(channel.pipeline().get("deadlines")).isNull();
        advanceSeconds(120);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void anUnparsableRequestDoesNotStopTheDeadline() {
        send("NOT HTTP AT ALL \u0001\u0002\r\n\r\n");
        Object inbound;
        while ((inbound = channel.readInbound()) != null) {
            ReferenceCountUtil.release(inbound);
        }
        advanceSeconds(11);
        assertThat(channel.isOpen()).isFalse();
    }
}
