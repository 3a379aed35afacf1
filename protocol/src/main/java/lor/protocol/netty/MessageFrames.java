package lor.protocol.netty;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.MessageCodec;

/**
 * Writes JSON text as WebSocket frames. Text larger than one fragment goes out as a text frame followed by
 * continuation frames, so that a message of any size (a big snapshot) crosses a peer whose per-frame limit is
 * {@link #FRAGMENT_BYTES}; the peer's aggregator reassembles it.
 */
public final class MessageFrames {

    /** Largest single frame payload we write; peers accept frames at least this large. */
    public static final int FRAGMENT_BYTES = 1024 * 1024;

    private MessageFrames() {
    }

    public static ChannelFuture writeText(Channel channel, String text) {
        ByteBuf utf8 = ByteBufUtil.writeUtf8(channel.alloc(), text);
        return writeUtf8(channel, utf8);
    }

    /** Takes ownership of {@code utf8}. */
    public static ChannelFuture writeUtf8(Channel channel, ByteBuf utf8) {
        int length = utf8.readableBytes();
        if (length <= FRAGMENT_BYTES) {
            return channel.writeAndFlush(new TextWebSocketFrame(utf8));
        }
        int offset = 0;
        ChannelFuture last = null;
        while (offset < length) {
            int size = Math.min(FRAGMENT_BYTES, length - offset);
            ByteBuf part = utf8.retainedSlice(utf8.readerIndex() + offset, size);
            boolean fin = offset + size == length;
            last = channel.write(offset == 0
                    ? new TextWebSocketFrame(false, 0, part)
                    : new ContinuationWebSocketFrame(fin, 0, part));
            offset += size;
        }
        utf8.release();
        channel.flush();
        return last;
    }

    /**
     * Writes {@code error} as the last message, then a close frame (1008, policy) naming its code, and closes the
     * connection once both are flushed.
     */
    public static void closeWithError(Channel channel, MessageCodec codec, ErrorMessage error) {
        closeWithError(channel, codec, error, Limits.CLOSE_POLICY);
    }

    /** Like {@link #closeWithError(Channel, MessageCodec, ErrorMessage)}, with another close status. */
    public static void closeWithError(Channel channel, MessageCodec codec, ErrorMessage error, int status) {
        channel.write(new TextWebSocketFrame(codec.encode(error)));
        channel.writeAndFlush(new CloseWebSocketFrame(status, error.code()))
                .addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * True for the failures that are ordinary connection life: a peer that reset the connection, a frame the
     * WebSocket decoder already refused (and answered with a close frame), or a connection that ended in the middle
     * of a fragmented message (the aggregator reports it as it goes). They deserve a debug line, not a warning with
     * a stack trace: any peer can cause them at will.
     */
    public static boolean isExpectedFailure(Throwable cause) {
        return cause instanceof CorruptedFrameException || cause instanceof IOException
                || cause instanceof PrematureChannelClosureException;
    }

    public static String text(ByteBuf content) {
        return content.toString(StandardCharsets.UTF_8);
    }
}
