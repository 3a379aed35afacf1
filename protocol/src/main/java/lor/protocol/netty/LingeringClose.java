package lor.protocol.netty;

import java.util.concurrent.TimeUnit;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.ReferenceCountUtil;

/**
 * Closes a WebSocket connection the way a web server's lingering close does. Once the server has sent its close
 * frame, closing the socket while the peer's bytes are still unread or arriving makes the kernel answer with a
 * reset, and a reset can destroy the close frame (its code and reason) on its way to the peer. That is the usual
 * case after a frame refused from its header (a protocol violation, an oversized frame, a flood): the rest of it is
 * still coming. So the server half-closes instead (its close frame and then FIN go out), reads and drops what still
 * arrives, and closes when the peer hangs up or after {@link #LINGER_MILLIS}.
 *
 * <p>Added to the pipeline after the {@link WebSocketServerProtocolHandler}; at the handshake it moves to between
 * Netty's frame encoder and decoder, where it sees every close frame written (the decoder's own on a protocol
 * violation too) and every inbound byte before it is decoded. A session whose end matters before the socket's (a
 * player leaving the world) ends on {@link Closing#EVENT}. Per connection, confined to its event loop.
 */
public final class LingeringClose extends ChannelDuplexHandler {

    /**
     * Fired through the pipeline when a connection starts to linger: for its handlers the connection is over now
     * (what still arrives is dropped), although {@code channelInactive} comes only when the peer hangs up.
     */
    public enum Closing { EVENT }

    public static final String NAME = "lingering-close";
    /** Longest wait for the peer to hang up after the server's close frame. */
    static final long LINGER_MILLIS = 2_000;
    /** Where {@code WebSocketServerHandshaker} puts the frame encoder (before the decoder). */
    private static final String FRAME_ENCODER = "wsencoder";

    private final boolean placed;
    /** The write of the first close frame; null until one is written. */
    private ChannelFuture closeFrame;
    private boolean lingering;

    private LingeringClose(boolean placed) {
        this.placed = placed;
    }

    /** The handler to add after the WebSocket protocol handler; it puts its working copy in place at the handshake. */
    public static LingeringClose installer() {
        return new LingeringClose(false);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (!placed && evt instanceof WebSocketServerProtocolHandler.HandshakeComplete) {
            ChannelPipeline pipeline = ctx.pipeline();
            ctx.fireUserEventTriggered(evt);
            pipeline.remove(this);
            if (pipeline.get(FRAME_ENCODER) != null && pipeline.get(NAME) == null) {
                pipeline.addAfter(FRAME_ENCODER, NAME, new LingeringClose(true));
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (msg instanceof CloseWebSocketFrame && closeFrame == null) {
            ChannelPromise written = promise.unvoid();
            closeFrame = written;
            super.write(ctx, msg, written);
            return;
        }
        super.write(ctx, msg, promise);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (lingering) {
            ReferenceCountUtil.release(msg);
            return;
        }
        super.channelRead(ctx, msg);
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) throws Exception {
        if (lingering) {
            // A second close (Netty's protocol handler closes again after the decoder's own close) waits too.
            ctx.channel().closeFuture().addListener(f -> promise.trySuccess());
            return;
        }
        // Only a close frame the socket took is worth lingering for: one still queued (a peer that does not read)
        // would be discarded by the half close anyway, so such a connection closes at once.
        if (!placed || closeFrame == null || !closeFrame.isSuccess() || !(ctx.channel() instanceof DuplexChannel duplex)
                || !duplex.isActive() || duplex.isOutputShutdown()) {
            super.close(ctx, promise);
            return;
        }
        lingering = true;
        // Reading on is how the peer's hang-up (or its late bytes) is seen; a handler may have paused it.
        ctx.channel().config().setAutoRead(true);
        duplex.shutdownOutput();
        ctx.fireUserEventTriggered(Closing.EVENT);
        // A peer that hangs up closes the channel before this runs; then it only completes the promise.
        ctx.executor().schedule(() -> ctx.close(promise), LINGER_MILLIS, TimeUnit.MILLISECONDS);
    }
}
