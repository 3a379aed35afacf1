package lor.world.game;

import java.util.concurrent.Executor;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.game.ActMessage;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MoveFrameReader;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.ObjectActionMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.ServerFrameHeader;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.module.CheckedAct;
import lor.sim.module.WorldModules;
import lor.world.game.wire.GameWire;
import lor.world.game.wire.WireSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One player's game connection as the game protocol sees it: a two-state machine. Before {@code hello} only
 * {@code hello} is legal; a bad ticket closes the connection. After it the player is in the world and sends
 * {@code move} intents, actions on objects and game modules' actions ({@code act}), which the session validates,
 * rate-limits (one budget for all) and hands to the tick thread through a bounded {@link IntentQueue}, the names of an
 * action read as indices of the world's content pack and an {@code act}'s fields checked against its module's
 * declaration. It decodes and validates on the event loop and never touches the world. Its messages come
 * from, and go out through, the connection's {@link GameWire}.
 */
public final class GameSession implements PlayerConnection, WireSession {

    private static final Logger LOG = LoggerFactory.getLogger(GameSession.class);

    /** Intents one connection may have waiting for ticks: more than a second's worth at the default rate. */
    static final int INTENT_QUEUE_CAPACITY = 32;

    private enum State { AWAITING_HELLO, IN_WORLD, ENDED }

    private final MessageCodec codec;
    private final TicketGate gate;
    private final GameAdmission admission;
    private final int intentsPerSecond;
    private final ContentPack pack;
    private final WorldModules modules;
    private final IntentQueue intents = new IntentQueue(INTENT_QUEUE_CAPACITY);
    private final MoveFrameReader moves = new MoveFrameReader();
    private volatile State state = State.AWAITING_HELLO;
    private volatile long accountId;
    private IntentLimiter limiter;
    /** Highest seq seen on this connection; a move must carry a higher one. Event-loop confined. */
    private long lastSeq = -1;
    /** The client closed the connection itself with a close frame: the player left, rather than was lost. */
    private boolean clientClosed;
    private GameWire wire;
    private Channel channel;
    /** Something was written and not yet flushed; event-loop confined. */
    private boolean unflushed;

    public GameSession(MessageCodec codec, TicketGate gate, GameAdmission admission, int intentsPerSecond,
                       ContentPack pack) {
        this(codec, gate, admission, intentsPerSecond, pack, WorldModules.none());
    }

    /** @param modules the world's game modules, whose actions {@code act} intents name */
    public GameSession(MessageCodec codec, TicketGate gate, GameAdmission admission, int intentsPerSecond,
                       ContentPack pack, WorldModules modules) {
        this.codec = codec;
        this.gate = gate;
        this.admission = admission;
        this.intentsPerSecond = intentsPerSecond;
        this.pack = pack;
        this.modules = modules;
    }

    @Override
    public void attach(GameWire wire) {
        this.wire = wire;
        this.channel = wire.channel();
    }

    @Override
    public void onBinary() {
        if (state != State.ENDED) {
            send(ErrorMessage.of(ErrorCode.BAD_REQUEST, "only text frames are accepted", null));
        }
    }

    /** A client that says goodbye has left; one whose connection is lost otherwise is held for the world's window. */
    @Override
    public void onGoodbye() {
        clientClosed = true;
    }

