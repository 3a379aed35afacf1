package lor.protocol.netty;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deadlines of a connection while it speaks HTTP, placed right after the HTTP codec. A new connection must have sent
 * a complete request within the handshake timeout of connecting, whether it sends nothing or trickles its headers a
 * byte at a time (Netty's WebSocket handshake timeout only starts once the upgrade request is complete). Once a
 * response has gone out, a kept-alive connection must send its next complete request within the idle timeout. While a
 * request is being answered no deadline runs. The handler steps aside once the connection is upgraded to a WebSocket
 * (the {@code 101} response), whose own rules then apply.
 */
public final class HttpDeadlines extends ChannelDuplexHandler {

    private static final Logger LOG = LoggerFactory.getLogger(HttpDeadlines.class);

    /** How long a first request (or WebSocket upgrade) may take to arrive, from the connection's start. */
    public static final long DEFAULT_HANDSHAKE_TIMEOUT_MS = 10_000;
    /** How long a kept-alive HTTP connection may wait for its next request. */
    public static final long DEFAULT_IDLE_TIMEOUT_MS = 30_000;

    private final long handshakeTimeoutMs;
    private final long idleTimeoutMs;
    private ScheduledFuture<?> deadline;
    /** Requests read and not yet answered in full. */
    private int pending;
    private boolean upgraded;

    public HttpDeadlines(long handshakeTimeoutMs, long idleTimeoutMs) {
        if (handshakeTimeoutMs <= 0 || idleTimeoutMs <= 0) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
        this.handshakeTimeoutMs = handshakeTimeoutMs;
        this.idleTimeoutMs = idleTimeoutMs;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        // Added in the channel initializer: the connection is registered (and, for an accepted one, already active).
        arm(ctx, handshakeTimeoutMs, "no complete request within the handshake timeout");
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        cancel();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancel();
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        // A request the codec could not parse is no request: its deadline keeps running.
        if (msg instanceof LastHttpContent last && last.decoderResult().isSuccess()) {
            pending++;
            cancel();
        }
        ctx.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response
                && response.status().code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
            upgraded = true;
            cancel();
            ctx.write(msg, promise);
            ctx.pipeline().remove(this);
            return;
        }
        if (msg instanceof LastHttpContent) {
            ctx.write(msg, promise.unvoid()).addListener(written -> {
                pending = Math.max(0, pending - 1);
                if (pending == 0 && !upgraded && ctx.channel().isActive()) {
                    arm(ctx, idleTimeoutMs, "idle after its last response");
                }
            });
            return;
        }
        ctx.write(msg, promise);
    }

    private void arm(ChannelHandlerContext ctx, long timeoutMs, String why) {
        cancel();
        deadline = ctx.executor().schedule(() -> {
            LOG.debug("closing {}: {}", ctx.channel().remoteAddress(), why);
            ctx.close();
        }, timeoutMs, TimeUnit.MILLISECONDS);
    }

    private void cancel() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }
}
