package lor.testkit;

/**
 * What a determinism check found for one seed.
 *
 * @param ticks         the ticks run (to the first difference, when there is one)
 * @param differingTick the first tick after whose step the two runs' state hashes differ; -1 when they never did;
 *                      0 when they differed before any tick (two worlds made alike that begin differently)
 * @param first         the first run's hash at that tick (at the end when they agree)
 * @param second        the second run's hash at that tick
 */
public record DeterminismReport(long seed, long ticks, long differingTick, long first, long second) {

    public boolean deterministic() {
        return differingTick < 0;
    }

    /** @throws AssertionError saying the seed and the first tick that differs */
    public DeterminismReport assertDeterministic() {
        if (!deterministic()) {
            throw new AssertionError(toString());
        }
        return this;
    }

    @Override
    public String toString() {
        if (deterministic()) {
            return "seed " + seed + ": both runs agree over " + ticks + " ticks (state hash "
                    + Long.toHexString(first) + ")";
        }
        return "seed " + seed + ": the runs differ " + (differingTick == 0 ? "before the first tick"
                : "after tick " + differingTick) + ": state hash " + Long.toHexString(first) + " against "
                + Long.toHexString(second) + " (a module keeps state outside the world, or draws on something "
                + "other than world.random: see docs/modules.md, \"Determinism: the rules\")";
    }
}
