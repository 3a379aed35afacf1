package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.Limits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Pings and the silence cut-off on a channel whose clock the test moves. */
class KeepAliveTest {

    private static final KeepAlive.Settings SETTINGS = KeepAlive.Settings.ofMillis(100, 300);

    private EmbeddedChannel channel;

    @AfterEach
    void release() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
    }

    @Test
    void pingsEveryIntervalOnceTheConnectionSpeaksWebSocket() {
        start(true);

        advance(100);
        advance(99);
        assertThat(outbound()).hasSize(1).allSatisfy(f -> assertThat(f).isInstanceOf(PingWebSocketFrame.class));
        advance(1);
        assertThat(outbound()).hasSize(1).allSatisfy(f -> assertThat(f).isInstanceOf(PingWebSocketFrame.class));
    }

    @Test
    void sendsNoPingBeforeTheHandshake() {
        start(false);

        advance(250);

        assertThat(outbound()).isEmpty();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void aSilentPeerIsClosedWithGoingAwayAtTheTimeoutAndNotBefore() {
        start(true);

        advance(299);
        assertThat(outbound()).hasSize(2);
        assertThat(channel.isOpen()).isTrue();

        advance(1);

        assertThat(channel.isOpen()).isFalse();
        List<Object> written = outbound();
        assertThat(written).last().isInstanceOfSatisfying(CloseWebSocketFrame.class, close -> {
            assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_GOING_AWAY).isEqualTo(1001);
            assertThat(close.reasonText()).isEqualTo(KeepAlive.CLOSE_REASON);
        });
        written.stream().filter(f -> !(f instanceof PingWebSocketFrame)).forEach(ReferenceCountUtil::release);
    }

    @Test
    void anythingReadCountsAsLife() {
        start(true);

        advance(200);
        channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {(byte) 0x8a, 0}));
        advance(200);
        assertThat(channel.isOpen()).as("200 ms after the last read").isTrue();

        advance(100);

        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aSilentPeerBeforeTheHandshakeIsClosedWithoutAFrame() {
        start(false);

        advance(300);

        assertThat(channel.isOpen()).isFalse();
        assertThat(outbound()).isEmpty();
    }

    @Test
    void theIntervalMustBeShorterThanTheTimeout() {
        assertThatThrownBy(() -> KeepAlive.Settings.ofMillis(300, 300)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> KeepAlive.Settings.ofMillis(0, 300)).isInstanceOf(IllegalArgumentException.class);
    }

    /** @param webSocket whether the pipeline holds a frame encoder, as it does once the handshake is done */
    private void start(boolean webSocket) {
        channel = new EmbeddedChannel();
        channel.freezeTime();
        channel.pipeline().addLast(KeepAlive.NAME, new KeepAlive(SETTINGS));
        if (webSocket) {
            channel.pipeline().addLast(new FramesAsObjects());
        }
    }

    private void advance(long millis) {
        channel.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
        channel.runScheduledPendingTasks();
        channel.runPendingTasks();
    }

    /** Everything written so far; pings are released, other frames handed over to the caller. */
    private List<Object> outbound() {
        List<Object> written = new ArrayList<>();
        Object frame;
        while ((frame = channel.readOutbound()) != null) {
            written.add(frame);
            if (frame instanceof PingWebSocketFrame) {
                ReferenceCountUtil.release(frame);
            }
        }
        return written;
    }

    /** Stands for the handshake's frame encoder: frames reach the test as they were written. */
    private static final class FramesAsObjects extends ChannelOutboundHandlerAdapter
            implements WebSocketFrameEncoder {
    }
}
