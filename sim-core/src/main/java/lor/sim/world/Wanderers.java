package lor.sim.world;

import lor.sim.clock.Field;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.Walls;
import lor.sim.path.PathFinder;
import lor.sim.util.SplitMix64;

/**
 * The NPC brain: walk an A* path to a random target within {@link #RANGE} cells, then pick another. Planning is
 * the expensive part, so each tick plans for at most {@link #PLANS_PER_TICK} NPCs, taking turns from a rotating
 * cursor; an NPC without a path waits for its turn. Paths are planned on what movement refuses whoever moves, the
 * walls of the clock's current line and the cells objects hold ({@link StandingWalls}), and a path whose next step
 * has become one of them since (the line turned, an object was built) is given up before the step is tried. So only
 * another entity refuses an NPC's step: such a step is retried; after {@link #MAX_BLOCKED} refusals in a row the NPC
 * gives up its path and plans again.
 */
final class Wanderers {

    static final int RANGE = 10;
    static final int MARGIN = 4;
    static final int PLANS_PER_TICK = 64;
    static final int MAX_BLOCKED = 3;
    static final int WINDOW = 2 * (RANGE + MARGIN) + 1;

    private final PathFinder paths = new PathFinder(WINDOW * WINDOW);
    private final Grid grid;
    private final StandingWalls walls;
    private int cursor;
    /** Statistics since the world was made, not state (a restored world starts them again): searches run. */
    private long searches;
    /** Statistics: steps the movement rule refused as walls, and as occupied. */
    private long refusedAsWall;
    private long refusedAsOccupied;

    /**
     * @param occupancy   the world's, read as it changes
     * @param moduleWalls the cells game modules' fields block, or null in a world without modules
     */
    Wanderers(Field field, int[] occupancy, Walls moduleWalls) {
        this.grid = field.grid();
        this.walls = new StandingWalls(field, occupancy, moduleWalls);
    }

    /** Sets this tick's intent of every NPC that has a path, and plans new paths within the budget. */
    void chooseIntents(EntityTable t, SplitMix64 random) {
        int npc = EntityKind.NPC.code;
        for (int slot = 0; slot < t.count; slot++) {
            if (t.kind[slot] == npc && t.owner[slot] == 0 && t.pathStep[slot] < t.pathLength[slot]) {
                byte step = t.path[slot * EntityTable.MAX_PATH + t.pathStep[slot]];
                if (walls.blocks(cellAfter(t, slot, step))) {
                    forgetPath(t, slot);
                } else {
                    t.intent[slot] = step;
                }
            }
        }
        int budget = PLANS_PER_TICK;
        for (int visited = 0; visited < t.count && budget > 0; visited++) {
            int slot = cursor;
            cursor = cursor + 1 >= t.count ? 0 : cursor + 1;
            if (t.kind[slot] != npc || t.owner[slot] != 0 || t.pathStep[slot] < t.pathLength[slot]) {
                continue;
            }
            budget--;
            plan(t, random, slot);
        }
    }

    /** Learns how the step went. */
    void onResult(EntityTable t, int slot, IntentOutcome result) {
        if (result == IntentOutcome.WALL) {
            refusedAsWall++;
        } else if (result == IntentOutcome.OCCUPIED) {
            refusedAsOccupied++;
        }
        if (result == IntentOutcome.MOVED) {
            t.pathStep[slot]++;
            t.blocked[slot] = 0;
            if (t.pathStep[slot] >= t.pathLength[slot]) {
                t.pathLength[slot] = 0;
                t.pathStep[slot] = 0;
            }
        } else if (result != IntentOutcome.OCCUPIED || ++t.blocked[slot] >= MAX_BLOCKED) {
            forgetPath(t, slot);
        }
    }

    /** Where the next planning round starts: part of the world's state. */
    int cursor() {
        return cursor;
    }

    long searches() {
        return searches;
    }

    long refusedAsWall() {
        return refusedAsWall;
    }

    long refusedAsOccupied() {
        return refusedAsOccupied;
    }

    /** A slot was moved by compaction; the cursor is only a fairness hint, keep it in range. */
    void clampCursor(int count) {
        if (cursor >= count) {
            cursor = 0;
        }
    }

    private static void forgetPath(EntityTable t, int slot) {
        t.pathLength[slot] = 0;
        t.pathStep[slot] = 0;
        t.blocked[slot] = 0;
    }

    /** The cell a step of the NPC's path leads into: on the grid, as every step of a path planned on it does. */
    private int cellAfter(EntityTable t, int slot, int step) {
        Direction d = Direction.ofCode(step);
        return (t.layer[slot] * grid.height() + t.y[slot] + d.dy) * grid.width() + t.x[slot] + d.dx;
    }

    private void plan(EntityTable t, SplitMix64 random, int slot) {
        int x = t.x[slot];
        int y = t.y[slot];
        int tx = Math.max(0, Math.min(grid.width() - 1, x + random.nextInt(2 * RANGE + 1) - RANGE));
        int ty = Math.max(0, Math.min(grid.height() - 1, y + random.nextInt(2 * RANGE + 1) - RANGE));
        // NPCs never aim at a portal: they do not travel, and a player arriving must not find one standing there. Nor
        // at a cell movement refuses: no search can end there.
        int target = grid.size().index(tx, ty, t.layer[slot]);
        if (tx == x && ty == y || grid.portalAt(target) != null || walls.blocks(target)) {
            return;
        }
        searches++;
        walls.startAt(grid.size().index(x, y, t.layer[slot]));
        int length = paths.find(walls, t.layer[slot], x, y, tx, ty, MARGIN, t.path, slot * EntityTable.MAX_PATH,
                EntityTable.MAX_PATH);
        if (length > 0) {
            t.pathLength[slot] = (byte) length;
            t.pathStep[slot] = 0;
            t.blocked[slot] = 0;
            t.intent[slot] = t.path[slot * EntityTable.MAX_PATH];
        }
    }
}
