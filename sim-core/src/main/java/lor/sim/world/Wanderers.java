package lor.sim.world;

import lor.sim.grid.Grid;
import lor.sim.path.PathFinder;
import lor.sim.util.SplitMix64;

/**
 * The NPC brain: walk an A* path to a random target within {@link #RANGE} cells, then pick another. Planning is
 * the expensive part, so each tick plans for at most {@link #PLANS_PER_TICK} NPCs, taking turns from a rotating
 * cursor; an NPC without a path waits for its turn. A step refused as occupied is retried; after
 * {@link #MAX_BLOCKED} refusals in a row the NPC gives up its path and plans again.
 */
final class Wanderers {

    static final int RANGE = 10;
    static final int MARGIN = 4;
    static final int PLANS_PER_TICK = 64;
    static final int MAX_BLOCKED = 3;
    static final int WINDOW = 2 * (RANGE + MARGIN) + 1;

    private final PathFinder paths = new PathFinder(WINDOW * WINDOW);
    private int cursor;

    /** Sets this tick's intent of every NPC that has a path, and plans new paths within the budget. */
    void chooseIntents(EntityTable t, Grid grid, SplitMix64 random) {
        int npc = EntityKind.NPC.code;
        for (int slot = 0; slot < t.count; slot++) {
            if (t.kind[slot] == npc && t.pathStep[slot] < t.pathLength[slot]) {
                t.intent[slot] = t.path[slot * EntityTable.MAX_PATH + t.pathStep[slot]];
            }
        }
        int budget = PLANS_PER_TICK;
        for (int visited = 0; visited < t.count && budget > 0; visited++) {
            int slot = cursor;
            cursor = cursor + 1 >= t.count ? 0 : cursor + 1;
            if (t.kind[slot] != npc || t.pathStep[slot] < t.pathLength[slot]) {
                continue;
            }
            budget--;
            plan(t, grid, random, slot);
        }
    }

    /** Learns how the step went. */
    void onResult(EntityTable t, int slot, StepResult result) {
        if (result == StepResult.MOVED) {
            t.pathStep[slot]++;
            t.blocked[slot] = 0;
            if (t.pathStep[slot] >= t.pathLength[slot]) {
                t.pathLength[slot] = 0;
                t.pathStep[slot] = 0;
            }
        } else if (result != StepResult.OCCUPIED || ++t.blocked[slot] >= MAX_BLOCKED) {
            t.pathLength[slot] = 0;
            t.pathStep[slot] = 0;
            t.blocked[slot] = 0;
        }
    }

    /** Where the next planning round starts: part of the world's state. */
    int cursor() {
        return cursor;
    }

    /** A slot was moved by compaction; the cursor is only a fairness hint, keep it in range. */
    void clampCursor(int count) {
        if (cursor >= count) {
            cursor = 0;
        }
    }

    private void plan(EntityTable t, Grid grid, SplitMix64 random, int slot) {
        int x = t.x[slot];
        int y = t.y[slot];
        int tx = Math.max(0, Math.min(grid.width() - 1, x + random.nextInt(2 * RANGE + 1) - RANGE));
        int ty = Math.max(0, Math.min(grid.height() - 1, y + random.nextInt(2 * RANGE + 1) - RANGE));
        // NPCs never aim at a portal: they do not travel, and a player arriving must not find one standing there.
        if (tx == x && ty == y || grid.portalAt(grid.size().index(tx, ty, t.layer[slot])) != null) {
            return;
        }
        int length = paths.find(grid, t.layer[slot], x, y, tx, ty, MARGIN, t.path, slot * EntityTable.MAX_PATH,
                EntityTable.MAX_PATH);
        if (length > 0) {
            t.pathLength[slot] = (byte) length;
            t.pathStep[slot] = 0;
            t.blocked[slot] = 0;
            t.intent[slot] = t.path[slot * EntityTable.MAX_PATH];
        }
    }
}
