package lor.sim.world;

/**
 * The outcome of one intent, a step, an action on an object or a game module's action; the refusals carry the
 * contract's reason names, except {@link #REFUSED}, a module's refusal, whose reason {@link TickEvents#reason} gives.
 * {@link #MOVED} and {@link #DONE} are the successes.
 */
public enum IntentOutcome {
    MOVED(null), WALL("wall"), OUT_OF_BOUNDS("out_of_bounds"), OCCUPIED("occupied"),
    DONE(null), NO_OBJECT("no_object"), CELL_TAKEN("cell_taken"), MISSING_ITEMS("missing_items"),
    NO_ROOM("no_room"), UNKNOWN_KIND("unknown_kind"), UNKNOWN_ITEM("unknown_item"),
    UNKNOWN_RECIPE("unknown_recipe"), BAD_COUNT("bad_count"), REFUSED("refused");

    private static final IntentOutcome[] VALUES = values();

    private final String reason;

    IntentOutcome(String reason) {
        this.reason = reason;
    }

    /** The {@code reason} of a {@code rejected} message; null for a success. */
    public String reason() {
        return reason;
    }

    /** Whether the intent was carried out. */
    public boolean succeeded() {
        return reason == null;
    }

    /** The contract's reason names, which a module's action may also be refused with. */
    public static boolean isContractReason(String reason) {
        for (IntentOutcome outcome : VALUES) {
            if (outcome != REFUSED && reason.equals(outcome.reason)) {
                return true;
            }
        }
        return false;
    }

    static IntentOutcome ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }
}
