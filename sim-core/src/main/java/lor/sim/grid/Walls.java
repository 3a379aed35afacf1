package lor.sim.grid;

import java.util.function.IntPredicate;

/**
 * What a path search needs of a map: its size and which cells block. A {@link lor.sim.grid.Grid} is one (its own
 * walls), a {@link lor.sim.clock.Field} another (the walls of the clock's line), the world's NPCs add the cells
 * objects hold, and a client adds what it knows stands in the way.
 */
public interface Walls {

    int width();

    int height();

    /** Whether the cell at {@code index} ({@code (layer * height + y) * width + x}) cannot be entered. */
    boolean isWall(int index);

    /** Walls of a map of this size where {@code wall} says so. */
    static Walls of(int width, int height, IntPredicate wall) {
        return new Walls() {
            @Override
            public int width() {
                return width;
            }

            @Override
            public int height() {
                return height;
            }

            @Override
            public boolean isWall(int index) {
                return wall.test(index);
            }
        };
    }
}
