package lor.world.game;

import java.util.concurrent.Executor;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketCloseStatus;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrameEncoder;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MoveFrameReader;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.ObjectActionMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.netty.HttpResponses;
import lor.protocol.netty.LingeringClose;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.OriginGuard;
import lor.protocol.netty.ServerFrameHeader;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.sim.content.ContentPack;
import lor.sim.world.Direction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One player's game connection: a two-state machine. Before {@code hello} only {@code hello} is legal; a bad
 * ticket closes the connection. After it the player is in the world and sends {@code move} intents and actions on
 * objects, which this handler validates, rate-limits (one budget for both) and hands to the tick thread through a
 * bounded {@link IntentQueue}, the names of an action read as indices of the world's content pack. It decodes and
 * validates on the event loop and never touches the world.
 */
public final class GameSessionHandler extends ChannelInboundHandlerAdapter implements PlayerConnection {

    private static final Logger LOG = LoggerFactory.getLogger(GameSessionHandler.class);

    /** Intents one connection may have waiting for ticks: more than a second's worth at the default rate. */
    static final int INTENT_QUEUE_CAPACITY = 32;

    private enum State { AWAITING_HELLO, IN_WORLD, ENDED }

    private final MessageCodec codec;
    private final TicketGate gate;
    private final GameAdmission admission;
    private final int intentsPerSecond;
    private final ContentPack pack;
    private final IntentQueue intents = new IntentQueue(INTENT_QUEUE_CAPACITY);
    private volatile State state = State.AWAITING_HELLO;
    private volatile long accountId;
    private IntentLimiter limiter;
    /** Highest seq seen on this connection; a move must carry a higher one. Event-loop confined. */
    private long lastSeq = -1;
    /** The server started the closing handshake (an error, a transfer, a cut-off): a close frame back is no goodbye. */
    private boolean serverClosing;
    /** The client closed the connection itself with a close frame: the player left, rather than was lost. */
    private boolean clientClosed;
    private Channel channel;
    /** Where pre-framed bytes enter the pipeline; event-loop confined. */
    private ChannelHandlerContext frameEncoder;
    /** Something was written and not yet flushed; event-loop confined. */
    private boolean unflushed;

