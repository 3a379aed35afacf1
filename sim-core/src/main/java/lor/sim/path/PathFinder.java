package lor.sim.path;

import java.util.Arrays;

import lor.sim.grid.Direction;
import lor.sim.grid.Walls;

/**
 * A* on one layer of a grid ({@link Walls}), 4-neighbour steps, walls block, Manhattan heuristic (admissible and
 * consistent, so paths are shortest). All scratch state lives in int arrays sized once for the largest search window; a
 * search allocates nothing. A search is confined to a rectangle of the grid (its window), which bounds both its cost
 * and its scratch memory. Not thread-safe: one instance per thread (the world's tick thread owns one).
 */
public final class PathFinder {

    private static final int NONE = -1;

    private final int capacity;
    private final int[] g;
    private final int[] f;
    private final int[] parent;
    /** Generation in which g/f/parent of a node were written; older values are garbage. */
    private final int[] seen;
    /** Generation in which a node was closed (expanded). */
    private final int[] closed;
    /** Binary min-heap of window-local node indices, and each node's position in it (+1; 0 = not in heap). */
    private final int[] heap;
    private final int[] heapPos;
    private int heapSize;
    private int generation;

    // Window of the current search.
    private int originX;
    private int originY;
    private int windowWidth;

    public PathFinder(int maxWindowCells) {
        if (maxWindowCells < 1) {
            throw new IllegalArgumentException("window must hold at least one cell");
        }
        this.capacity = maxWindowCells;
        this.g = new int[maxWindowCells];
        this.f = new int[maxWindowCells];
        this.parent = new int[maxWindowCells];
        this.seen = new int[maxWindowCells];
        this.closed = new int[maxWindowCells];
        this.heap = new int[maxWindowCells];
        this.heapPos = new int[maxWindowCells];
    }

    public int capacity() {
        return capacity;
    }

    /**
     * Searches within the bounding box of start and target grown by {@code margin} cells (clamped to the grid).
     *
     * @see #find(Walls, int, int, int, int, int, int, int, int, int, byte[], int, int)
     */
    public int find(Walls walls, int layer, int sx, int sy, int tx, int ty, int margin, byte[] out, int offset,
                    int maxSteps) {
        return find(walls, layer, sx, sy, tx, ty,
                Math.max(0, Math.min(sx, tx) - margin), Math.max(0, Math.min(sy, ty) - margin),
                Math.min(walls.width() - 1, Math.max(sx, tx) + margin),
                Math.min(walls.height() - 1, Math.max(sy, ty) + margin),
                out, offset, maxSteps);
    }

    /**
     * A shortest path from {@code (sx, sy)} to {@code (tx, ty)} on {@code layer} through walkable cells of the window
     * {@code [minX, maxX] × [minY, maxY]}. The steps are written to {@code out[offset…]} as {@link Direction#code()}
     * values, unless {@code out} is null (then only the length is computed).
     *
     * @return the number of steps (0 when start is the target), or -1 when start or target is a wall or outside the
     *         window, the window holds more cells than this finder's capacity, no path exists within the window, or
     *         the path is longer than {@code maxSteps}
     */
    public int find(Walls walls, int layer, int sx, int sy, int tx, int ty, int minX, int minY, int maxX, int maxY,
                    byte[] out, int offset, int maxSteps) {
        if (minX < 0 || minY < 0 || maxX >= walls.width() || maxY >= walls.height() || minX > maxX || minY > maxY) {
            return -1;
        }
        long cells = (long) (maxX - minX + 1) * (maxY - minY + 1);
        if (cells > capacity || !inside(sx, sy, minX, minY, maxX, maxY) || !inside(tx, ty, minX, minY, maxX, maxY)) {
            return -1;
        }
        int width = walls.width();
        int layerBase = layer * walls.height() * width;
        if (walls.isWall(layerBase + sy * width + sx) || walls.isWall(layerBase + ty * width + tx)) {
            return -1;
        }
        originX = minX;
        originY = minY;
        windowWidth = maxX - minX + 1;
        nextGeneration();
        int start = local(sx, sy);
        int target = local(tx, ty);
        heapSize = 0;
        open(start, 0, Math.abs(sx - tx) + Math.abs(sy - ty), NONE);
        while (heapSize > 0) {
            int node = pop();
            if (node == target) {
                return g[node] > maxSteps ? -1 : writePath(target, start, out, offset);
            }
            closed[node] = generation;
            int x = originX + node % windowWidth;
            int y = originY + node / windowWidth;
            int cost = g[node] + 1;
            // Fixed neighbour order N, E, S, W keeps the search deterministic.
            relax(walls, layerBase, x, y - 1, minY, maxY, minX, maxX, cost, node, tx, ty);
            relax(walls, layerBase, x + 1, y, minY, maxY, minX, maxX, cost, node, tx, ty);
            relax(walls, layerBase, x, y + 1, minY, maxY, minX, maxX, cost, node, tx, ty);
            relax(walls, layerBase, x - 1, y, minY, maxY, minX, maxX, cost, node, tx, ty);
        }
        return -1;
    }

