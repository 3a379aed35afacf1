package lor.sim.world;

import lor.sim.clock.Field;
import lor.sim.grid.Walls;

/**
 * The world as NPCs plan on it: a cell blocks where movement refuses every step into it, a wall of the clock's
 * current line or a cell an object holds ({@link MoveRules#standingResult}). Entities come and go within a tick, so
 * they are left to the step itself (an NPC retries, then plans again). The planner's own cell never blocks: the line
 * may have made it a wall under the NPC's feet, and movement lets a step out of a wall. A view of the world's own
 * field and occupancy, so it is current without being kept up to date.
 */
final class StandingWalls implements Walls {

    private final Field field;
    /** As the world's: entity ids, minus objects' ids, 0 for free. */
    private final int[] occupancy;
    /** Cells game modules' fields block; null in a world without modules. */
    private final Walls moduleWalls;
    private int start = -1;

    StandingWalls(Field field, int[] occupancy, Walls moduleWalls) {
        this.field = field;
        this.occupancy = occupancy;
        this.moduleWalls = moduleWalls;
    }

    /** The cell the next search starts from (a search only; {@link #blocks} does not care). */
    void startAt(int index) {
        start = index;
    }

    @Override
    public int width() {
        return field.width();
    }

    @Override
    public int height() {
        return field.height();
    }

    /** Whether movement refuses every step into the cell, whoever else moves. */
    boolean blocks(int index) {
        return MoveRules.standingResult(field, moduleWalls, occupancy, index) != IntentOutcome.MOVED;
    }

    /** As {@link #blocks}, but the search's start cell, which is left, never blocks. */
    @Override
    public boolean isWall(int index) {
        return index != start && blocks(index);
    }
}
