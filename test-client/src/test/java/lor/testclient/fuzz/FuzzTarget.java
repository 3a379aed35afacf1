package lor.testclient.fuzz;

import java.util.Random;

/** Where a shard sends its frames: how to open a connection ready for them, and which server frames answer. */
interface FuzzTarget {

    /** A new connection in the state the hostile frames are meant for (for a player: after a valid hello). */
    RawWebSocket connect(Random random) throws Exception;

    /**
     * True when {@code text} from the server answers a frame (then it must be an {@code error}); false for what the
     * server sends unasked (a player's {@code state}).
     */
    default boolean isAnswer(String type) {
        return true;
    }
}
