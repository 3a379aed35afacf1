package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MessageFramesTest {

    private final EmbeddedChannel channel = new EmbeddedChannel();

    @AfterEach
    void releaseEverything() {
        channel.finishAndReleaseAll();
    }

    @Test
    void aConnectionClosedInTheMiddleOfAFragmentedMessageIsAnExpectedFailure() {
        List<Throwable> failures = new ArrayList<>();
        EmbeddedChannel peer = new EmbeddedChannel(new OversizeClosingFrameAggregator(1024),
                new ChannelInboundHandlerAdapter() {
                    @Override
                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                        failures.add(cause);
                    }
                });
        peer.writeInbound(new TextWebSocketFrame(false, 0, "{\"type\":"));

        peer.close();

        assertThat(failures).singleElement().satisfies(f -> assertThat(MessageFrames.isExpectedFailure(f)).isTrue());
        peer.finishAndReleaseAll();
    }

    @Test
    void writesSmallTextAsOneFinalTextFrame() {
        String text = "{\"type\":\"welcome\",\"name\":\"Zoë\"}";

        MessageFrames.writeText(channel, text);

        List<WebSocketFrame> frames = drainOutbound();
        assertThat(frames).hasSize(1);
        assertThat(frames.get(0)).isInstanceOf(TextWebSocketFrame.class);
        assertThat(frames.get(0).isFinalFragment()).isTrue();
        assertThat(concatenated(frames)).isEqualTo(text);
    }

    @Test
    void writesTextOfExactlyOneFragmentAsOneFrame() {
        String text = "x".repeat(MessageFrames.FRAGMENT_BYTES);

        MessageFrames.writeText(channel, text);

        List<WebSocketFrame> frames = drainOutbound();
        assertThat(frames).hasSize(1);
        assertThat(frames.get(0).isFinalFragment()).isTrue();
    }

    @Test
    void splitsLargeTextIntoTextAndContinuationFramesThatConcatenateToTheOriginal() {
        // '€' is three bytes, so both fragment boundaries fall inside a character.
        String text = "€".repeat(873_814);
        int utf8Length = text.getBytes(StandardCharsets.UTF_8).length;
        assertThat(utf8Length).isGreaterThan(2 * MessageFrames.FRAGMENT_BYTES);
        assertThat(MessageFrames.FRAGMENT_BYTES % 3).isNotZero();

        ChannelFuture last = MessageFrames.writeText(channel, text);

        List<WebSocketFrame> frames = drainOutbound();
        assertThat(last.isSuccess()).isTrue();
        assertThat(frames).hasSize(3);
        assertThat(frames.get(0)).isInstanceOf(TextWebSocketFrame.class);
        assertThat(frames.get(0).isFinalFragment()).isFalse();
        assertThat(frames.get(1)).isInstanceOf(ContinuationWebSocketFrame.class);
        assertThat(frames.get(1).isFinalFragment()).isFalse();
        assertThat(frames.get(2)).isInstanceOf(ContinuationWebSocketFrame.class);
        assertThat(frames.get(2).isFinalFragment()).isTrue();
        assertThat(frames.get(0).content().readableBytes()).isEqualTo(MessageFrames.FRAGMENT_BYTES);
        assertThat(frames.get(1).content().readableBytes()).isEqualTo(MessageFrames.FRAGMENT_BYTES);
        assertThat(frames.get(2).content().readableBytes()).isEqualTo(utf8Length - 2 * MessageFrames.FRAGMENT_BYTES);
        assertThat(concatenated(frames)).isEqualTo(text);
    }

    @Test
    void releasesTheWholeBufferOnceEveryFragmentIsReleased() {
        MessageFrames.writeText(channel, "a".repeat(MessageFrames.FRAGMENT_BYTES + 1));
        List<WebSocketFrame> frames = drainOutbound();
        ByteBuf whole = frames.get(0).content().unwrap();

        frames.forEach(WebSocketFrame::release);

        assertThat(whole.refCnt()).isZero();
    }

    private List<WebSocketFrame> drainOutbound() {
        List<WebSocketFrame> frames = new ArrayList<>();
        WebSocketFrame frame;
        while ((frame = channel.readOutbound()) != null) {
            frames.add(frame);
        }
        return frames;
    }

    /** Concatenates the frames' bytes and releases the frames. */
    private static String concatenated(List<WebSocketFrame> frames) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (WebSocketFrame frame : frames) {
            bytes.writeBytes(ByteBufUtil.getBytes(frame.content()));
            frame.release();
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
