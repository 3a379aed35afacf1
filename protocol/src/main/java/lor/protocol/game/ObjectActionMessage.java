package lor.protocol.game;

import lor.protocol.Message;

/** A player's intent on the object next to it: every one names a side and carries a {@code seq} like a move. */
public sealed interface ObjectActionMessage extends Message
        permits BuildMessage, PutMessage, TakeMessage, SetRecipeMessage, DismantleMessage {

    /** {@code N}, {@code E}, {@code S} or {@code W}: the cell next to the player it acts on. */
    String dir();

    long seq();
}
