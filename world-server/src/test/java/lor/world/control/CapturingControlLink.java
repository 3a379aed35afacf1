package lor.world.control;

import java.util.ArrayList;
import java.util.List;

import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;

/**
 * A control link that records what it delivers, as the director would read it. While disconnected it delivers
 * nothing and says so, like the real client.
 */
public final class CapturingControlLink implements ControlLink {

    private final MessageCodec directorSide = ControlMessages.directorCodec();
    private final List<Message> delivered = new ArrayList<>();
    private boolean connected;

    public CapturingControlLink(boolean connected) {
        this.connected = connected;
    }

    public void connected(boolean connected) {
        this.connected = connected;
    }

    @Override
    public synchronized boolean send(Message message) {
        if (connected) {
            delivered.add(message);
        }
        return connected;
    }

    @Override
    public synchronized boolean sendIfWritable(Message message) {
        return send(message);
    }

    @Override
    public synchronized boolean sendText(String json) {
        if (connected) {
            try {
                delivered.add(directorSide.decode(json));
            } catch (ProtocolException e) {
                throw new AssertionError("the director could not read " + json, e);
            }
        }
        return connected;
    }

    public synchronized List<Message> delivered() {
        return List.copyOf(delivered);
    }

    public synchronized <M extends Message> List<M> delivered(Class<M> type) {
        return delivered.stream().filter(type::isInstance).map(type::cast).toList();
    }

    public synchronized void clear() {
        delivered.clear();
    }
}
