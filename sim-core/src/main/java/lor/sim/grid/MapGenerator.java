package lor.sim.grid;

import java.util.Arrays;

import lor.sim.util.SplitMix64;

/**
 * Maps made from a seed. Every generator draws only from a {@link SplitMix64} seeded with {@code seed} and walks
 * cells in a fixed order, so the same arguments give an identical {@link Grid} on every JVM: a world's map can be
 * named by its generator, size and seed instead of being shipped as text.
 */
public final class MapGenerator {

    /** Room sides are drawn from {@code [MIN_ROOM_SIDE, MAX_ROOM_SIDE]}, clipped to what fits inside the border. */
    static final int MIN_ROOM_SIDE = 3;
    static final int MAX_ROOM_SIDE = 12;
    /** Placement tries per asked room before {@link #rooms} settles for fewer rooms. */
    static final int TRIES_PER_ROOM = 32;

    private MapGenerator() {
    }

    /**
     * Scattered walls on open floor. Cells are visited in index order ({@link GridSize#index}) and each becomes a
     * wall with probability {@code wallFraction}, independently of the others; the rest are plain floor. The spawn
     * point is the floor cell of layer 0 nearest (Euclidean, ties to the lower index) to the centre
     * {@code (width / 2, height / 2)}; if layer 0 has no floor cell at all, the centre cell is made floor and is the
     * spawn point. Nothing guarantees connectivity: at a wall fraction of 0.10 nearly every floor cell is reachable
     * from the spawn point, at 0.4 and above the floor falls apart into islands.
     *
     * @param wallFraction in {@code [0, 1]}
     */
    public static Grid scatter(GridSize size, double wallFraction, long seed) {
        if (!(wallFraction >= 0 && wallFraction <= 1)) {
            throw new IllegalArgumentException("wall fraction must be in [0, 1], got " + wallFraction);
        }
        SplitMix64 random = new SplitMix64(seed);
        int[] cells = new int[size.cells()];
        for (int i = 0; i < cells.length; i++) {
            if (unitDouble(random) < wallFraction) {
                cells[i] = Cells.WALL;
            }
        }
        int centreX = size.width() / 2;
        int centreY = size.height() / 2;
        int spawn = -1;
        long best = Long.MAX_VALUE;
        for (int y = 0; y < size.height(); y++) {
            for (int x = 0; x < size.width(); x++) {
                int index = size.index(x, y, 0);
                long dx = x - centreX;
                long dy = y - centreY;
                long distance = dx * dx + dy * dy;
                if (!Cells.isWall(cells[index]) && distance < best) {
                    best = distance;
                    spawn = index;
                }
            }
        }
        if (spawn < 0) {
            spawn = size.index(centreX, centreY, 0);
            cells[spawn] = Cells.FLOOR;
        }
        return Grid.of(size, cells, spawn % size.width(), spawn / size.width(), 0);
    }

    /**
     * A perfect maze (exactly one path between any two floor cells) on one layer. The maze's rooms are the cells
     * with both coordinates odd, from {@code (1, 1)} to {@link #mazeFarCorner}{@code (width)},
     * {@code mazeFarCorner(height)}; every other cell starts as a wall. A randomized depth-first search from
     * {@code (1, 1)}, with an explicit stack (so 4096×4096 works) and neighbours tried in the order N, E, S, W
     * minus the visited ones, picks one unvisited neighbour uniformly and opens the wall cell between the two. The
     * border is always wall; with an even side the last two columns (rows) are wall. Spawn at {@code (1, 1)}.
     *
     * @param width  3 to {@link GridSize#MAX_SIDE}
     * @param height 3 to {@link GridSize#MAX_SIDE}
     */
    public static Grid maze(int width, int height, long seed) {
        if (width < 3 || height < 3) {
            throw new IllegalArgumentException("a maze needs at least 3x3 cells, got " + width + "x" + height);
        }
        GridSize size = new GridSize(width, height, 1);
        int roomsX = (width - 1) / 2;
        int roomsY = (height - 1) / 2;
        int[] cells = new int[size.cells()];
        Arrays.fill(cells, Cells.WALL);
        boolean[] visited = new boolean[roomsX * roomsY];
        int[] stack = new int[roomsX * roomsY];
        int[] choices = new int[4];
        SplitMix64 random = new SplitMix64(seed);
        int depth = 0;
        stack[depth++] = 0;
        visited[0] = true;
        cells[size.index(1, 1, 0)] = Cells.FLOOR;
        while (depth > 0) {
            int room = stack[depth - 1];
            int rx = room % roomsX;
            int ry = room / roomsX;
            int options = 0;
            if (ry > 0 && !visited[room - roomsX]) {
                choices[options++] = room - roomsX;
            }
            if (rx + 1 < roomsX && !visited[room + 1]) {
                choices[options++] = room + 1;
            }
            if (ry + 1 < roomsY && !visited[room + roomsX]) {
                choices[options++] = room + roomsX;
            }
            if (rx > 0 && !visited[room - 1]) {
                choices[options++] = room - 1;
            }
            if (options == 0) {
                depth--;
                continue;
            }
            int next = choices[options == 1 ? 0 : random.nextInt(options)];
            int nx = next % roomsX;
            int ny = next / roomsX;
            // Room (rx, ry) sits at cell (2rx + 1, 2ry + 1); the wall between two rooms is at the sum of the two.
            cells[size.index(rx + nx + 1, ry + ny + 1, 0)] = Cells.FLOOR;
            cells[size.index(2 * nx + 1, 2 * ny + 1, 0)] = Cells.FLOOR;
            visited[next] = true;
            stack[depth++] = next;
        }
        return Grid.of(size, cells, 1, 1, 0);
    }

