package lor.world.game;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

import io.netty.buffer.ByteBuf;
import lor.protocol.ErrorCode;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.game.GameMessages;
import lor.protocol.game.binary.StateTracker;

/**
 * A player connection that records what the world sends it and how it was closed. Encoded frames are held as the
 * world handed them over (ownership included) until {@link #releaseFrames()}, so a test reads them after the
 * sender has let go of its own references, as Netty's event loop would; decoding never changes them.
 */
public final class RecordingPlayerConnection implements PlayerConnection {

    private static final MessageCodec CLIENT = GameMessages.clientCodec();

    private final long accountId;
    private final IntentQueue intents = new IntentQueue(GameSession.INTENT_QUEUE_CAPACITY);
    /** In order: a {@link Message} sent as such, or a {@link ByteBuf} frame not yet released. */
    private final List<Object> out = new ArrayList<>();
    private final List<ByteBuf> releasedFrames = new ArrayList<>();
    /** Binary state frames not yet released, in order; kept apart because they are not JSON messages. */
    private final List<ByteBuf> binaryFrames = new ArrayList<>();
    private int binaryFramesReceived;
    private int unflushed;
    private int flushes;
    private ErrorCode closedWith;
    private final List<String> disconnects = new ArrayList<>();
    private Message transferredWith;
    private boolean writable = true;
    private long pendingOutboundBytes;

    private Executor writer = Runnable::run;

    public RecordingPlayerConnection(long accountId) {
        this.accountId = accountId;
    }

    @Override
    public long accountId() {
        return accountId;
    }

    @Override
    public void send(Message message) {
        out.add(message);
    }

    @Override
    public void sendFrame(ByteBuf frame) {
        if (frame.refCnt() < 1) {
            throw new AssertionError("handed a released frame");
        }
        out.add(frame);
    }

    @Override
    public Executor writer() {
        return writer;
    }

    /** Frames handed over by a broadcast are then written when {@code loop} runs them (default: at once). */
    public RecordingPlayerConnection writingOn(Executor loop) {
        this.writer = loop;
        return this;
    }

    @Override
    public void write(ByteBuf frame, boolean binary) {
        if (!binary) {
            sendFrame(frame);
            unflushed++;
            return;
        }
        if (frame.refCnt() < 1) {
            throw new AssertionError("handed a released binary frame");
        }
        binaryFrames.add(frame);
        binaryFramesReceived++;
        unflushed++;
    }

    @Override
    public void flush() {
        if (unflushed > 0) {
            flushes++;
            unflushed = 0;
        }
    }

    /** How many times frames written were flushed: once per tick that wrote any. */
    public int flushes() {
        return flushes;
    }

    /** Frames written since the last flush. */
    public int unflushed() {
        return unflushed;
    }

    @Override
    public boolean isWritable() {
        return writable;
    }

    public void writable(boolean writable) {
        this.writable = writable;
    }

    @Override
    public long pendingOutboundBytes() {
        return pendingOutboundBytes;
    }

    /** What the connection reports as written and not yet taken by its socket. */
    public void pendingOutboundBytes(long bytes) {
        this.pendingOutboundBytes = bytes;
    }

    @Override
    public IntentQueue intents() {
        return intents;
    }

    @Override
    public void closeWith(ErrorCode code, String message) {
        if (transferredWith != null) {
            throw new AssertionError("closed with " + code + " after it was transferred");
        }
        if (closedWith != null) {
            throw new AssertionError("closed twice: " + closedWith + ", then " + code);
        }
        closedWith = code;
    }

    @Override
    public void disconnect(String reason) {
        disconnects.add(reason);
    }

    @Override
    public void transferOut(Message transfer) {
        if (closedWith != null || transferredWith != null) {
            throw new AssertionError("transferred after it was closed: " + closedWith + ", " + transferredWith);
        }
        transferredWith = transfer;
        out.add(transfer);
    }

    /** The message the connection was handed over to another world with, or null. */
    public Message transferredWith() {
        return transferredWith;
    }

