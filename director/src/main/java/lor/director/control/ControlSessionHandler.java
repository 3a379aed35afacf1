package lor.director.control;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import lor.director.world.ControlChannel;
import lor.director.world.WorldSupervisor;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.log.LogRate;
import lor.protocol.netty.FrameRateLimiter;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.OversizeClosingFrameAggregator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The director's end of one world process's control connection, and the {@link ControlChannel} the supervisor
 * knows it by in every state. Every frame must be text the codec can read, whatever the state; what a readable
 * message means is up to the handler of the connection's {@link ControlState}, which is replaced on every
 * transition. Until a world or spare registers its messages are limited to client size and counted against a flood
 * budget; a registered world's snapshots may reach the configured limit. Event-loop confined but for the
 * {@link ControlChannel} methods.
 */
public final class ControlSessionHandler extends SimpleChannelInboundHandler<WebSocketFrame>
        implements ControlChannel {

    private static final Logger LOG = LoggerFactory.getLogger(ControlSessionHandler.class);
    /** Anyone who can reach the port can send bad frames: they are reported, not each logged. */
    private static final LogRate BAD_FRAMES = new LogRate();

    private final WorldSupervisor supervisor;
    private final MessageCodec codec = ControlMessages.directorCodec();
    private final int maxSnapshotBytes;
    private final long portalTimeoutMs;
    private ChannelHandlerContext ctx;
    private ControlStateHandler handler = new UnregisteredHandler(this);

    public ControlSessionHandler(WorldSupervisor supervisor, int maxSnapshotBytes, long portalTimeoutMs) {
        this.supervisor = supervisor;
        this.maxSnapshotBytes = maxSnapshotBytes;
        this.portalTimeoutMs = portalTimeoutMs;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, WebSocketFrame frame) {
        // Only data frames get here (the protocol handler keeps the control frames); the channel speaks JSON text,
        // and a binary frame left to the pipeline's tail would be dropped without the peer ever hearing why.
        if (!(frame instanceof TextWebSocketFrame text)) {
            long reported = BAD_FRAMES.occurred();
            if (reported > 0) {
                LOG.warn("binary control message from {} ({} bad messages since the last report)", describe(),
                        reported);
            }
            refuse(ErrorCode.BAD_REQUEST, "only text frames are accepted");
            return;
        }
        Message message;
        try {
            message = codec.decode(text.text());
        } catch (ProtocolException e) {
            long reported = BAD_FRAMES.occurred();
            if (reported > 0) {
                LOG.warn("unreadable control message from {}: {} ({} bad messages since the last report)",
                        describe(), e.getMessage(), reported);
            }
            refuse(e.code(), e.getMessage());
            return;
        }
        handler.onMessage(message);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        handler.onClosed();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (MessageFrames.isExpectedFailure(cause)) {
            LOG.debug("control connection of {} closed: {}", describe(), cause.toString());
        } else {
            LOG.warn("control connection of {} failed", describe(), cause);
        }
        ctx.close();
    }

    ControlState state() {
        return handler.state();
    }

    /** The transition to {@code next}: from now on it answers what this connection reads. */
    void become(ControlStateHandler next) {
        handler = next;
    }

    WorldSupervisor supervisor() {
        return supervisor;
    }

    long portalTimeoutMs() {
        return portalTimeoutMs;
    }

    void pauseReading() {
        ctx.channel().config().setAutoRead(false);
    }

    void resumeReading() {
        ctx.channel().config().setAutoRead(true);
    }

    /** Runs {@code task} on this connection's event loop, at once when already there. */
    void onLoop(Runnable task) {
        if (ctx.executor().inEventLoop()) {
            task.run();
        } else {
            ctx.executor().execute(task);
        }
    }

    /** Its spawn token proved the peer ours: its frames are no longer counted against a flood budget. */
    void liftFrameLimit() {
        FrameRateLimiter.lift(ctx.pipeline(), ControlEndpoint.FRAME_LIMIT);
    }

    /**
     * A world has registered: frames after the registration are read with the snapshot limit (the world sends nothing
     * before it is answered), and its snapshots, beats and status are not counted against a flood budget.
     */
    void admitWorldMessages() {
        ctx.pipeline().replace(ControlEndpoint.FRAME_AGGREGATOR, ControlEndpoint.FRAME_AGGREGATOR,
                new OversizeClosingFrameAggregator(maxSnapshotBytes));
        liftFrameLimit();
    }

    /** Sends {@code code} and closes the connection. */
    void refuse(ErrorCode code, String reason) {
        MessageFrames.closeWithError(ctx.channel(), codec, ErrorMessage.of(code, reason, null));
    }

    @Override
    public void send(Message message) {
        MessageFrames.writeText(ctx.channel(), codec.encode(message));
    }

    @Override
    public void close() {
        ctx.channel().close();
    }

    @Override
    public void release(String reason) {
        refuse(ErrorCode.UNAVAILABLE, reason);
    }

    @Override
    public boolean isOpen() {
        return ctx.channel().isActive();
    }

    private String describe() {
        return handler instanceof WorldHandler world ? "world " + world.worldId()
                : String.valueOf(ctx.channel().remoteAddress());
    }
}
