package lor.sim.grid;

/**
 * The encoding of one cell of the static map, an {@code int}:
 * <pre>
 * bit  0     wall: 1 blocks movement, 0 is walkable
 * bits 1-3   terrain: 0 floor, 1 grass, 2 water (shallow, walkable), 3 road; 4-7 reserved
 * bits 4-11  portal: 0 none, else the number (1-255) of one of the map's portals; a portal cell is walkable
 * bits 12-31 reserved, 0
 * </pre>
 * Clients receive these values in the {@code map} message, so the encoding is part of the protocol.
 */
public final class Cells {

    public static final int WALL_BIT = 1;
    public static final int TERRAIN_SHIFT = 1;
    public static final int TERRAIN_MASK = 0b111 << TERRAIN_SHIFT;

    public static final int TERRAIN_FLOOR = 0;
    public static final int TERRAIN_GRASS = 1;
    public static final int TERRAIN_WATER = 2;
    public static final int TERRAIN_ROAD = 3;

    public static final int PORTAL_SHIFT = 4;
    public static final int PORTAL_MASK = 0xFF << PORTAL_SHIFT;
    public static final int MAX_PORTALS = 255;

    public static final int FLOOR = 0;
    public static final int WALL = WALL_BIT;

    private Cells() {
    }

    public static boolean isWall(int cell) {
        return (cell & WALL_BIT) != 0;
    }

    public static int terrain(int cell) {
        return (cell & TERRAIN_MASK) >>> TERRAIN_SHIFT;
    }

    /** The portal number of a cell, 0 for none. */
    public static int portal(int cell) {
        return (cell & PORTAL_MASK) >>> PORTAL_SHIFT;
    }

    /** A walkable floor cell that is portal {@code number}. */
    public static int portalFloor(int number) {
        return number << PORTAL_SHIFT;
    }

    public static int floor(int terrain) {
        return terrain << TERRAIN_SHIFT;
    }
}
