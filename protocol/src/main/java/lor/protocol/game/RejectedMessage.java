package lor.protocol.game;

import lor.protocol.Message;

/**
 * ← {@code rejected}: the intent {@code seq} was refused, for {@code reason}: one the contract names (among them
 * {@code wall}, {@code out_of_bounds}, {@code occupied}, {@code rate_limited}, the object and inventory refusals, and
 * for an {@code act} {@code unknown_action}, {@code bad_field} and {@code module_error}) or one a game module lists
 * in {@code welcome.modules}. The constants here are those the protocol's own users name; the list is not closed.
 */
public record RejectedMessage(long seq, String reason) implements Message {

    public static final String TYPE = "rejected";

    public static final String WALL = "wall";
    public static final String OUT_OF_BOUNDS = "out_of_bounds";
    public static final String OCCUPIED = "occupied";
    public static final String RATE_LIMITED = "rate_limited";
    /** An {@code act} whose {@code action} is missing, not a string, or declared by no module of the world. */
    public static final String UNKNOWN_ACTION = "unknown_action";
    /** An {@code act} with a declared field missing or out of its type or range, or a field its action lacks. */
    public static final String BAD_FIELD = "bad_field";
    /** The module failed on the {@code act}; nothing changed. */
    public static final String MODULE_ERROR = "module_error";

    @Override
    public String type() {
        return TYPE;
    }
}
