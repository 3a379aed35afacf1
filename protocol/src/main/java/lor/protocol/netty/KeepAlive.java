package lor.protocol.netty;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.Future;
import lor.protocol.Limits;

/**
 * Drops peers that are gone without saying so (a pulled cable, a frozen client, a half-open TCP connection): once
 * the connection speaks WebSocket, it is pinged every {@code pingInterval}; a connection from which nothing at all
 * has been read for {@code timeout} (a pong, any frame, any byte) is closed, with a close frame 1001
 * {@code ping timeout} when it speaks WebSocket. Browsers and Netty clients answer pings on their own.
 *
 * <p>First in the pipeline, so that every byte read counts as life, whatever the handlers behind make of it.
 */
public final class KeepAlive extends IdleStateHandler {

    public static final String NAME = "keep-alive";
    public static final String CLOSE_REASON = "ping timeout";

    /** How a server pings and waits: every 10 s, dropping a peer silent for 30 s. */
    public static final Settings DEFAULTS = new Settings(Duration.ofSeconds(10), Duration.ofSeconds(30));

    /**
     * @param pingInterval between two pings; shorter than {@code timeout}, so that a live peer always answers in time
     */
    public record Settings(Duration pingInterval, Duration timeout) {

        public Settings {
            if (pingInterval.isNegative() || pingInterval.isZero() || pingInterval.compareTo(timeout) >= 0) {
                throw new IllegalArgumentException("the ping interval must be positive and shorter than the timeout");
            }
        }

        public static Settings ofMillis(long pingIntervalMs, long timeoutMs) {
            return new Settings(Duration.ofMillis(pingIntervalMs), Duration.ofMillis(timeoutMs));
        }
    }

    private final long pingIntervalNanos;
    private Future<?> pings;

    public KeepAlive(Settings settings) {
        super(settings.timeout().toNanos(), 0, 0, TimeUnit.NANOSECONDS);
        this.pingIntervalNanos = settings.pingInterval().toNanos();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        super.handlerAdded(ctx);
        if (ctx.channel().isActive() && ctx.channel().isRegistered()) {
            startPinging(ctx);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        startPinging(ctx);
        super.channelActive(ctx);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        stopPinging();
        super.channelInactive(ctx);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) throws Exception {
        stopPinging();
        super.handlerRemoved(ctx);
    }

    private void startPinging(ChannelHandlerContext ctx) {
        if (pings == null) {
            pings = ctx.executor().scheduleAtFixedRate(() -> ping(ctx), pingIntervalNanos, pingIntervalNanos,
                    TimeUnit.NANOSECONDS);
        }
    }

    private void stopPinging() {
        if (pings != null) {
            pings.cancel(false);
        }
    }

    private static void ping(ChannelHandlerContext ctx) {
        Channel channel = ctx.channel();
        if (channel.isActive() && speaksWebSocket(ctx)) {
            // From the tail: the ping goes through the WebSocket encoder like any frame.
            channel.writeAndFlush(new PingWebSocketFrame());
        }
    }

    @Override
    protected void channelIdle(ChannelHandlerContext ctx, IdleStateEvent event) {
        if (event.state() != IdleState.READER_IDLE) {
            return;
        }
        stopPinging();
        if (speaksWebSocket(ctx)) {
            // Written if the socket takes it; a peer that is gone will not read it anyway, so close at once.
            ctx.channel().writeAndFlush(new CloseWebSocketFrame(Limits.CLOSE_GOING_AWAY, CLOSE_REASON));
        }
        ctx.close();
    }

    /** The handshake installs the frame encoder: from then on, frames may be written. */
    private static boolean speaksWebSocket(ChannelHandlerContext ctx) {
        return ctx.pipeline().get(WebSocketFrameEncoder.class) != null;
    }
}
