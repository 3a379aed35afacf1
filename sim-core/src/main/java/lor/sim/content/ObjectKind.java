package lor.sim.content;

/**
 * A compiled object kind. Ports are kept by side ({@link lor.sim.grid.Direction#ordinal()}: N, E, S, W): for each
 * side, the items pushed out through it and a set of the items it takes in.
 */
public final class ObjectKind {

    private final int index;
    private final String id;
    private final int[] costItems;
    private final int[] costCounts;
    private final int slots;
    private final int capacity;
    /** Per side, the items pushed out through it; empty when it pushes nothing. */
    private final int[][] outItems;
    /** Per side, a bit per item it takes in; null when it takes nothing in through that side. */
    private final long[][] inItems;
    private final int[] recipes;
    /** Set once while the pack is compiled (a Java rule is built from the finished pack), then never again. */
    private ObjectRule rule;
    /** The id its Java rule is registered under, null for a formula or recipes; set with {@link #rule}. */
    private String ruleId;
    private final boolean ruleReadsLine;
    private final int every;
    private final boolean hasOutputs;

    ObjectKind(int index, String id, int[] costItems, int[] costCounts, int slots, int capacity, int[][] outItems,
               long[][] inItems, int[] recipes, ObjectRule rule, boolean ruleReadsLine, int every) {
        this.index = index;
        this.id = id;
        this.costItems = costItems;
        this.costCounts = costCounts;
        this.slots = slots;
        this.capacity = capacity;
        this.outItems = outItems;
        this.inItems = inItems;
        this.recipes = recipes;
        this.rule = rule;
        this.ruleReadsLine = ruleReadsLine;
        this.every = every;
        boolean outputs = false;
        for (int[] items : outItems) {
            outputs |= items.length > 0;
        }
        this.hasOutputs = outputs;
    }

    public int index() {
        return index;
    }

    public String id() {
        return id;
    }

    public int costItemCount() {
        return costItems.length;
    }

    public int costItem(int i) {
        return costItems[i];
    }

    public int costCount(int i) {
        return costCounts[i];
    }

    public int slots() {
        return slots;
    }

    public int capacity() {
        return capacity;
    }

    /** Whether any side pushes items out. */
    public boolean hasOutputs() {
        return hasOutputs;
    }

    /** The items pushed out through {@code side} (0..3, N E S W); never null. */
    public int[] outItems(int side) {
        return outItems[side];
    }

    /** Whether {@code side} takes {@code item} in. */
    public boolean takesIn(int side, int item) {
        long[] set = inItems[side];
        return set != null && (set[item >>> 6] & (1L << item)) != 0;
    }

    public int recipeCount() {
        return recipes.length;
    }

    public int recipe(int i) {
        return recipes[i];
    }

    /** Whether this kind may run recipe {@code recipe} (a pack index). */
    public boolean canRun(int recipe) {
        for (int r : recipes) {
            if (r == recipe) {
                return true;
            }
        }
        return false;
    }

    void bindRule(ObjectRule javaRule, String id) {
        this.rule = javaRule;
        this.ruleId = id;
    }

    /** Its formula or Java rule; null for a kind that runs recipes (or nothing). */
    public ObjectRule rule() {
        return rule;
    }

    /**
     * The id of its Java rule (its {@code "rule"}), null for a formula or recipes: a world counts the rule's failures
     * against the module that provides that id.
     */
    public String ruleId() {
        return ruleId;
    }

    /** Whether its rule reads the clock's line (every Java rule is assumed to). */
    public boolean ruleReadsLine() {
        return ruleReadsLine;
    }

    /** Ticks between two runs of its rule while they change something. */
    public int every() {
        return every;
    }
}
