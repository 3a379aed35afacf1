package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.Limits;
import lor.protocol.director.DirectorMessages;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FrameRateLimiterTest {

    private static final long SECOND = 1_000_000_000L;

    private long now = 7 * SECOND;
    private final EmbeddedChannel channel = new EmbeddedChannel();

    {
        channel.pipeline().addLast("limit", new FrameRateLimiter(DirectorMessages.serverCodec(), 50, 100, () -> now));
    }

    @AfterEach
    void release() {
        channel.finishAndReleaseAll();
    }

    private int passedFrames() {
        int count = 0;
        Object frame;
        while ((frame = channel.readInbound()) != null) {
            ReferenceCountUtil.release(frame);
            count++;
        }
        return count;
    }

    private static WebSocketFrame frame(int i) {
        return switch (i % 3) {
            case 0 -> new TextWebSocketFrame("{\"type\":\"nonsense\"}");
            case 1 -> new BinaryWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}));
            default -> new PingWebSocketFrame();
        };
    }

    @Test
    void aBurstOfTheBudgetPassesAndTheNextFrameClosesWithErrorAnd1008() {
        for (int i = 0; i < 100; i++) {
            channel.writeInbound(frame(i));
        }
        assertThat(passedFrames()).isEqualTo(100);
        assertThat(channel.isOpen()).isTrue();

        TextWebSocketFrame extra = new TextWebSocketFrame("{}");
        channel.writeInbound(extra);
        assertThat(extra.refCnt()).as("the frame over budget is dropped").isZero();
        assertThat(passedFrames()).isZero();

        TextWebSocketFrame error = channel.readOutbound();
        assertThat(error.text()).contains("\"type\":\"error\"").contains("\"code\":\"rate_limited\"");
        error.release();
        CloseWebSocketFrame close = channel.readOutbound();
        assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_POLICY);
        close.release();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void theBudgetRefillsAtTheSustainedRate() {
        for (int i = 0; i < 100; i++) {
            channel.writeInbound(frame(i));
        }
        for (int second = 0; second < 5; second++) {
            now += SECOND;
            for (int i = 0; i < 50; i++) {
                channel.writeInbound(frame(i));
            }
        }
        assertThat(passedFrames()).isEqualTo(350);
        assertThat(channel.isOpen()).as("50 frames a second after a full burst").isTrue();
    }

    @Test
    void httpMessagesPassUncounted() {
        for (int i = 0; i < 200; i++) {
            FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/ws");
            channel.writeInbound(request);
        }
        assertThat(passedFrames()).isEqualTo(200);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void liftingRemovesTheLimitFromATrustedConnection() {
        FrameRateLimiter.lift(channel.pipeline(), "limit");
        FrameRateLimiter.lift(channel.pipeline(), "limit");
        for (int i = 0; i < 1000; i++) {
            channel.writeInbound(frame(i));
        }
        assertThat(passedFrames()).isEqualTo(1000);
        assertThat(channel.isOpen()).isTrue();
    }
}