    private void relax(Walls walls, int layerBase, int x, int y, int minY, int maxY, int minX, int maxX, int cost,
                       int from, int tx, int ty) {
        if (x < minX || x > maxX || y < minY || y > maxY) {
            return;
        }
        if (walls.isWall(layerBase + y * walls.width() + x)) {
            return;
        }
        int node = local(x, y);
        if (closed[node] == generation) {
            return;
        }
        if (seen[node] == generation && heapPos[node] != 0) {
            if (cost < g[node]) {
                g[node] = cost;
                f[node] = cost + Math.abs(x - tx) + Math.abs(y - ty);
                parent[node] = from;
                siftUp(heapPos[node] - 1);
            }
            return;
        }
        open(node, cost, cost + Math.abs(x - tx) + Math.abs(y - ty), from);
    }

    private void open(int node, int cost, int priority, int from) {
        seen[node] = generation;
        g[node] = cost;
        f[node] = priority;
        parent[node] = from;
        heap[heapSize] = node;
        heapPos[node] = heapSize + 1;
        siftUp(heapSize++);
    }

    private int pop() {
        int top = heap[0];
        heapPos[top] = 0;
        heapSize--;
        if (heapSize > 0) {
            heap[0] = heap[heapSize];
            heapPos[heap[0]] = 1;
            siftDown(0);
        }
        return top;
    }

    private void siftUp(int i) {
        int node = heap[i];
        while (i > 0) {
            int up = (i - 1) >>> 1;
            if (!before(node, heap[up])) {
                break;
            }
            heap[i] = heap[up];
            heapPos[heap[i]] = i + 1;
            i = up;
        }
        heap[i] = node;
        heapPos[node] = i + 1;
    }

    private void siftDown(int i) {
        int node = heap[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                break;
            }
            if (child + 1 < heapSize && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], node)) {
                break;
            }
            heap[i] = heap[child];
            heapPos[heap[i]] = i + 1;
            i = child;
        }
        heap[i] = node;
        heapPos[node] = i + 1;
    }

    /** Lower f first; on a tie the deeper node (closer to the target), then the lower index: deterministic. */
    private boolean before(int a, int b) {
        if (f[a] != f[b]) {
            return f[a] < f[b];
        }
        if (g[a] != g[b]) {
            return g[a] > g[b];
        }
        return a < b;
    }

    private int writePath(int target, int start, byte[] out, int offset) {
        int length = g[target];
        if (out == null) {
            return length;
        }
        int node = target;
        for (int i = length - 1; i >= 0; i--) {
            int from = parent[node];
            int dx = node % windowWidth - from % windowWidth;
            int dy = node / windowWidth - from / windowWidth;
            Direction step = dx == 1 ? Direction.E : dx == -1 ? Direction.W : dy == 1 ? Direction.S : Direction.N;
            out[offset + i] = (byte) step.code();
            node = from;
        }
        return length;
    }

    private int local(int x, int y) {
        return (y - originY) * windowWidth + (x - originX);
    }

    private static boolean inside(int x, int y, int minX, int minY, int maxX, int maxY) {
        return x >= minX && x <= maxX && y >= minY && y <= maxY;
    }

    private void nextGeneration() {
        if (++generation == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            Arrays.fill(closed, 0);
            generation = 1;
        }
    }
}
