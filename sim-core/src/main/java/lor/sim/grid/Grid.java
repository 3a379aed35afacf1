package lor.sim.grid;

import java.util.Arrays;
import java.util.List;

/**
 * The static map of a world: one {@code int} per cell ({@link Cells}), in one flat array indexed
 * {@code (layer * height + y) * width + x}, plus the spawn point and the portals its cells name. Immutable.
 */
public final class Grid implements Walls {

    private final GridSize size;
    private final int[] cells;
    /**
     * The wall bit of every cell, 32 to an int: {@link #isWall} is the innermost check of movement and path search,
     * and a 1024×1024 map's bits fit in 128 KiB of cache where its cells take 4 MiB. Ints, not longs: compiled for
     * the browser, a Java long is a BigInt there.
     */
    private final int[] walls;
    private final int spawnX;
    private final int spawnY;
    private final int spawnLayer;
    private final List<Portal> portals;

    private Grid(GridSize size, int[] cells, int spawnX, int spawnY, int spawnLayer, List<Portal> portals) {
        this.size = size;
        this.cells = cells;
        this.walls = new int[(cells.length + 31) >>> 5];
        for (int i = 0; i < cells.length; i++) {
            if ((cells[i] & Cells.WALL_BIT) != 0) {
                walls[i >>> 5] |= 1 << i;
            }
        }
        this.spawnX = spawnX;
        this.spawnY = spawnY;
        this.spawnLayer = spawnLayer;
        this.portals = portals;
    }

    /** A grid over a copy of {@code cells}, without portals; the spawn point must lie on the grid. */
    public static Grid of(GridSize size, int[] cells, int spawnX, int spawnY, int spawnLayer) {
        return of(size, cells, spawnX, spawnY, spawnLayer, List.of());
    }

    /**
     * A grid over a copy of {@code cells} with its portals, where {@code portals.get(n - 1)} is portal number
     * {@code n}; every portal number in the cells must name one.
     */
    public static Grid of(GridSize size, int[] cells, int spawnX, int spawnY, int spawnLayer, List<Portal> portals) {
        if (cells.length != size.cells()) {
            throw new IllegalArgumentException("expected " + size.cells() + " cells, got " + cells.length);
        }
        if (!size.contains(spawnX, spawnY, spawnLayer)) {
            throw new IllegalArgumentException("spawn point off the grid");
        }
        for (int i = 0; i < portals.size(); i++) {
            if (portals.get(i).number() != i + 1) {
                throw new IllegalArgumentException("portal " + (i + 1) + " is numbered " + portals.get(i).number());
            }
        }
        for (int cell : cells) {
            if (Cells.portal(cell) > portals.size()) {
                throw new IllegalArgumentException("a cell names portal " + Cells.portal(cell) + " of "
                        + portals.size());
            }
        }
        return new Grid(size, cells.clone(), spawnX, spawnY, spawnLayer, List.copyOf(portals));
    }

    /** An open floor with the spawn point at the centre of layer 0. */
    public static Grid open(GridSize size) {
        return new Grid(size, new int[size.cells()], size.width() / 2, size.height() / 2, 0, List.of());
    }

    public GridSize size() {
        return size;
    }

    @Override
    public int width() {
        return size.width();
    }

    @Override
    public int height() {
        return size.height();
    }

    public int layers() {
        return size.layers();
    }

    public int cell(int index) {
        return cells[index];
    }

    @Override
    public boolean isWall(int index) {
        return (walls[index >>> 5] & (1 << index)) != 0;
    }

    /** The portal of a cell, or null when the cell is none. */
    public Portal portalAt(int index) {
        int number = Cells.portal(cells[index]);
        return number == 0 ? null : portals.get(number - 1);
    }

    /** Every portal, numbered from 1 in order. */
    public List<Portal> portals() {
        return portals;
    }

    public int spawnX() {
        return spawnX;
    }

    public int spawnY() {
        return spawnY;
    }

    public int spawnLayer() {
        return spawnLayer;
    }

    /** A copy of every cell, in index order. */
    public int[] copyCells() {
        return cells.clone();
    }

    /** Walkable cells, for statistics and tests. */
    public int floorCount() {
        int count = 0;
        for (int cell : cells) {
            if ((cell & Cells.WALL_BIT) == 0) {
                count++;
            }
        }
        return count;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Grid g && g.size.equals(size) && Arrays.equals(g.cells, cells) && g.spawnX == spawnX
                && g.spawnY == spawnY && g.spawnLayer == spawnLayer && g.portals.equals(portals);
    }

    @Override
    public int hashCode() {
        return size.hashCode() * 31 + Arrays.hashCode(cells);
    }
}
