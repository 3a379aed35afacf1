package lor.sim.module;

/** Line of sight on a grid, the same for the server's world and a client's prediction. */
public final class LineOfSight {

    private LineOfSight() {
    }

    /**
     * Whether a straight line (Bresenham) between two cells of one layer crosses no {@link ModuleWorld#blocked} cell;
     * the end cells themselves do not count.
     */
    public static boolean clear(ModuleWorld world, int x0, int y0, int x1, int y1, int layer) {
        int dx = Math.abs(x1 - x0);
        int dy = -Math.abs(y1 - y0);
        int sx = x0 < x1 ? 1 : -1;
        int sy = y0 < y1 ? 1 : -1;
        int err = dx + dy;
        int x = x0;
        int y = y0;
        while (x != x1 || y != y1) {
            int e2 = 2 * err;
            if (e2 >= dy) {
                err += dy;
                x += sx;
            }
            if (e2 <= dx) {
                err += dx;
                y += sy;
            }
            if ((x != x1 || y != y1) && world.blocked(x, y, layer)) {
                return false;
            }
        }
        return true;
    }
}
