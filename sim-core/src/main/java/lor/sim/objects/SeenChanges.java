package lor.sim.objects;

import lor.sim.grid.GridSize;
import lor.sim.util.ReadySet;

/**
 * What a broadcaster needs to send changes only: which objects changed (built, stock, recipe, crafting) since its
 * last broadcast (removals a view finds itself, by what its regions no longer hold), and how many objects stand in
 * each block of the broadcaster's region side, so that a view skips the empty ones. Kept by the engine as it goes;
 * cleared by {@link #markSeen()}.
 */
final class SeenChanges {

    private final GridSize size;
    private final ReadySet changed;
    private final int block;
    private final int[] blockObjects;
    private final int blocksWide;
    private final int blocksHigh;

    SeenChanges(GridSize size, int capacity, int block) {
        this.size = size;
        this.changed = new ReadySet(capacity);
        this.block = block;
        this.blocksWide = block == ObjectEngine.NO_BLOCKS ? 0 : (size.width() + block - 1) / block;
        this.blocksHigh = block == ObjectEngine.NO_BLOCKS ? 0 : (size.height() + block - 1) / block;
        this.blockObjects = new int[blocksWide * blocksHigh * size.layers()];
    }

    void changed(int slot) {
        changed.add(slot);
    }

    void placed(int slot, int cell) {
        changed.add(slot);
        if (block != ObjectEngine.NO_BLOCKS) {
            blockObjects[blockOf(cell)]++;
        }
    }

    void removed(int slot, int cell) {
        changed.remove(slot);
        if (block != ObjectEngine.NO_BLOCKS) {
            blockObjects[blockOf(cell)]--;
        }
    }

    boolean changedSinceSeen(int slot) {
        return changed.contains(slot);
    }

    void markSeen() {
        changed.clear();
    }

    int block() {
        return block;
    }

    int objectsInBlock(int x, int y, int layer) {
        if (block == ObjectEngine.NO_BLOCKS) {
            throw new IllegalStateException("this engine counts no blocks");
        }
        return blockObjects[objectsIndex(x, y, layer)];
    }

    private int blockOf(int cell) {
        int w = size.width();
        int x = cell % w;
        int y = (cell / w) % size.height();
        return objectsIndex(x, y, cell / (w * size.height()));
    }

    private int objectsIndex(int x, int y, int layer) {
        return (layer * blocksHigh + y / block) * blocksWide + x / block;
    }
}
