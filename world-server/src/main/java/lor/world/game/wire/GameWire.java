package lor.world.game.wire;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.DuplexChannel;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.netty.FrameRateLimiter;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.ServerFrameHeader;
import lor.protocol.netty.TokenBucket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A game connection after its upgrade, in one stage: the whole pipeline between the socket (or TLS) and the player's
 * {@link WireSession}. It reads client frames in place ({@link ClientFrameReader}), holds every frame of any kind
 * to the connection's budget (a flood gets {@code rate_limited} and close 1008, as {@link FrameRateLimiter} does on
 * the director's endpoints), answers pings, writes the server's frames as pre-framed bytes, is kept alive by its
 * event loop's {@link KeepAliveSweep}, and closes the way a web server's lingering close does: after its close frame
 * is out it half-closes, drops what still arrives and closes when the peer hangs up or after
 * {@link #LINGER_MILLIS}, so that a reset cannot destroy the close frame on its way.
 *
 * <p>It replaces a dozen general handlers (HTTP codec remnants, the idle timer and ping schedule, Netty's frame
 * decoder, UTF-8 validator, protocol handler, frame aggregator, encoder, the budget and the lingering close), each
 * a hop and most an allocation per frame: a whole frame read here allocates nothing. Confined to the connection's
 * event loop; {@link WireSession}'s calls from other threads go through {@link #channel()}'s loop.
 */
public final class GameWire extends ChannelInboundHandlerAdapter implements ClientFrameReader.Frames {

    private static final Logger LOG = LoggerFactory.getLogger(GameWire.class);

    public static final String NAME = "game-wire";
    /** Longest wait for the peer to hang up after the server's close frame. */
    static final long LINGER_MILLIS = 2_000;
    /** Frames up to this size are gathered into one buffer before they are written (see {@link #gathered}). */
    static final int GATHER_MAX_BYTES = 16 * 1024;
    private static final int OPCODE_CLOSE = 0x8;
    private static final int OPCODE_PING = 0x9;
    private static final int OPCODE_PONG = 0xA;

    private final WireSession session;
    private final KeepAliveSweep.Sweeps sweeps;
    private final TokenBucket budget;
    private ChannelHandlerContext ctx;
    private ClientFrameReader reader;
    private KeepAliveSweep sweep;
    /** This connection's place in its sweep's list, or -1; the sweep's. */
    int sweepIndex = -1;
    private long lastReadNanos;
    private long lastPingNanos;
    /** When the bytes being read arrived: the budget's clock, read once per read rather than once per frame. */
    private long readNanos;
    /** The first close frame written, or null: after it nothing else is written. */
    private ChannelFuture closeFrame;
    private boolean lingering;

    /** With a client endpoint's frame budget ({@link FrameRateLimiter#forClients}). */
    public GameWire(WireSession session, KeepAliveSweep.Sweeps sweeps) {
        this(session, sweeps, FrameRateLimiter.CLIENT_FRAMES_PER_SECOND, FrameRateLimiter.CLIENT_FRAME_BURST);
    }

    /** @param framesPerSecond and {@code burst}: the connection's frame budget, of frames of any kind */
    public GameWire(WireSession session, KeepAliveSweep.Sweeps sweeps, int framesPerSecond, int burst) {
        this.session = session;
        this.sweeps = sweeps;
        this.budget = new TokenBucket(framesPerSecond, burst, System.nanoTime());
    }

    /** Creates the sweeps of one game endpoint, one per event loop it uses. */
    public static KeepAliveSweep.Sweeps sweeps(KeepAlive.Settings settings) {
        return new KeepAliveSweep.Sweeps(settings);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        this.reader = new ClientFrameReader(this, ctx.alloc(), Limits.MAX_CLIENT_FRAME_BYTES);
        lastReadNanos = lastPingNanos = System.nanoTime();
        sweep = sweeps.of(ctx.channel().eventLoop());
        sweep.add(this);
        session.attach(this);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        sweep.remove(this);
        reader.release();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof ByteBuf bytes)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        try {
            readNanos = System.nanoTime();
            lastReadNanos = readNanos;
            if (!lingering) {
                reader.read(bytes);
            }
        } finally {
            bytes.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        sweep.remove(this);
        reader.release();
        session.end();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (MessageFrames.isExpectedFailure(cause)) {
            LOG.debug("game connection {} closed: {}", ctx.channel().remoteAddress(), cause.toString());
        } else {
            LOG.warn("game connection {} failed", ctx.channel().remoteAddress(), cause);
        }
        ctx.close();
    }

    // ---- frames read ----------------------------------------------------------------------------------------------

    @Override
    public boolean admit() {
        if (budget.tryTake(readNanos)) {
            return true;
        }
        LOG.info("closing {}: frame flood", ctx.channel().remoteAddress());
        closeWithError(ErrorMessage.of(ErrorCode.RATE_LIMITED, "too many frames; connection closed", null),
                Limits.CLOSE_POLICY);
        return false;
    }

    @Override
    public void text(ByteBuf utf8) {
        session.onText(utf8);
    }

    @Override
    public void binary() {
        session.onBinary();
    }

    @Override
    public void ping(ByteBuf payload) {
        if (closeFrame == null) {
            // Copied, as a close's payload is: it lies in the read buffer.
            writeControl(withHeaderRoom(payload.readableBytes()).writeBytes(payload), OPCODE_PONG);
        }
    }

    @Override
    public void pong() {
        // Its arrival is what counts, and the read has noted it.
    }

    /**
     * A client that says goodbye has left; its close is answered with its own status and reason, as RFC 6455 asks.
     * A close that answers the server's own is no goodbye: the connection just ends.
     */
    @Override
    public void close(ByteBuf payload) {
        reader.stop();
        if (closeFrame != null) {
            return;
        }
        session.onGoodbye();
        // Copied: the payload lies in the read buffer, which is released (or reused) after this read.
        writeClose(withHeaderRoom(payload.readableBytes()).writeBytes(payload));
        lingerOnceWritten();
    }

    @Override
    public void violation(int status, String reason) {
        LOG.debug("game connection {} broke the protocol: {}", ctx.channel().remoteAddress(), reason);
        writeClose(status, reason);
        lingerOnceWritten();
    }

    // ---- frames written -------------------------------------------------------------------------------------------

    /**
     * Writes a frame of {@code payload}'s readable bytes, not flushed; takes ownership. A payload with room before it
     * ({@link ServerFrameHeader}) gets its header there, one buffer; else the header goes out as a buffer of its own
     * in front, in the same gathering write. Nothing follows a close frame.
     */
    public void write(ByteBuf payload, int opcode) {
        if (closeFrame != null || lingering) {
            payload.release();
            return;
        }
        if (payload instanceof CompositeByteBuf parts && parts.numComponents() > 1
                && parts.readableBytes() <= GATHER_MAX_BYTES) {
            payload = gathered(parts);
        }
        if (!ServerFrameHeader.prepend(payload, opcode)) {
            ByteBuf header = ctx.alloc().buffer(ServerFrameHeader.MAX_BYTES);
            ServerFrameHeader.write(header, opcode, payload.readableBytes());
            ctx.write(header, ctx.voidPromise());
        }
        ctx.write(payload, ctx.voidPromise());
    }

    /**
     * A state frame's parts (its own head, regions shared with other connections) in one buffer of its own, with room
     * for the header. The socket's gathering write would otherwise make a {@code ByteBuffer} of every part for every
     * connection (Netty's {@code nioBuffers}), where one buffer goes by its address: copying a few hundred bytes costs
     * less than that garbage, which was a third of a 1,000-player world's allocations. The parts are released.
     */
    private ByteBuf gathered(CompositeByteBuf parts) {
        try {
            int length = parts.readableBytes();
            ByteBuf one = withHeaderRoom(length);
            // Part by part into the buffer (writeBytes would ask the composite for one merged NIO buffer: a copy more).
            parts.getBytes(parts.readerIndex(), one, one.writerIndex(), length);
            return one.writerIndex(one.writerIndex() + length);
        } finally {
            parts.release();
        }
    }

    public void flush() {
        ctx.flush();
    }

    /** Writes {@code text} as a text frame and flushes. */
    public void writeText(String text) {
        ByteBuf utf8 = withHeaderRoom(ByteBufUtil.utf8MaxBytes(text));
        ByteBufUtil.writeUtf8(utf8, text);
        write(utf8, ServerFrameHeader.OPCODE_TEXT);
        flush();
    }

    /** Writes {@code error} as the last message, then a close frame with {@code status} naming its code, and closes. */
    public void closeWithError(ErrorMessage error, int status) {
        reader.stop();
        if (closeFrame != null) {
            return;
        }
        writeText(session.encode(error));
        writeClose(status, error.code());
        lingerOnceWritten();
    }

    /** Writes {@code message}, then a close frame with {@code status} and {@code reason}, and closes once it is out. */
    public void closeAfter(String message, int status, String reason) {
        reader.stop();
        if (closeFrame != null) {
            return;
        }
        writeText(message);
        writeClose(status, reason);
        lingerOnceWritten();
    }

    /**
     * Closes at once, for a peer that does not read (it would never let a close frame be flushed) or is gone; the
     * close frame with {@code reason} is written if the socket still takes it.
     */
    public void closeNow(int status, String reason) {
        reader.stop();
        if (closeFrame == null) {
            writeClose(status, reason);
        }
        ctx.close();
    }

    private void writeClose(int status, String reason) {
        byte[] text = reason.getBytes(StandardCharsets.UTF_8);
        // A control frame's payload is at most 125 bytes: the status and 123 of the reason.
        writeClose(withHeaderRoom(2 + text.length).writeShort(status).writeBytes(text, 0, Math.min(text.length, 123)));
    }

    /** An empty buffer for {@code size} bytes, with room in front for a frame header. */
    private ByteBuf withHeaderRoom(int size) {
        ByteBuf buf = ctx.alloc().buffer(ServerFrameHeader.MAX_BYTES + size);
        return buf.writerIndex(ServerFrameHeader.MAX_BYTES).readerIndex(ServerFrameHeader.MAX_BYTES);
    }

    /** A ping or a pong, flushed at once: {@code payload} has room for the header in front. */
    private void writeControl(ByteBuf payload, int opcode) {
        ServerFrameHeader.prepend(payload, opcode);
        ctx.writeAndFlush(payload, ctx.voidPromise());
    }

    /** @param payload with room for the header in front */
    private void writeClose(ByteBuf payload) {
        if (closeFrame != null || lingering) {
            payload.release();
            return;
        }
        ServerFrameHeader.prepend(payload, OPCODE_CLOSE);
        closeFrame = ctx.writeAndFlush(payload);
    }

    /** Closes once the close frame is out: lingering when the socket took it, at once when it failed. */
    private void lingerOnceWritten() {
        closeFrame.addListener(written -> linger());
    }

    private void linger() {
        Channel channel = ctx.channel();
        if (lingering) {
            return;
        }
        if (!closeFrame.isSuccess() || !(channel instanceof DuplexChannel duplex) || !duplex.isActive()
                || duplex.isOutputShutdown()) {
            ctx.close();
            return;
        }
        lingering = true;
        reader.stop();
        // For the world the player is gone now, although the socket lingers: nothing it sends may reach a tick.
        session.end();
        // Reading on is how the peer's hang-up is seen; a paused connection would never see it.
        channel.config().setAutoRead(true);
        duplex.shutdownOutput();
        ctx.executor().schedule(() -> ctx.close(), LINGER_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Called by the sweep: pings a connection due for one, closes one silent for the timeout (1001). */
    void keepAlive(long now, long pingIntervalNanos, long timeoutNanos) {
        if (lingering || !ctx.channel().isActive()) {
            return;
        }
        if (now - lastReadNanos >= timeoutNanos) {
            LOG.debug("game connection {}: no answer to pings", ctx.channel().remoteAddress());
            closeNow(Limits.CLOSE_GOING_AWAY, KeepAlive.CLOSE_REASON);
        } else if (now - lastPingNanos >= pingIntervalNanos && closeFrame == null) {
            lastPingNanos = now;
            writeControl(withHeaderRoom(0), OPCODE_PING);
        }
    }

    /** The connection, for what the session asks of it from any thread (writability, queued bytes, its loop). */
    public Channel channel() {
        return ctx.channel();
    }
}
