package lor.sim.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridBfs;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.grid.MapText;
import lor.sim.util.SplitMix64;
import lor.sim.world.IntentOutcome;
import lor.sim.world.MoveRules;
import org.junit.jupiter.api.Test;

class PathFinderTest {

    private static final Grid OPEN_5 = Grid.open(new GridSize(5, 5, 1));

    @Test
    void findsShortestPathsOnAThousandRandomMaps() {
        PathFinder finder = new PathFinder(40 * 40);
        byte[] steps = new byte[40 * 40];
        int reachable = 0;
        int unreachable = 0;
        for (int map = 0; map < 1_000; map++) {
            Grid grid = MapGenerator.scatter(new GridSize(40, 40, 1), 0.25, map);
            SplitMix64 random = new SplitMix64(~map);
            int sx;
            int sy;
            do {
                sx = random.nextInt(40);
                sy = random.nextInt(40);
            } while (grid.isWall(grid.size().index(sx, sy, 0)));
            int[] distance = GridBfs.distances(grid, 0, sx, sy);
            for (int pair = 0; pair < 3; pair++) {
                int tx = random.nextInt(40);
                int ty = random.nextInt(40);
                if (grid.isWall(grid.size().index(tx, ty, 0))) {
                    continue;
                }
                int length = finder.find(grid, 0, sx, sy, tx, ty, 0, 0, 39, 39, steps, 0, Integer.MAX_VALUE);

                int expected = distance[ty * 40 + tx];
                assertThat(length).as("map %d (%d,%d)->(%d,%d)", map, sx, sy, tx, ty).isEqualTo(expected);
                if (expected >= 0) {
                    reachable++;
                    assertWalksFromTo(grid, 0, sx, sy, tx, ty, steps, 0, length);
                } else {
                    unreachable++;
                }
            }
        }
        // The maps must exercise both answers, or the comparison proves little.
        assertThat(reachable).isGreaterThan(1_000);
        assertThat(unreachable).isGreaterThan(50);
    }

    @Test
    void findsShortestPathsInsideAMarginWindow() {
        PathFinder finder = new PathFinder(40 * 40);
        byte[] steps = new byte[40 * 40];
        int compared = 0;
        for (int map = 0; map < 300; map++) {
            Grid grid = MapGenerator.scatter(new GridSize(40, 40, 1), 0.25, 10_000 + map);
            SplitMix64 random = new SplitMix64(map);
            int sx = random.nextInt(40);
            int sy = random.nextInt(40);
            int tx = Math.min(39, Math.max(0, sx + random.nextInt(21) - 10));
            int ty = Math.min(39, Math.max(0, sy + random.nextInt(21) - 10));
            if (grid.isWall(grid.size().index(sx, sy, 0)) || grid.isWall(grid.size().index(tx, ty, 0))) {
                continue;
            }
            int margin = random.nextInt(5);
            int minX = Math.max(0, Math.min(sx, tx) - margin);
            int minY = Math.max(0, Math.min(sy, ty) - margin);
            int maxX = Math.min(39, Math.max(sx, tx) + margin);
            int maxY = Math.min(39, Math.max(sy, ty) + margin);

            int length = finder.find(grid, 0, sx, sy, tx, ty, margin, steps, 0, steps.length);

            int expected = GridBfs.distances(grid, 0, sx, sy, minX, minY, maxX, maxY)[ty * 40 + tx];
            assertThat(length).as("map %d margin %d", map, margin).isEqualTo(expected);
            if (expected >= 0) {
                assertWalksFromTo(grid, 0, sx, sy, tx, ty, steps, 0, length);
            }
            compared++;
        }
        assertThat(compared).isGreaterThan(150);
    }

    @Test
    void crossesAMillionCellMazeCornerToCorner() {
        Grid maze = MapGenerator.maze(1024, 1024, 99);
        int far = MapGenerator.mazeFarCorner(1024);
        PathFinder finder = new PathFinder(1024 * 1024);
        byte[] steps = new byte[1024 * 1024];

        int length = finder.find(maze, 0, 1, 1, far, far, 0, 0, 1023, 1023, steps, 0, Integer.MAX_VALUE);

        assertThat(length).isEqualTo(GridBfs.distances(maze, 0, 1, 1)[far * 1024 + far]).isGreaterThan(2 * far);
        assertWalksFromTo(maze, 0, 1, 1, far, far, steps, 0, length);
    }

    @Test
    void writesTheStepsAtTheGivenOffset() {
        byte[] steps = new byte[10];
        steps[0] = 99;

        int length = new PathFinder(25).find(OPEN_5, 0, 0, 0, 2, 0, 0, steps, 1, 9);

        assertThat(length).isEqualTo(2);
        assertThat(steps[0]).isEqualTo((byte) 99);
        assertThat(steps[1]).isEqualTo((byte) Direction.E.code());
        assertThat(steps[2]).isEqualTo((byte) Direction.E.code());
    }

    @Test
    void refusesAWindowLargerThanItsCapacity() {
        byte[] steps = new byte[32];

        assertThat(new PathFinder(24).find(OPEN_5, 0, 0, 0, 4, 4, 0, 0, 4, 4, steps, 0, 32)).isEqualTo(-1);
        assertThat(new PathFinder(25).find(OPEN_5, 0, 0, 0, 4, 4, 0, 0, 4, 4, steps, 0, 32)).isEqualTo(8);
    }

