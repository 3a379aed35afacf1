package lor.sim.content;

/**
 * Game logic that a formula cannot express, written in Java and named by an object kind's {@code rule}. It must be
 * a pure function of what {@link ObjectContext} shows (no clock, no randomness, no state of its own, no I/O): the
 * server and every predicting client run it, and an object whose run changed nothing sleeps until its stock or the
 * clock's line changes, so a rule that looked at anything else would silently stop running.
 */
@FunctionalInterface
public interface ObjectRule {

    void run(ObjectContext object);

    /** Builds a rule for one compiled pack, resolving item names to indices once, not on every run. */
    @FunctionalInterface
    interface Factory {
        ObjectRule create(ContentPack pack);
    }
}