    @Override
    public void onText(ByteBuf utf8) {
        if (state == State.ENDED) {
            return;
        }
        // Nearly every frame is a plain move: read it from the bytes, into no object; anything else, and every
        // refusal, is the codec's.
        if (moves.parse(utf8) && state == State.IN_WORLD) {
            onMove(moves.seq(), moves.dir(), moves.ref());
            return;
        }
        Message message;
        try {
            message = codec.decode(MessageFrames.text(utf8));
        } catch (ProtocolException e) {
            send(ErrorMessage.of(e));
            return;
        }
        if (message instanceof HelloMessage hello) {
            onHello(hello);
        } else if (state == State.AWAITING_HELLO) {
            send(ErrorMessage.of(ErrorCode.NOT_AUTHENTICATED, "say hello with a ticket first", message.ref()));
        } else if (message instanceof MoveMessage move) {
            onMove(move.seq(), move.dir(), move.ref());
        } else if (message instanceof ObjectActionMessage action) {
            onAction(action);
        } else if (message instanceof ActMessage act) {
            onAct(act);
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

    private void onMove(long seq, String dir, Object ref) {
        if (acceptSeq(seq, ref)) {
            enqueue(seq, Direction.parse(dir), 0, null, ref);
        }
    }

    private void onAction(ObjectActionMessage action) {
        if (acceptSeq(action.seq(), action.ref())) {
            enqueue(action.seq(), null, ActionPacking.pack(action, pack), null, action.ref());
        }
    }

    /** A module's action, checked here against the declarations; a refusal waits its turn at the tick. */
    private void onAct(ActMessage act) {
        if (acceptSeq(act.seq(), act.ref())) {
            enqueue(act.seq(), null, 0, CheckedAct.of(act.action(), act.fields(), modules, pack), act.ref());
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

    /**
     * Moves, actions on objects and module actions share one rate budget and one queue: a player gets one intent per
     * tick, whatever it is.
     */
    private void enqueue(long seq, Direction direction, long action, CheckedAct act, Object ref) {
        switch (limiter.admit(System.nanoTime())) {
            case ACCEPT -> {
                boolean queued = direction != null ? intents.offer(seq, direction)
                        : act != null ? intents.offerAct(seq, act) : intents.offerAction(seq, action);
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
    public void end() {
        if (state == State.IN_WORLD) {
            admission.leave(this, clientClosed);
        }
        state = State.ENDED;
    }

    @Override
    public long accountId() {
        return accountId;
    }

    @Override
    public String encode(ErrorMessage error) {
        return codec.encode(error);
    }

    @Override
    public void send(Message message) {
        String text = codec.encode(message);
        onLoop(() -> wire.writeText(text));
    }

    @Override
    public void sendFrame(ByteBuf frame) {
        onLoop(() -> {
            wire.write(frame, ServerFrameHeader.OPCODE_TEXT);
            wire.flush();
        });
    }

    /**
     * A frame with room for its header in front ({@link ServerFrameHeader}, as the broadcasts and rejections leave)
     * gets it there: one buffer, its shared parts not copied; with no promise, as nobody waits for a tick's frame.
     */
    @Override
    public void write(ByteBuf frame, boolean binary) {
        wire.write(frame, binary ? ServerFrameHeader.OPCODE_BINARY : ServerFrameHeader.OPCODE_TEXT);
        unflushed = true;
    }

    @Override
    public void flush() {
        if (unflushed) {
            unflushed = false;
            wire.flush();
        }
    }

    /** Runs {@code write} on the connection's event loop, where everything written to the wire is written. */
    private void onLoop(Runnable write) {
        if (channel.eventLoop().inEventLoop()) {
            write.run();
        } else {
            channel.eventLoop().execute(write);
        }
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
        // Closed at once, not once the close frame is flushed: a peer that does not read would never let it be.
        onLoop(() -> wire.closeNow(Limits.CLOSE_POLICY, reason));
    }

    @Override
    public void transferOut(Message transfer) {
        String text = codec.encode(transfer);
        onLoop(() -> wire.closeAfter(text, Limits.CLOSE_NORMAL, "transferred"));
    }

    private void closeWith(ErrorCode code, String message, Object ref) {
        int status = code == ErrorCode.REPLACED ? Limits.CLOSE_REPLACED : Limits.CLOSE_POLICY;
        ErrorMessage error = ErrorMessage.of(code, message, ref);
        onLoop(() -> wire.closeWithError(error, status));
    }
}
