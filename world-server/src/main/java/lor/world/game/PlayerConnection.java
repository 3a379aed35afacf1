package lor.world.game;

import lor.protocol.ErrorCode;
import lor.protocol.Message;

/** A player's connection as the tick thread sees it. Methods are thread-safe and never block. */
public interface PlayerConnection {

    long accountId();

    void send(Message message);

    /** Sends an error naming {@code code}, then closes the connection. */
    void closeWith(ErrorCode code, String message);
}
