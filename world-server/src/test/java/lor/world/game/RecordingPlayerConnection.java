package lor.world.game;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.ErrorCode;
import lor.protocol.Message;

/** A player connection that records what the world sends it and how it was closed. */
public final class RecordingPlayerConnection implements PlayerConnection {

    private final long accountId;
    private final List<Message> sent = new ArrayList<>();
    private ErrorCode closedWith;

    public RecordingPlayerConnection(long accountId) {
        this.accountId = accountId;
    }

    @Override
    public long accountId() {
        return accountId;
    }

    @Override
    public void send(Message message) {
        sent.add(message);
    }

    @Override
    public void closeWith(ErrorCode code, String message) {
        if (closedWith != null) {
            throw new AssertionError("closed twice: " + closedWith + ", then " + code);
        }
        closedWith = code;
    }

    public List<Message> sent() {
        return List.copyOf(sent);
    }

    public <M extends Message> M onlySent(Class<M> type) {
        if (sent.size() != 1 || !type.isInstance(sent.get(0))) {
            throw new AssertionError("expected exactly one " + type.getSimpleName() + ", got " + sent);
        }
        return type.cast(sent.get(0));
    }

    /** The code it was closed with, or null while open. */
    public ErrorCode closedWith() {
        return closedWith;
    }
}
