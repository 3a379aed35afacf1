package lor.sim.objects;

import lor.sim.grid.GridSize;
import lor.sim.util.ReadySet;

/**
 * What a broadcaster needs to send changes only: which objects changed (built, stock, recipe, crafting) since its
 * last broadcast (removals a view finds itself, by what its regions no longer hold), and how many objects stand in each
 * block of {@link ObjectEngine#BLOCK} cells, so that a view skips the empty ones. Kept by the engine as it goes;
 * cleared by {@link #markSeen()}.
 */
final class SeenChanges {

    private final GridSize size;
    private final ReadySet changed;
    private final int[] blockObjects;
    private final int blocksWide;
    private final int blocksHigh;

    SeenChanges(GridSize size, int capacity) {
        this.size = size;
        this.changed = new ReadySet(capacity);
        this.blocksWide = (size.width() + ObjectEngine.BLOCK - 1) / ObjectEngine.BLOCK;
        this.blocksHigh = (size.height() + ObjectEngine.BLOCK - 1) / ObjectEngine.BLOCK;
        this.blockObjects = new int[blocksWide * blocksHigh * size.layers()];
    }

    void changed(int slot) {
        changed.add(slot);
    }

    void placed(int slot, int cell) {
        changed.add(slot);
        blockObjects[blockOf(cell)]++;
    }

    void removed(int slot, int cell) {
        changed.remove(slot);
        blockObjects[blockOf(cell)]--;
    }

    boolean changedSinceSeen(int slot) {
        return changed.contains(slot);
    }

    void markSeen() {
        changed.clear();
    }

    int objectsInBlock(int x, int y, int layer) {
        return blockObjects[(layer * blocksHigh + y / ObjectEngine.BLOCK) * blocksWide + x / ObjectEngine.BLOCK];
    }

    private int blockOf(int cell) {
        int w = size.width();
        int x = cell % w;
        int y = (cell / w) % size.height();
        return objectsIndex(x, y, cell / (w * size.height()));
    }

    private int objectsIndex(int x, int y, int layer) {
        return (layer * blocksHigh + y / ObjectEngine.BLOCK) * blocksWide + x / ObjectEngine.BLOCK;
    }
}
