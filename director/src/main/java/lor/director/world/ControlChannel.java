package lor.director.world;

import lor.protocol.Message;

/** The director's end of one world's control connection. Thread-safe; sends never block. */
public interface ControlChannel {

    void send(Message message);

    void close();

    /**
     * Tells the world this director cannot keep it ({@code unavailable}: it tries another director, which adopts it)
     * and closes the connection.
     */
    void release(String reason);

    boolean isOpen();
}
