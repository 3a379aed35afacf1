package lor.sim.world;

import lor.sim.clock.Field;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.util.SplitMix64;

/**
 * Where a world may put an entity down: a free cell is walkable on the clock's line, holds no entity and no object, is
 * no portal (nobody is put down onto a way out) and no game module walls it. Players join, NPCs are added and module
 * NPCs spawn at the free cell nearest to where they are asked for. A view of the world's own field and occupancy.
 */
final class FreeCells {

    private final GridSize size;
    private final Grid grid;
    private final Field field;
    /** As the world's: entity ids, minus objects' ids, 0 for free. */
    private final int[] occupancy;
    /** The world's game modules, or null in a world without any. */
    private final ModuleHost modules;

    FreeCells(Field field, int[] occupancy, ModuleHost modules) {
        this.grid = field.grid();
        this.size = grid.size();
        this.field = field;
        this.occupancy = occupancy;
        this.modules = modules;
    }

    /** Whether an entity may be put down on the cell. */
    boolean isFree(int x, int y, int layer) {
        int index = size.index(x, y, layer);
        return !field.isWall(index) && occupancy[index] == 0 && grid.portalAt(index) == null
                && (modules == null || !modules.blocks(index));
    }

    /** The nearest free cell (square rings) on the preferred layer, else on the other layers in order. */
    int[] nearestFree(int x, int y, int preferredLayer) {
        int[] cell = nearestFreeOn(x, y, preferredLayer);
        for (int layer = 0; cell == null && layer < size.layers(); layer++) {
            if (layer != preferredLayer) {
                cell = nearestFreeOn(x, y, layer);
            }
        }
        return cell;
    }

    int[] nearestFreeOn(int startX, int startY, int layer) {
        int maxRadius = Math.max(size.width(), size.height());
        for (int r = 0; r <= maxRadius; r++) {
            for (int dy = -r; dy <= r; dy++) {
                int y = startY + dy;
                if (y < 0 || y >= size.height()) {
                    continue;
                }
                int step = Math.abs(dy) == r ? 1 : 2 * r;
                for (int dx = -r; dx <= r; dx += Math.max(1, step)) {
                    int x = startX + dx;
                    if (x >= 0 && x < size.width() && isFree(x, y, layer)) {
                        return new int[] {x, y, layer};
                    }
                }
            }
        }
        return null;
    }

    /** The first free cell at or after {@code index} in index order, wrapping. */
    int[] nextFreeFrom(int index) {
        int cells = size.cells();
        for (int k = 0; k < cells; k++) {
            int i = (index + k) % cells;
            int x = i % size.width();
            int y = (i / size.width()) % size.height();
            int layer = i / (size.width() * size.height());
            if (isFree(x, y, layer)) {
                return new int[] {x, y, layer};
            }
        }
        return null;
    }

    int[] randomFreeCell(SplitMix64 random) {
        for (int attempt = 0; attempt < 64; attempt++) {
            int x = random.nextInt(size.width());
            int y = random.nextInt(size.height());
            if (isFree(x, y, 0)) {
                return new int[] {x, y, 0};
            }
        }
        return nearestFree(random.nextInt(size.width()), random.nextInt(size.height()), 0);
    }
}
