package lor.director.world;

import lor.protocol.Message;

/** The director's end of one world's control connection. Thread-safe; sends never block. */
public interface ControlChannel {

    void send(Message message);

    void close();

    boolean isOpen();
}
