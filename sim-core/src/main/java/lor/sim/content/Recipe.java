package lor.sim.content;

/** A compiled recipe: inputs consumed when it starts, outputs added {@link #ticks()} later. */
public final class Recipe {

    private final int index;
    private final String id;
    private final int[] inputItems;
    private final int[] inputCounts;
    private final int[] outputItems;
    private final int[] outputCounts;
    private final int ticks;
    /** A bit per clock line on which it may start. */
    private final long lineMask;

    Recipe(int index, String id, int[] inputItems, int[] inputCounts, int[] outputItems, int[] outputCounts,
           int ticks, long lineMask) {
        this.index = index;
        this.id = id;
        this.inputItems = inputItems;
        this.inputCounts = inputCounts;
        this.outputItems = outputItems;
        this.outputCounts = outputCounts;
        this.ticks = ticks;
        this.lineMask = lineMask;
    }

    public int index() {
        return index;
    }

    public String id() {
        return id;
    }

    public int inputCount() {
        return inputItems.length;
    }

    public int inputItem(int i) {
        return inputItems[i];
    }

    public int inputAmount(int i) {
        return inputCounts[i];
    }

    public int outputCount() {
        return outputItems.length;
    }

    public int outputItem(int i) {
        return outputItems[i];
    }

    public int outputAmount(int i) {
        return outputCounts[i];
    }

    public int ticks() {
        return ticks;
    }

    public boolean runsOn(int line) {
        return (lineMask & (1L << line)) != 0;
    }

    /** Whether it is bound to some lines only, so that a line change can let a waiting object start it. */
    boolean isGated(int lineCount) {
        return Long.bitCount(lineMask) < lineCount;
    }
}
