package lor.sim.content;

/**
 * One object as a rule or formula sees it while it runs: its stock, the clock's line and nothing else, so that a
 * run depends only on what wakes the object when it changes (its stock, the line). Items are indices into
 * {@link ContentPack#items()}.
 */
public interface ObjectContext {

    /** How many of {@code item} the object holds. */
    int count(int item);

    /**
     * Sets how many of {@code item} the object holds, clamped to 0..{@link #capacity()}; an item the object does not
     * hold yet needs a free stock slot, else the call changes nothing.
     */
    void set(int item, int count);

    /** The clock's current line, an index into {@link ContentPack#lines()}. */
    int line();

    /** Items of one kind a stock slot holds. */
    int capacity();
}
