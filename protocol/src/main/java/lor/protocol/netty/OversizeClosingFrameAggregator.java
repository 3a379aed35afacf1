package lor.protocol.netty;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
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
    protected void handleOversizedMessage(ChannelHandlerContext ctx, WebSocketFrame oversized) {
        ctx.writeAndFlush(new CloseWebSocketFrame(Limits.CLOSE_TOO_BIG,
                        "message larger than " + maxContentLength + " bytes"))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
