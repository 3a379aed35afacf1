package lor.testclient.bots;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;

/**
 * The first handler of a game pipeline: counts every byte read from and written to the socket (HTTP upgrade and
 * WebSocket framing included, as a Node client's {@code socket.bytesRead} would). Counts go to the bot, on its event
 * loop.
 */
final class ByteCounter extends ChannelDuplexHandler {

    /** Where the counts go. */
    interface Counts {
        void bytesRead(int bytes);

        void bytesWritten(int bytes);
    }

    private final Counts counts;

    ByteCounter(Counts counts) {
        this.counts = counts;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        counts.bytesRead(size(msg));
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        counts.bytesWritten(size(msg));
        ctx.write(msg, promise);
    }

    private static int size(Object msg) {
        if (msg instanceof ByteBuf buf) {
            return buf.readableBytes();
        }
        if (msg instanceof ByteBufHolder holder) {
            return holder.content().readableBytes();
        }
        return 0;
    }
}
