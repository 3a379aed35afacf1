package lor.protocol.netty;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import lor.protocol.Limits;

/**
 * Reassembles fragmented messages and closes the connection with status 1009 when the whole message exceeds the
 * limit. Netty's aggregator only raises an exception there; the contract wants the peer told why.
 */
public final class OversizeClosingFrameAggregator extends WebSocketFrameAggregator {

    private final int maxContentLength;

    public OversizeClosingFrameAggregator(int maxContentLength) {
        super(maxContentLength);
        this.maxContentLength = maxContentLength;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        // Netty's aggregator passes a message that fits in one frame through unmeasured. Where a frame may be larger
        // than the message limit (the control endpoint admits 1 MiB frames and, before registration, 64 KiB
        // messages) it must be held to the same limit.
        if (msg instanceof WebSocketFrame frame && frame.isFinalFragment()
                && (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame)
                && frame.content().readableBytes() > maxContentLength) {
            frame.release();
            closeTooBig(ctx);
            return;
        }
        super.channelRead(ctx, msg);
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, WebSocketFrame oversized) {
        closeTooBig(ctx);
    }

    private void closeTooBig(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(new CloseWebSocketFrame(Limits.CLOSE_TOO_BIG,
                        "message larger than " + maxContentLength + " bytes"))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
