package lor.world.game;

import java.util.concurrent.Executor;

import io.netty.buffer.ByteBuf;
import lor.protocol.ErrorCode;
import lor.protocol.Message;

/** A player's connection as the tick thread sees it. Methods are thread-safe and never block. */
public interface PlayerConnection {

    long accountId();

    void send(Message message);

    /** Writes an encoded text frame; takes ownership of {@code frame}. */
    void sendFrame(ByteBuf frame);

    /**
     * Writes an encoded frame, text or binary, without handing it to the socket yet; takes ownership of
     * {@code frame}. Only on {@link #writer()}: a tick writes all its frames for a connection, then {@link #flush}es
     * once, so that a {@code rejected} and a state frame of the same tick leave in one system call.
     */
    void write(ByteBuf frame, boolean binary);

    /** Hands what {@link #write} wrote to the socket; does nothing when nothing waits. Only on {@link #writer()}. */
    void flush();

    /**
     * The thread that writes this connection: frames sent from it go out directly, frames sent from any other
     * thread become a task for it. A tick groups its frames by writer ({@link BroadcastBatch}).
     */
    Executor writer();

    /** False while the connection's outbound buffer is above its high-water mark. */
    boolean isWritable();

    /** Bytes written to the connection and not yet handed to the socket. */
    long pendingOutboundBytes();

    /** This connection's move intents, waiting for the tick thread. */
    IntentQueue intents();

    /**
     * Sends an error naming {@code code}, then closes the connection: close status 4001 for {@code replaced}, 1008
     * for the others.
     */
    void closeWith(ErrorCode code, String message);

    /**
     * Closes at once without a last message, for a peer that no longer reads; {@code reason} goes into the close
     * frame, written if the socket still takes it.
     */
    void disconnect(String reason);

    /** Sends the {@code transfer} message, then closes normally (1000): the player continues in another world. */
    void transferOut(Message transfer);
}