    /** Everything sent so far, frames decoded as a game client would read them. */
    public List<Message> sent() {
        return out.stream().map(RecordingPlayerConnection::decode).toList();
    }

    public <M extends Message> List<M> sent(Class<M> type) {
        return sent().stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The one message sent, which must be of {@code type}. */
    public <M extends Message> M onlySent(Class<M> type) {
        List<Message> sent = sent();
        if (sent.size() != 1 || !type.isInstance(sent.get(0))) {
            throw new AssertionError("expected exactly one " + type.getSimpleName() + ", got " + sent);
        }
        return type.cast(sent.get(0));
    }

    /** The one message of {@code type} among those sent. */
    public <M extends Message> M only(Class<M> type) {
        List<M> matching = sent(type);
        if (matching.size() != 1) {
            throw new AssertionError("expected exactly one " + type.getSimpleName() + ", got " + sent());
        }
        return matching.get(0);
    }

    /** The last message of {@code type} sent, or an assertion failure if there is none. */
    public <M extends Message> M last(Class<M> type) {
        List<M> matching = sent(type);
        if (matching.isEmpty()) {
            throw new AssertionError("no " + type.getSimpleName() + " among " + sent());
        }
        return matching.get(matching.size() - 1);
    }

    /** Frames handed over and not yet released. */
    public List<ByteBuf> heldFrames() {
        return out.stream().filter(ByteBuf.class::isInstance).map(ByteBuf.class::cast).toList();
    }

    /**
     * Decodes and releases every held frame, as the event loop would once written; from then on only the message
     * is kept. @return how many frames were released
     */
    public int releaseFrames() {
        int released = 0;
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i) instanceof ByteBuf frame) {
                out.set(i, decode(frame));
                frame.release();
                releasedFrames.add(frame);
                released++;
            }
        }
        return released;
    }

    /** Every frame released by {@link #releaseFrames()}, for reference-count checks. */
    public List<ByteBuf> releasedFrames() {
        return List.copyOf(releasedFrames);
    }

    public void clear() {
        releaseFrames();
        releaseBinaryFrames();
        out.clear();
    }

    /** Binary frames handed over and not yet released. */
    public List<ByteBuf> heldBinaryFrames() {
        return List.copyOf(binaryFrames);
    }

    /** Every binary frame ever handed over, released or not. */
    public int binaryFramesReceived() {
        return binaryFramesReceived;
    }

    /**
     * Applies every held binary frame, in order, to {@code tracker} (as a client would read them) and releases it.
     * @return how many frames were applied
     */
    public int applyBinaryFrames(StateTracker tracker) {
        int applied = 0;
        for (ByteBuf frame : binaryFrames) {
            if (frame.refCnt() < 1) {
                throw new AssertionError("binary frame was released before the connection let go of it");
            }
            tracker.apply(frame.duplicate());
            applied++;
        }
        releaseBinaryFrames();
        return applied;
    }

    /** Releases every held binary frame unread. @return how many were released */
    public int releaseBinaryFrames() {
        int released = binaryFrames.size();
        for (ByteBuf frame : binaryFrames) {
            frame.release();
            releasedFrames.add(frame);
        }
        binaryFrames.clear();
        return released;
    }

    /** The code it was closed with, or null while open (a transfer closes normally, without a code). */
    public ErrorCode closedWith() {
        return closedWith;
    }

    /** The reasons of every {@link #disconnect} call, in order. */
    public List<String> disconnects() {
        return List.copyOf(disconnects);
    }

    private static Message decode(Object sent) {
        if (sent instanceof Message message) {
            return message;
        }
        ByteBuf frame = (ByteBuf) sent;
        if (frame.refCnt() < 1) {
            throw new AssertionError("frame was released before the connection let go of it");
        }
        String text = frame.toString(frame.readerIndex(), frame.readableBytes(), StandardCharsets.UTF_8);
        try {
            return CLIENT.decode(text);
        } catch (ProtocolException e) {
            throw new AssertionError("a game client could not read " + text, e);
        }
    }
}
