package lor.world.game.wire;

import io.netty.buffer.ByteBuf;
import lor.protocol.ErrorMessage;

/** What a {@link GameWire} hands a connection's messages to: the player's session. Called on the event loop. */
public interface WireSession {

    /** The wire is in place; the session writes through it from now on. */
    void attach(GameWire wire);

    /** A whole text message, valid UTF-8; {@code utf8} is valid during the call only. */
    void onText(ByteBuf utf8);

    /** A whole binary message, which the game protocol does not use. */
    void onBinary();

    /** The client closed the connection with a close frame, before the server did: the player left. */
    void onGoodbye();

    /** The connection is over for the world (closed, or lingering after its close frame). Idempotent. */
    void end();

    /** An error as the session's codec writes it. */
    String encode(ErrorMessage error);
}
