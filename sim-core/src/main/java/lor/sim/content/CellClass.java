package lor.sim.content;

import lor.sim.grid.Cells;

/** The classes of field cells the clock transmutes between: the walkable terrains and walls. */
public enum CellClass {
    FLOOR, GRASS, WATER, ROAD, WALL;

    /** The class named in a pack ({@code "water"}), or null. */
    static CellClass parse(String name) {
        for (CellClass c : values()) {
            if (c.name().toLowerCase(java.util.Locale.ROOT).equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** Whether a map cell is of this class. */
    public boolean matches(int cell) {
        if (this == WALL) {
            return Cells.isWall(cell);
        }
        return !Cells.isWall(cell) && Cells.terrain(cell) == terrain();
    }

    /** {@code cell} turned into this class, keeping its other bits (a wall that thaws keeps its terrain). */
    public int applyTo(int cell) {
        if (this == WALL) {
            return cell | Cells.WALL_BIT;
        }
        return (cell & ~Cells.WALL_BIT & ~Cells.TERRAIN_MASK) | (terrain() << Cells.TERRAIN_SHIFT);
    }

    private int terrain() {
        return switch (this) {
            case FLOOR -> Cells.TERRAIN_FLOOR;
            case GRASS -> Cells.TERRAIN_GRASS;
            case WATER -> Cells.TERRAIN_WATER;
            case ROAD -> Cells.TERRAIN_ROAD;
            case WALL -> throw new IllegalStateException("a wall has no terrain of its own");
        };
    }
}
