package lor.sim.world;

import lor.sim.clock.Field;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.Walls;

/**
 * The movement rule, the one piece of code that the server and a predicting client both run: a step leaves the
 * grid ({@code out_of_bounds}), or enters a wall ({@code wall}) or a cell another entity holds ({@code occupied}),
 * or it moves. Checked in that order.
 */
public final class MoveRules {

    private MoveRules() {
    }

    /**
     * The rule on the field as the clock transmutes it: a cell that is a wall on the current line blocks.
     *
     * @param occupancy entity id (or minus an object's id) per cell, 0 for free, indexed like the grid
     */
    public static IntentOutcome check(Field field, int[] occupancy, int x, int y, int layer, Direction direction) {
        return check(field, null, occupancy, x, y, layer, direction);
    }

    /**
     * The rule on the field as the clock transmutes it and game modules' fields block: a cell that is a wall on the
     * current line, or on which a module's blocking value lies, is a {@code wall}.
     *
     * @param moduleWalls the cells modules block, or null for none
     * @param occupancy   entity id (or minus an object's id) per cell, 0 for free, indexed like the grid
     */
    public static IntentOutcome check(Field field, Walls moduleWalls, int[] occupancy, int x, int y, int layer,
                                      Direction direction) {
        Grid grid = field.grid();
        int nx = x + direction.dx;
        int ny = y + direction.dy;
        if (nx < 0 || ny < 0 || nx >= grid.width() || ny >= grid.height()) {
            return IntentOutcome.OUT_OF_BOUNDS;
        }
        int index = (layer * grid.height() + ny) * grid.width() + nx;
        IntentOutcome standing = standingResult(field, moduleWalls, occupancy, index);
        if (standing != IntentOutcome.MOVED) {
            return standing;
        }
        return occupancy[index] != 0 ? IntentOutcome.OCCUPIED : IntentOutcome.MOVED;
    }

    /**
     * What a cell makes of any step into it, whoever else moves: {@code wall} where the current line has a wall,
     * {@code occupied} where an object stands, else {@code moved}, though an entity may still stand there. The part
     * of {@link #check} that holds until the line turns or an object is built or taken away, and so the part a plan
     * can rely on: NPCs plan on it ({@link StandingWalls}).
     *
     * @param occupancy as for {@link #check(Field, int[], int, int, int, Direction)}
     * @param index     a cell of the grid
     */
    public static IntentOutcome standingResult(Field field, int[] occupancy, int index) {
        return standingResult(field, null, occupancy, index);
    }

    /** As {@link #standingResult(Field, int[], int)}, a module's blocking cell a {@code wall} too. */
    public static IntentOutcome standingResult(Field field, Walls moduleWalls, int[] occupancy, int index) {
        if (field.isWall(index) || moduleWalls != null && moduleWalls.isWall(index)) {
            return IntentOutcome.WALL;
        }
        return occupancy[index] < 0 ? IntentOutcome.OCCUPIED : IntentOutcome.MOVED;
    }

    /**
     * The rule on a map no clock changes.
     *
     * @param occupancy entity id per cell, 0 for free, indexed like the grid; the mover's own cell is never the
     *                  target, so its own id there does not matter
     */
    public static IntentOutcome check(Grid grid, int[] occupancy, int x, int y, int layer, Direction direction) {
        int nx = x + direction.dx;
        int ny = y + direction.dy;
        if (nx < 0 || ny < 0 || nx >= grid.width() || ny >= grid.height()) {
            return IntentOutcome.OUT_OF_BOUNDS;
        }
        int index = (layer * grid.height() + ny) * grid.width() + nx;
        if (grid.isWall(index)) {
            return IntentOutcome.WALL;
        }
        if (occupancy[index] != 0) {
            return IntentOutcome.OCCUPIED;
        }
        return IntentOutcome.MOVED;
    }
}
