package lor.sim.grid;

/**
 * The benchmark world shared with the Colyseus peer benchmark ({@code shared/bench/colyseus/world.js}),
 * re-implemented bit for bit so that both servers run the same work: a 256 × 256 grid, one layer, where a cell is a
 * wall when it lies on the border or when {@code hash32(x, y, 12345) % 10 == 0} (unsigned). That gives 7,468 walls.
 * The j-th player to join starts at cell {@code hash32(j, 0x5157, 12345) % 65536} and the first free cell after it
 * in row-major order, wrapping ({@link #spawnStart}).
 */
public final class BenchMap {

    public static final int SIDE = 256;
    public static final int SEED = 12345;
    private static final int SPAWN_SALT = 0x5157;

    private BenchMap() {
    }

    public static Grid grid() {
        return grid(1);
    }

    /**
     * The bench map on layer 0 over {@code layers - 1} layers of open floor: room for the benchmark world's objects
     * apart from its players, who spawn on layer 0 by the same rule ({@link #spawnStart} over one layer's cells).
     */
    public static Grid grid(int layers) {
        GridSize size = new GridSize(SIDE, SIDE, layers);
        int[] cells = new int[size.cells()];
        for (int y = 0; y < SIDE; y++) {
            for (int x = 0; x < SIDE; x++) {
                if (isWall(x, y)) {
                    cells[size.index(x, y, 0)] = Cells.WALL;
                }
            }
        }
        // Spawning follows spawnStart; the grid's own spawn point is only a fallback, on a floor cell.
        int spawn = 0;
        while (Cells.isWall(cells[spawn])) {
            spawn++;
        }
        return Grid.of(size, cells, spawn % SIDE, spawn / SIDE, 0);
    }

    static boolean isWall(int x, int y) {
        if (x <= 0 || y <= 0 || x >= SIDE - 1 || y >= SIDE - 1) {
            return true;
        }
        return Integer.remainderUnsigned(hash32(x, y, SEED), 10) == 0;
    }

    /** The cell index where the {@code joinIndex}-th player's search for a free cell starts. */
    public static int spawnStart(int joinIndex, int cells) {
        return Integer.remainderUnsigned(hash32(joinIndex, SPAWN_SALT, SEED), cells);
    }

    /** {@code world.js}'s hash32: Java's int arithmetic is JavaScript's Math.imul and >>>. */
    static int hash32(int x, int y, int seed) {
        int h = (x * 0x9E3779B1) ^ (y * 0x85EBCA77) ^ seed;
        h ^= h >>> 16;
        h *= 0x7FEB352D;
        h ^= h >>> 15;
        h *= 0x846CA68B;
        h ^= h >>> 16;
        return h;
    }
}
