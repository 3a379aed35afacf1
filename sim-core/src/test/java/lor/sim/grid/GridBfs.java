package lor.sim.grid;

import java.util.Arrays;

/** Breadth-first search over the walkable cells of one layer: the slow, obviously right oracle for tests. */
public final class GridBfs {

    private GridBfs() {
    }

    /** Steps from {@code (sx, sy)} to every cell of the layer, {@code -1} where unreachable; indexed y * width + x. */
    public static int[] distances(Grid grid, int layer, int sx, int sy) {
        return distances(grid, layer, sx, sy, 0, 0, grid.width() - 1, grid.height() - 1);
    }

    /** As {@link #distances(Grid, int, int, int)}, moving only inside {@code [minX, maxX] × [minY, maxY]}. */
    public static int[] distances(Grid grid, int layer, int sx, int sy, int minX, int minY, int maxX, int maxY) {
        int width = grid.width();
        int[] distance = new int[width * grid.height()];
        Arrays.fill(distance, -1);
        if (grid.isWall(grid.size().index(sx, sy, layer))) {
            return distance;
        }
        int[] queue = new int[distance.length];
        int head = 0;
        int tail = 0;
        distance[sy * width + sx] = 0;
        queue[tail++] = sy * width + sx;
        int[] dx = {0, 1, 0, -1};
        int[] dy = {-1, 0, 1, 0};
        while (head < tail) {
            int at = queue[head++];
            int x = at % width;
            int y = at / width;
            for (int d = 0; d < 4; d++) {
                int nx = x + dx[d];
                int ny = y + dy[d];
                if (nx < minX || nx > maxX || ny < minY || ny > maxY) {
                    continue;
                }
                int next = ny * width + nx;
                if (distance[next] < 0 && !grid.isWall(grid.size().index(nx, ny, layer))) {
                    distance[next] = distance[at] + 1;
                    queue[tail++] = next;
                }
            }
        }
        return distance;
    }

    /** Whether every walkable cell of the layer can reach every other one (true for a layer without floor). */
    public static boolean floorConnected(Grid grid, int layer) {
        int floor = 0;
        int first = -1;
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (!grid.isWall(grid.size().index(x, y, layer))) {
                    floor++;
                    if (first < 0) {
                        first = y * grid.width() + x;
                    }
                }
            }
        }
        if (first < 0) {
            return true;
        }
        int[] distance = distances(grid, layer, first % grid.width(), first / grid.width());
        return Arrays.stream(distance).filter(d -> d >= 0).count() == floor;
    }

    /** Walkable cells of one layer. */
    public static int floorCount(Grid grid, int layer) {
        int floor = 0;
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (!grid.isWall(grid.size().index(x, y, layer))) {
                    floor++;
                }
            }
        }
        return floor;
    }
}
