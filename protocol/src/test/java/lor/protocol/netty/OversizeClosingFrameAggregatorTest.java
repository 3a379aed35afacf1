package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import lor.protocol.Limits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OversizeClosingFrameAggregatorTest {

    private final EmbeddedChannel channel = new EmbeddedChannel(new OversizeClosingFrameAggregator(16));

    @AfterEach
    void releaseEverything() {
        channel.finishAndReleaseAll();
    }

    @Test
    void reassemblesFragmentsUnderTheLimitIntoOneTextFrame() {
        channel.writeInbound(new TextWebSocketFrame(false, 0, "{\"a\":"));
        channel.writeInbound(new ContinuationWebSocketFrame(false, 0, "\"é"));
        channel.writeInbound(new ContinuationWebSocketFrame(true, 0, "\"}"));

        TextWebSocketFrame frame = channel.readInbound();
        try {
            assertThat(frame.isFinalFragment()).isTrue();
            assertThat(frame.text()).isEqualTo("{\"a\":\"é\"}");
        } finally {
            frame.release();
        }
        Object inbound = channel.readInbound();
        assertThat(inbound).isNull();
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void acceptsMessageOfExactlyTheLimit() {
        channel.writeInbound(new TextWebSocketFrame(false, 0, "12345678"));
        channel.writeInbound(new ContinuationWebSocketFrame(true, 0, "abcdefgh"));

        TextWebSocketFrame frame = channel.readInbound();
        try {
            assertThat(frame.text()).isEqualTo("12345678abcdefgh");
        } finally {
            frame.release();
        }
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void closesWithStatus1009WhenFragmentsExceedTheLimit() {
        channel.writeInbound(new TextWebSocketFrame(false, 0, "1234567890"));
        channel.writeInbound(new ContinuationWebSocketFrame(true, 0, "1234567"));

        CloseWebSocketFrame close = channel.readOutbound();
        try {
            assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_TOO_BIG).isEqualTo(1009);
        } finally {
            close.release();
        }
        Object inbound = channel.readInbound();
        assertThat(inbound).isNull();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void closesWithStatus1009WhenASingleFrameExceedsTheLimit() {
        TextWebSocketFrame whole = new TextWebSocketFrame("12345678901234567");

        channel.writeInbound(whole);

        assertThat(whole.refCnt()).as("released").isZero();
        CloseWebSocketFrame close = channel.readOutbound();
        try {
            assertThat(close.statusCode()).isEqualTo(Limits.CLOSE_TOO_BIG);
        } finally {
            close.release();
        }
        Object inbound = channel.readInbound();
        assertThat(inbound).isNull();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void passesASingleFrameOfExactlyTheLimit() {
        channel.writeInbound(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(new byte[16])));

        BinaryWebSocketFrame frame = channel.readInbound();
        try {
            assertThat(frame.content().readableBytes()).isEqualTo(16);
        } finally {
            frame.release();
        }
        assertThat(channel.isOpen()).isTrue();
    }
}