    @Test
    void refusesAWallAtStartOrTarget() {
        Grid grid = MapText.parse("""
                .#..
                ....
                ..#.
                """);
        PathFinder finder = new PathFinder(12);

        assertThat(finder.find(grid, 0, 1, 0, 3, 2, 0, null, 0, 99)).isEqualTo(-1);
        assertThat(finder.find(grid, 0, 0, 0, 2, 2, 0, null, 0, 99)).isEqualTo(-1);
        assertThat(finder.find(grid, 0, 0, 0, 3, 2, 0, null, 0, 99)).isEqualTo(5);
    }

    @Test
    void findsAnEmptyPathFromACellToItself() {
        assertThat(new PathFinder(1).find(OPEN_5, 0, 3, 3, 3, 3, 0, new byte[0], 0, 0)).isZero();
    }

    @Test
    void refusesAPathLongerThanMaxSteps() {
        byte[] steps = new byte[8];

        assertThat(new PathFinder(25).find(OPEN_5, 0, 0, 0, 4, 4, 0, steps, 0, 7)).isEqualTo(-1);
        assertThat(new PathFinder(25).find(OPEN_5, 0, 0, 0, 4, 4, 0, steps, 0, 8)).isEqualTo(8);
    }

    @Test
    void refusesAStartOrTargetOutsideTheWindowAndAWindowOffTheGrid() {
        PathFinder finder = new PathFinder(25);

        assertThat(finder.find(OPEN_5, 0, 0, 0, 3, 3, 1, 1, 4, 4, null, 0, 99)).isEqualTo(-1);
        assertThat(finder.find(OPEN_5, 0, 1, 1, 4, 4, 0, 0, 3, 3, null, 0, 99)).isEqualTo(-1);
        assertThat(finder.find(OPEN_5, 0, 1, 1, 3, 3, -1, 0, 3, 3, null, 0, 99)).isEqualTo(-1);
        assertThat(finder.find(OPEN_5, 0, 1, 1, 3, 3, 0, 0, 5, 3, null, 0, 99)).isEqualTo(-1);
        assertThat(finder.find(OPEN_5, 0, 1, 1, 3, 3, 3, 0, 2, 4, null, 0, 99)).isEqualTo(-1);
    }

    @Test
    void staysInsideTheWindowEvenWhenAShorterWayLeavesIt() {
        Grid grid = MapText.parse("""
                .....
                .###.
                .#.#.
                .#.#.
                """);
        PathFinder finder = new PathFinder(20);

        // (0,3) to (4,3): over the top row is 10 steps; the window without row 0 has no way at all.
        assertThat(finder.find(grid, 0, 0, 3, 4, 3, 0, 0, 4, 3, null, 0, 99)).isEqualTo(10);
        assertThat(finder.find(grid, 0, 0, 3, 4, 3, 0, 1, 4, 3, null, 0, 99)).isEqualTo(-1);
    }

    @Test
    void searchesOnlyTheGivenLayer() {
        Grid grid = MapText.parse("""
                ...
                ###
                ...

                ...
                ...
                ...
                """);
        PathFinder finder = new PathFinder(9);

        assertThat(finder.find(grid, 0, 0, 0, 0, 2, 0, null, 0, 99)).isEqualTo(-1);
        assertThat(finder.find(grid, 1, 0, 0, 0, 2, 0, null, 0, 99)).isEqualTo(2);
    }

    @Test
    void givesTheSameStepsForTheSameSearch() {
        Grid grid = MapGenerator.scatter(new GridSize(30, 30, 1), 0.2, 4);
        PathFinder finder = new PathFinder(900);
        byte[] first = new byte[900];
        byte[] second = new byte[900];

        int length = finder.find(grid, 0, grid.spawnX(), grid.spawnY(), 2, 2, 30, first, 0, 900);
        finder.find(grid, 0, 28, 27, 1, 1, 30, null, 0, 900);
        int again = finder.find(grid, 0, grid.spawnX(), grid.spawnY(), 2, 2, 30, second, 0, 900);

        assertThat(length).isPositive();
        assertThat(again).isEqualTo(length);
        assertThat(second).isEqualTo(first);
    }

    @Test
    void refusesAnEmptyCapacity() {
        assertThatThrownBy(() -> new PathFinder(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Replays the steps with the movement rule on an empty occupancy: every one moves, the last lands on target. */
    private static void assertWalksFromTo(Grid grid, int layer, int sx, int sy, int tx, int ty, byte[] steps,
                                          int offset, int length) {
        int[] empty = new int[grid.size().cells()];
        int x = sx;
        int y = sy;
        for (int i = 0; i < length; i++) {
            Direction direction = Direction.ofCode(steps[offset + i]);
            assertThat(MoveRules.check(grid, empty, x, y, layer, direction)).as("step %d", i)
                    .isEqualTo(IntentOutcome.MOVED);
            x += direction.dx;
            y += direction.dy;
        }
        assertThat(x).isEqualTo(tx);
        assertThat(y).isEqualTo(ty);
    }
}
