package lor.sim.objects;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectContext;
import lor.sim.content.ObjectRule;

/**
 * Runs Java object rules so that one that throws changes nothing: a rule may only set its own object's stock (what
 * {@link ObjectContext} lets it change), so the object's stock slots are saved before the run and put back if it
 * throws. Saving costs the object's slots (at most {@link ContentPack#MAX_SLOTS}) into arrays kept across runs: a run
 * allocates nothing. Formulas are compiled by us and run unguarded.
 */
final class RuleGuard {

    private final Stocks stocks;
    private final short[] savedItems = new short[ContentPack.MAX_SLOTS];
    private final int[] savedCounts = new int[ContentPack.MAX_SLOTS];
    private RuleRuns runs = RuleRuns.NONE;

    RuleGuard(Stocks stocks) {
        this.stocks = stocks;
    }

    void runs(RuleRuns listener) {
        this.runs = listener == null ? RuleRuns.NONE : listener;
    }

    /**
     * Runs {@code rule} on the object whose stock is the {@code slots} entries from {@code base}.
     *
     * @return false when it threw: the stock is as it was before the run
     */
    boolean run(ObjectRule rule, ObjectContext object, int kind, int base, int slots, long tick) {
        for (int i = 0; i < slots; i++) {
            savedItems[i] = (short) stocks.itemAt(base + i);
            savedCounts[i] = stocks.countAt(base + i);
        }
        long start = runs.starting(kind);
        try {
            rule.run(object);
        } catch (RuntimeException | StackOverflowError e) {
            for (int i = 0; i < slots; i++) {
                stocks.put(base + i, savedItems[i], savedCounts[i]);
            }
            // As a module hook's failure is: an error a deep recursion throws is the rule's bug, not the JVM's state.
            runs.ran(kind, start, tick, e instanceof RuntimeException r ? r : new IllegalStateException(e));
            return false;
        }
        runs.ran(kind, start, tick, null);
        return true;
    }
}