    public GameSessionHandler(MessageCodec codec, TicketGate gate, GameAdmission admission, int intentsPerSecond,
                              ContentPack pack) {
        this.codec = codec;
        this.gate = gate;
        this.admission = admission;
        this.intentsPerSecond = intentsPerSecond;
        this.pack = pack;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (state == State.ENDED) {
                return;
            }
            if (msg instanceof FullHttpRequest request) {
                HttpResponses.notFound(ctx, request);
            } else if (msg instanceof TextWebSocketFrame frame) {
                onText(frame);
            } else if (msg instanceof CloseWebSocketFrame close) {
                onClose(ctx, close);
            } else if (msg instanceof WebSocketFrame) {
                send(ErrorMessage.of(ErrorCode.BAD_REQUEST, "only text frames are accepted", null));
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    /**
     * A client that says goodbye has left; one whose connection is lost any other way is held for the world's
     * reconnect window. The close is answered with the client's own status, as RFC 6455 asks.
     */
    private void onClose(ChannelHandlerContext ctx, CloseWebSocketFrame close) {
        if (!serverClosing) {
            clientClosed = true;
        }
        serverClosing = true;
        ctx.writeAndFlush(new CloseWebSocketFrame(true, 0, close.content().retainedDuplicate()))
                .addListener(ChannelFutureListener.CLOSE);
    }

    private void onText(TextWebSocketFrame frame) {
        // Nearly every frame is a plain move: read it from the bytes; anything else, and every refusal, is the codec's.
        Message message = MoveFrameReader.read(frame.content());
        if (message == null) {
            try {
                message = codec.decode(frame.text());
            } catch (ProtocolException e) {
                send(ErrorMessage.of(e));
                return;
            }
        }
        if (message instanceof HelloMessage hello) {
            onHello(hello);
        } else if (state == State.AWAITING_HELLO) {
            send(ErrorMessage.of(ErrorCode.NOT_AUTHENTICATED, "say hello with a ticket first", message.ref()));
        } else if (message instanceof MoveMessage move) {
            onMove(move);
        } else if (message instanceof ObjectActionMessage action) {
            onAction(action);
        } else {
            // Every in-world message type is handled above; a type registered without a handler lands here.
            send(ErrorMessage.of(ErrorCode.NOT_ALLOWED, message.type() + " is not handled", message.ref()));
        }
    }

    private void onHello(HelloMessage hello) {
        if (state != State.AWAITING_HELLO) {
            send(ErrorMessage.of(ErrorCode.NOT_ALLOWED, "hello was already accepted", hello.ref()));
            return;
        }
        Ticket ticket;
        try {
            if (hello.ticket() == null) {
                throw new TicketException("no ticket");
            }
            ticket = gate.admit(hello.ticket());
        } catch (TicketException e) {
            LOG.info("refused hello from {}: {}", channel.remoteAddress(), e.getMessage());
            closeWith(ErrorCode.BAD_TICKET, "ticket refused", hello.ref());
            return;
        }
        accountId = ticket.accountId();
        limiter = new IntentLimiter(intentsPerSecond, System.nanoTime());
        state = State.IN_WORLD;
        if (!admission.admit(this, ticket, hello.wantsBinary(), hello.names(), hello.ref())) {
            closeWith(ErrorCode.WORLD_UNAVAILABLE, "world is not admitting players", hello.ref());
        }
    }

    private void onMove(MoveMessage move) {
        if (acceptSeq(move.seq(), move.ref())) {
            enqueue(move.seq(), Direction.parse(move.dir()), 0, move.ref());
        }
    }

    private void onAction(ObjectActionMessage action) {
        if (acceptSeq(action.seq(), action.ref())) {
            enqueue(action.seq(), null, ActionPacking.pack(action, pack), action.ref());
        }
    }

    /** A seq must fit the queue's packing and increase on the connection; else the intent is refused whole. */
    private boolean acceptSeq(long seq, Object ref) {
        if (seq > IntentQueue.MAX_SEQ) {
            send(ErrorMessage.of(ErrorCode.BAD_REQUEST, "seq must be at most " + IntentQueue.MAX_SEQ, ref));
            return false;
        }
        if (seq <= lastSeq) {
            send(ErrorMessage.of(ErrorCode.BAD_REQUEST, "seq must increase: the last was " + lastSeq, ref));
            return false;
        }
        lastSeq = seq;
        return true;
    }

    /** Moves and actions share one rate budget and one queue: a player gets one intent per tick, whatever it is. */
    private void enqueue(long seq, Direction direction, long action, Object ref) {
        switch (limiter.admit(System.nanoTime())) {
            case ACCEPT -> {
                boolean queued = direction != null ? intents.offer(seq, direction) : intents.offerAction(seq, action);
                if (!queued) {
                    send(new RejectedMessage(seq, RejectedMessage.RATE_LIMITED));
                }
            }
            case REFUSE -> send(new RejectedMessage(seq, RejectedMessage.RATE_LIMITED));
            case CLOSE -> {
                LOG.info("closing game connection of account {}: intent flood", accountId);
                closeWith(ErrorCode.RATE_LIMITED, "too many intents; connection closed", ref);
            }
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        end();
        ctx.fireChannelInactive();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof WebSocketServerProtocolHandler.HandshakeComplete
                && ctx.pipeline().get(OriginGuard.class) != null) {
            // The upgrade took the HTTP decoder away: the guard would see no request again, only every frame.
            ctx.pipeline().remove(OriginGuard.class);
        }
        if (evt == LingeringClose.Closing.EVENT) {
            // The socket lingers for the close frame's sake, but the player is gone now: nothing it sent after
            // this may reach a tick, and a connection it opens meanwhile must find it held, not still playing.
            end();
        }
        ctx.fireUserEventTriggered(evt);
    }

    private void end() {
        if (state == State.IN_WORLD) {
            admission.leave(this, clientClosed);
        }
        state = State.ENDED;
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

    @Override
    public long accountId() {
        return accountId;
    }

    @Override
    public void send(Message message) {
        channel.writeAndFlush(new TextWebSocketFrame(codec.encode(message)));
    }

    @Override
    public void sendFrame(ByteBuf frame) {
        channel.writeAndFlush(new TextWebSocketFrame(frame));
    }

    /**
     * A frame with room for its header in front ({@link ServerFrameHeader}, as the broadcasts and rejections leave)
     * is written as bytes below Netty's frame encoder, which would copy a small frame's shared parts into one buffer
     * per connection; with a void promise, as nobody waits for a tick's frame.
     */
    @Override
    public void write(ByteBuf frame, boolean binary) {
        if (serverClosing || state == State.ENDED) {
            // As Netty's protocol handler does once a close frame is out: nothing follows it.
            frame.release();
            return;
        }
        ChannelHandlerContext encoder = frameEncoder();
        int opcode = binary ? ServerFrameHeader.OPCODE_BINARY : ServerFrameHeader.OPCODE_TEXT;
        if (encoder != null && ServerFrameHeader.prepend(frame, opcode)) {
            encoder.write(frame, encoder.voidPromise());
        } else {
            channel.write(binary ? new BinaryWebSocketFrame(frame) : new TextWebSocketFrame(frame),
                    channel.voidPromise());
        }
        unflushed = true;
    }

    @Override
    public void flush() {
        if (unflushed) {
            unflushed = false;
            // From where the frames went in: the handlers above the encoder only pass a flush on.
            ChannelHandlerContext encoder = frameEncoder();
            if (encoder != null) {
                encoder.flush();
            } else {
                channel.flush();
            }
        }
    }

    /** Netty's WebSocket frame encoder, found once: the handshake puts it in place before any hello is read. */
    private ChannelHandlerContext frameEncoder() {
        if (frameEncoder == null || frameEncoder.isRemoved()) {
            frameEncoder = channel.pipeline().context(WebSocketFrameEncoder.class);
        }
        return frameEncoder;
    }

    @Override
    public Executor writer() {
        return channel.eventLoop();
    }

    @Override
    public boolean isWritable() {
        return channel.isWritable();
    }

    @Override
    public long pendingOutboundBytes() {
        ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }

    @Override
    public IntentQueue intents() {
        return intents;
    }

    @Override
    public void closeWith(ErrorCode code, String message) {
        closeWith(code, message, null);
    }

    @Override
    public void disconnect(String reason) {
        markServerClosing();
        // Closed at once, not once the close frame is flushed: a peer that does not read would never let it be.
        channel.writeAndFlush(new CloseWebSocketFrame(Limits.CLOSE_POLICY, reason));
        channel.close();
    }

    @Override
    public void transferOut(Message transfer) {
        markServerClosing();
        channel.write(new TextWebSocketFrame(codec.encode(transfer)));
        channel.writeAndFlush(new CloseWebSocketFrame(WebSocketCloseStatus.NORMAL_CLOSURE, "transferred"))
                .addListener(ChannelFutureListener.CLOSE);
    }

    private void closeWith(ErrorCode code, String message, Object ref) {
        markServerClosing();
        int status = code == ErrorCode.REPLACED ? Limits.CLOSE_REPLACED : Limits.CLOSE_POLICY;
        MessageFrames.closeWithError(channel, codec, ErrorMessage.of(code, message, ref), status);
    }

    /** Called from the tick thread too: the flag is read on the event loop, so it is set there. */
    private void markServerClosing() {
        if (channel.eventLoop().inEventLoop()) {
            serverClosing = true;
        } else {
            channel.eventLoop().execute(() -> serverClosing = true);
        }
    }
}
