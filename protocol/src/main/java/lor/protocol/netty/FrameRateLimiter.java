package lor.protocol.netty;

import java.util.function.LongSupplier;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.MessageCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The inbound frame budget of one WebSocket connection: a token bucket over every frame of any kind (text, binary,
 * continuation, ping, pong, close), counted before the WebSocket protocol handler answers pings or the aggregator
 * joins fragments. A connection that finds the bucket empty is flooding: it gets {@code error} {@code rate_limited},
 * a close frame with status 1008, and is closed; what it sends after that is dropped unread. The budget is far above
 * what a client of ours sends (a few messages a second, bursts of tens), so only a flood meets it.
 *
 * <p>Sits before the WebSocket protocol handler; HTTP messages (the upgrade) pass untouched. Per connection,
 * confined to its event loop.
 */
public final class FrameRateLimiter extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(FrameRateLimiter.class);

    /** Frames a second a client connection may keep sending. */
    public static final int CLIENT_FRAMES_PER_SECOND = 50;
    /** Frames a client connection may send at once. */
    public static final int CLIENT_FRAME_BURST = 100;

    private final MessageCodec codec;
    private final LongSupplier clock;
    private final TokenBucket bucket;
    private boolean closing;

    /** @param codec writes the {@code error} that precedes the close, in the endpoint's own message set */
    public FrameRateLimiter(MessageCodec codec, int framesPerSecond, int burst) {
        this(codec, framesPerSecond, burst, System::nanoTime);
    }

    FrameRateLimiter(MessageCodec codec, int framesPerSecond, int burst, LongSupplier clock) {
        this.codec = codec;
        this.clock = clock;
        this.bucket = new TokenBucket(framesPerSecond, burst, clock.getAsLong());
    }

    /** The budget of a client endpoint ({@code /ws}, {@code /game}, an unregistered {@code /control}). */
    public static FrameRateLimiter forClients(MessageCodec codec) {
        return new FrameRateLimiter(codec, CLIENT_FRAMES_PER_SECOND, CLIENT_FRAME_BURST);
    }

    /** Removes the limiter named {@code name} from a connection that has become trusted, if it is there. */
    public static void lift(ChannelPipeline pipeline, String name) {
        if (pipeline.get(name) != null) {
            pipeline.remove(name);
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof WebSocketFrame)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (closing) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (bucket.tryTake(clock.getAsLong())) {
            ctx.fireChannelRead(msg);
            return;
        }
        ReferenceCountUtil.release(msg);
        closing = true;
        LOG.info("closing {}: frame flood", ctx.channel().remoteAddress());
        ErrorMessage error = ErrorMessage.of(ErrorCode.RATE_LIMITED, "too many frames; connection closed", null);
        // Written from here, the frames skip the handlers after this one, which a flood must not reach any more.
        ctx.write(new TextWebSocketFrame(codec.encode(error)));
        ctx.writeAndFlush(new CloseWebSocketFrame(Limits.CLOSE_POLICY, error.code()))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
