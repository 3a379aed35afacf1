package lor.director.world;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;

/** The director's end of a control connection, recording what the supervisor sends over it. */
public final class CapturingControlChannel implements ControlChannel {

    private final List<Message> sent = new ArrayList<>();
    private boolean open = true;

    @Override
    public synchronized void send(Message message) {
        sent.add(message);
    }

    @Override
    public synchronized void close() {
        open = false;
    }

    @Override
    public synchronized void release(String reason) {
        sent.add(ErrorMessage.of(ErrorCode.UNAVAILABLE, reason, null));
        open = false;
    }

    @Override
    public synchronized boolean isOpen() {
        return open;
    }

    public synchronized List<Message> sent() {
        return List.copyOf(sent);
    }

    public synchronized <M extends Message> List<M> sent(Class<M> type) {
        return sent.stream().filter(type::isInstance).map(type::cast).toList();
    }
}