    /** The last maze room coordinate along a side of {@code side} cells: the largest odd number below side − 1. */
    public static int mazeFarCorner(int side) {
        return ((side - 1) & ~1) - 1;
    }

    /**
     * Rectangular rooms joined by corridors, on every layer, with wall everywhere else (the border always). Per
     * layer, in layer order: up to {@code roomCount} rooms are placed by drawing a size (sides in
     * {@code [3, 12]}, clipped to the grid) and a position inside the border, refusing any that would touch an
     * earlier room (a wall at least one cell thick stays between rooms), with at most {@code 32 × roomCount} draws;
     * the first room always fits. Room floor is plain floor. Then each room is joined to the one placed before it by
     * a one-cell-wide L-shaped corridor between their centres, horizontal leg first or vertical leg first by a coin
     * flip; a corridor is road where it cuts through wall and leaves room floor as it is. So every floor cell of a
     * layer is connected to every other one of that layer. Spawn at the centre of the first room of layer 0.
     *
     * @param size      at least 3×3
     * @param roomCount at least 1
     */
    public static Grid rooms(GridSize size, int roomCount, long seed) {
        if (size.width() < 3 || size.height() < 3) {
            throw new IllegalArgumentException("rooms need a grid of at least 3x3, got " + size);
        }
        if (roomCount < 1) {
            throw new IllegalArgumentException("room count must be positive, got " + roomCount);
        }
        int[] cells = new int[size.cells()];
        Arrays.fill(cells, Cells.WALL);
        SplitMix64 random = new SplitMix64(seed);
        int maxSideX = Math.min(MAX_ROOM_SIDE, size.width() - 2);
        int maxSideY = Math.min(MAX_ROOM_SIDE, size.height() - 2);
        int minSideX = Math.min(MIN_ROOM_SIDE, maxSideX);
        int minSideY = Math.min(MIN_ROOM_SIDE, maxSideY);
        // Rooms of the current layer as x0, y0, x1, y1 (inclusive).
        int[] rooms = new int[roomCount * 4];
        int spawnX = -1;
        int spawnY = -1;
        for (int layer = 0; layer < size.layers(); layer++) {
            int placed = 0;
            for (int attempt = 0; attempt < TRIES_PER_ROOM * roomCount && placed < roomCount; attempt++) {
                int w = minSideX + random.nextInt(maxSideX - minSideX + 1);
                int h = minSideY + random.nextInt(maxSideY - minSideY + 1);
                int x0 = 1 + random.nextInt(size.width() - 2 - w + 1);
                int y0 = 1 + random.nextInt(size.height() - 2 - h + 1);
                int x1 = x0 + w - 1;
                int y1 = y0 + h - 1;
                if (touchesAny(rooms, placed, x0, y0, x1, y1)) {
                    continue;
                }
                rooms[placed * 4] = x0;
                rooms[placed * 4 + 1] = y0;
                rooms[placed * 4 + 2] = x1;
                rooms[placed * 4 + 3] = y1;
                for (int y = y0; y <= y1; y++) {
                    for (int x = x0; x <= x1; x++) {
                        cells[size.index(x, y, layer)] = Cells.FLOOR;
                    }
                }
                if (placed > 0) {
                    int px = centre(rooms[(placed - 1) * 4], rooms[(placed - 1) * 4 + 2]);
                    int py = centre(rooms[(placed - 1) * 4 + 1], rooms[(placed - 1) * 4 + 3]);
                    corridor(cells, size, layer, px, py, centre(x0, x1), centre(y0, y1), random.nextInt(2) == 0);
                }
                placed++;
            }
            if (layer == 0) {
                spawnX = centre(rooms[0], rooms[2]);
                spawnY = centre(rooms[1], rooms[3]);
            }
        }
        return Grid.of(size, cells, spawnX, spawnY, 0);
    }

    private static boolean touchesAny(int[] rooms, int count, int x0, int y0, int x1, int y1) {
        for (int r = 0; r < count; r++) {
            int base = r * 4;
            if (x0 <= rooms[base + 2] + 1 && x1 >= rooms[base] - 1 && y0 <= rooms[base + 3] + 1
                    && y1 >= rooms[base + 1] - 1) {
                return true;
            }
        }
        return false;
    }

    private static int centre(int from, int to) {
        return (from + to) >>> 1;
    }

    private static void corridor(int[] cells, GridSize size, int layer, int fromX, int fromY, int toX, int toY,
                                 boolean horizontalFirst) {
        int cornerX = horizontalFirst ? toX : fromX;
        int cornerY = horizontalFirst ? fromY : toY;
        dig(cells, size, layer, fromX, fromY, cornerX, cornerY);
        dig(cells, size, layer, cornerX, cornerY, toX, toY);
    }

    /** Opens a straight line (one of the two coordinates equal) as road where it is wall. */
    private static void dig(int[] cells, GridSize size, int layer, int x0, int y0, int x1, int y1) {
        int dx = Integer.signum(x1 - x0);
        int dy = Integer.signum(y1 - y0);
        int x = x0;
        int y = y0;
        while (true) {
            int index = size.index(x, y, layer);
            if (Cells.isWall(cells[index])) {
                cells[index] = Cells.floor(Cells.TERRAIN_ROAD);
            }
            if (x == x1 && y == y1) {
                return;
            }
            x += dx;
            y += dy;
        }
    }

    /** Uniform in {@code [0, 1)} from the top 53 bits, the same on every JVM. */
    private static double unitDouble(SplitMix64 random) {
        return (random.nextLong() >>> 11) * 0x1.0p-53;
    }
}
