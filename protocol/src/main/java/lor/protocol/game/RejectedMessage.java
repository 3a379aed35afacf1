package lor.protocol.game;

import lor.protocol.Message;

/** ← {@code rejected}: the intent {@code seq} was refused, for {@code reason} (wall, out_of_bounds, occupied,
 * rate_limited). */
public record RejectedMessage(long seq, String reason) implements Message {

    public static final String TYPE = "rejected";

    public static final String WALL = "wall";
    public static final String OUT_OF_BOUNDS = "out_of_bounds";
    public static final String OCCUPIED = "occupied";
    public static final String RATE_LIMITED = "rate_limited";

    @Override
    public String type() {
        return TYPE;
    }
}
