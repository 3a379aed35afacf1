package lor.sim.world;

/** The outcome of one intended step; the refusals carry the contract's reason names. */
public enum StepResult {
    MOVED(null), WALL("wall"), OUT_OF_BOUNDS("out_of_bounds"), OCCUPIED("occupied");

    private static final StepResult[] VALUES = values();

    private final String reason;

    StepResult(String reason) {
        this.reason = reason;
    }

    /** The {@code reason} of a {@code rejected} message; null for {@link #MOVED}. */
    public String reason() {
        return reason;
    }

    static StepResult ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }
}
