package lor.sim.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class MapGeneratorTest {

    // ---- scatter ----------------------------------------------------------------------------------------------

    @Test
    void scatterGivesTheSameGridForTheSameSeed() {
        GridSize size = new GridSize(100, 80, 2);

        assertThat(MapGenerator.scatter(size, 0.2, 5)).isEqualTo(MapGenerator.scatter(size, 0.2, 5));
        assertThat(MapGenerator.scatter(size, 0.2, 5)).isNotEqualTo(MapGenerator.scatter(size, 0.2, 6));
    }

    @Test
    void scatterDrawsThePinnedSmallMap() {
        assertThat(MapText.format(MapGenerator.scatter(new GridSize(12, 5, 1), 0.25, 1))).isEqualTo("""
                ............
                ...#....##.#
                .#..#.S.....
                ......#....#
                ...#...#.#..
                """);
    }

    @Test
    void scatterDrawsThePinnedBenchMap() {
        // The bench world is scatter(256x256x1, 0.10, seed): a change here changes every benchmark figure.
        Grid grid = MapGenerator.scatter(new GridSize(256, 256, 1), 0.10, 1);

        assertThat(Arrays.hashCode(grid.copyCells())).isEqualTo(-77941744);
        assertThat(grid.floorCount()).isEqualTo(58949);
        assertThat(grid.spawnX()).isEqualTo(128);
        assertThat(grid.spawnY()).isEqualTo(128);
    }

    @Test
    void scatterMakesAboutTheAskedFractionOfWalls() {
        Grid grid = MapGenerator.scatter(new GridSize(256, 256, 1), 0.10, 77);

        double walls = 1 - grid.floorCount() / (256.0 * 256.0);
        assertThat(walls).isBetween(0.095, 0.105);
    }

    @Test
    void scatterAtTenPercentLeavesNearlyAllFloorReachableFromSpawn() {
        Grid grid = MapGenerator.scatter(new GridSize(256, 256, 1), 0.10, 1);

        long reachable = Arrays.stream(GridBfs.distances(grid, 0, grid.spawnX(), grid.spawnY()))
                .filter(d -> d >= 0).count();
        assertThat(reachable).isGreaterThan((long) (0.99 * grid.floorCount()));
    }

    @Property(tries = 200)
    void scatterSpawnsOnTheFloorCellNearestTheCentre(@ForAll @IntRange(min = 1, max = 30) int width,
                                                     @ForAll @IntRange(min = 1, max = 30) int height,
                                                     @ForAll @IntRange(min = 1, max = 3) int layers,
                                                     @ForAll @DoubleRange(min = 0, max = 1) double wallFraction,
                                                     @ForAll long seed) {
        Grid grid = MapGenerator.scatter(new GridSize(width, height, layers), wallFraction, seed);

        assertThat(grid.spawnLayer()).isZero();
        assertThat(grid.isWall(grid.size().index(grid.spawnX(), grid.spawnY(), 0))).isFalse();
        long best = distanceToCentre(grid, grid.spawnX(), grid.spawnY());
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (!grid.isWall(grid.size().index(x, y, 0))) {
                    assertThat(distanceToCentre(grid, x, y)).as("floor at (%d,%d)", x, y).isGreaterThanOrEqualTo(best);
                }
            }
        }
    }

    @Test
    void scatterWithoutWallsIsOpenFloorSpawningAtTheCentre() {
        Grid grid = MapGenerator.scatter(new GridSize(9, 7, 2), 0, 3);

        assertThat(grid).isEqualTo(Grid.open(new GridSize(9, 7, 2)));
    }

    @Test
    void scatterOfOnlyWallsStillOpensTheSpawnCell() {
        Grid grid = MapGenerator.scatter(new GridSize(9, 7, 2), 1, 3);

        assertThat(grid.floorCount()).isEqualTo(1);
        assertThat(grid.isWall(grid.size().index(4, 3, 0))).isFalse();
        assertThat(grid.spawnX()).isEqualTo(4);
        assertThat(grid.spawnY()).isEqualTo(3);
    }

    @Test
    void scatterRefusesAFractionOutsideZeroToOne() {
        GridSize size = new GridSize(4, 4, 1);

        assertThatThrownBy(() -> MapGenerator.scatter(size, -0.01, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MapGenerator.scatter(size, 1.01, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MapGenerator.scatter(size, Double.NaN, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    // ---- maze -------------------------------------------------------------------------------------------------

    @Test
    void mazeDrawsThePinnedSmallMaze() {
        assertThat(MapText.format(MapGenerator.maze(11, 7, 1))).isEqualTo("""
                ###########
                #S..#.....#
                ###.###.#.#
                #.#...#.#.#
                #.###.#.#.#
                #.......#.#
                ###########
                """);
    }

    @Test
    void mazeGivesTheSameGridForTheSameSeed() {
        assertThat(MapGenerator.maze(51, 31, 9)).isEqualTo(MapGenerator.maze(51, 31, 9));
        assertThat(MapGenerator.maze(51, 31, 9)).isNotEqualTo(MapGenerator.maze(51, 31, 10));
    }

    @Property(tries = 200)
    void mazeIsPerfect(@ForAll @IntRange(min = 3, max = 45) int width,
                       @ForAll @IntRange(min = 3, max = 45) int height,
                       @ForAll long seed) {
        Grid grid = MapGenerator.maze(width, height, seed);

        assertPerfectMaze(grid);
    }

    @Test
    void mazeOfAMillionCellsIsPerfect() {
        Grid grid = MapGenerator.maze(1024, 1024, 2024);

        assertPerfectMaze(grid);
        assertThat(MapGenerator.mazeFarCorner(1024)).isEqualTo(1021);
    }

    @Test
    void mazeFarCornerIsTheLastOddCoordinateInsideTheBorder() {
        assertThat(MapGenerator.mazeFarCorner(3)).isEqualTo(1);
        assertThat(MapGenerator.mazeFarCorner(4)).isEqualTo(1);
        assertThat(MapGenerator.mazeFarCorner(5)).isEqualTo(3);
        assertThat(MapGenerator.mazeFarCorner(6)).isEqualTo(3);
        assertThat(MapGenerator.mazeFarCorner(1023)).isEqualTo(1021);
    }

    @Test
    void mazeRefusesASideBelowThree() {
        assertThatThrownBy(() -> MapGenerator.maze(2, 9, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MapGenerator.maze(9, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Rooms on odd coordinates all open, nothing on even-even, and the floor is a tree: connected, no cycle. */
    private static void assertPerfectMaze(Grid grid) {
        int width = grid.width();
        int height = grid.height();
        int lastX = MapGenerator.mazeFarCorner(width);
        int lastY = MapGenerator.mazeFarCorner(height);
        assertThat(grid.layers()).isEqualTo(1);
        assertThat(grid.spawnX()).isEqualTo(1);
        assertThat(grid.spawnY()).isEqualTo(1);
        int rooms = 0;
        int edges = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                boolean wall = grid.isWall(grid.size().index(x, y, 0));
                boolean room = x % 2 == 1 && y % 2 == 1 && x <= lastX && y <= lastY;
                if (room) {
                    rooms++;
                    assertThat(wall).as("room (%d,%d)", x, y).isFalse();
                }
                if (x == 0 || y == 0 || x > lastX || y > lastY || (x % 2 == 0 && y % 2 == 0)) {
                    assertThat(wall).as("(%d,%d) must be wall", x, y).isTrue();
                }
                if (!wall && x + 1 < width && !grid.isWall(grid.size().index(x + 1, y, 0))) {
                    edges++;
                }
                if (!wall && y + 1 < height && !grid.isWall(grid.size().index(x, y + 1, 0))) {
                    edges++;
                }
            }
        }
        int floor = grid.floorCount();
        assertThat(floor).as("rooms plus one opening per tree edge").isEqualTo(2 * rooms - 1);
        assertThat(edges).as("a tree has one edge fewer than nodes").isEqualTo(floor - 1);
        assertThat(GridBfs.floorConnected(grid, 0)).isTrue();
    }

    // ---- rooms ------------------------------------------------------------------------------------------------

    @Test
    void roomsDrawsThePinnedSmallMap() {
        assertThat(MapText.format(MapGenerator.rooms(new GridSize(24, 12, 1), 4, 1))).isEqualTo("""
                ########################
                ############...#########
                #######....#...#########
                ###...#....#...#.....###
                ###...=....=...#.....###
                ###...=....=...=..S..###
                #######....#...#.....###
                #######....#...#.....###
                #######....#####.....###
                ########################
                ########################
                ########################
                """);
    }

    @Test
    void roomsGivesTheSameGridForTheSameSeed() {
        GridSize size = new GridSize(120, 90, 3);

        assertThat(MapGenerator.rooms(size, 20, 4)).isEqualTo(MapGenerator.rooms(size, 20, 4));
        assertThat(MapGenerator.rooms(size, 20, 4)).isNotEqualTo(MapGenerator.rooms(size, 20, 5));
    }

    @Property(tries = 150)
    void roomsConnectEveryFloorCellOfALayer(@ForAll @IntRange(min = 3, max = 70) int width,
                                            @ForAll @IntRange(min = 3, max = 70) int height,
                                            @ForAll @IntRange(min = 1, max = 2) int layers,
                                            @ForAll @IntRange(min = 1, max = 30) int roomCount,
                                            @ForAll long seed) {
        Grid grid = MapGenerator.rooms(new GridSize(width, height, layers), roomCount, seed);

        for (int layer = 0; layer < layers; layer++) {
            assertThat(GridBfs.floorConnected(grid, layer)).as("layer %d connected", layer).isTrue();
            assertThat(GridBfs.floorCount(grid, layer)).as("layer %d has a room", layer).isGreaterThan(0);
            for (int x = 0; x < width; x++) {
                assertThat(grid.isWall(grid.size().index(x, 0, layer))).isTrue();
                assertThat(grid.isWall(grid.size().index(x, height - 1, layer))).isTrue();
            }
            for (int y = 0; y < height; y++) {
                assertThat(grid.isWall(grid.size().index(0, y, layer))).isTrue();
                assertThat(grid.isWall(grid.size().index(width - 1, y, layer))).isTrue();
            }
        }
        int spawn = grid.size().index(grid.spawnX(), grid.spawnY(), grid.spawnLayer());
        assertThat(grid.spawnLayer()).isZero();
        assertThat(grid.isWall(spawn)).isFalse();
        assertThat(Cells.terrain(grid.cell(spawn))).as("spawn is room floor, not corridor")
                .isEqualTo(Cells.TERRAIN_FLOOR);
    }

    @Test
    void roomsOfABigMapAreManyAndConnected() {
        Grid grid = MapGenerator.rooms(new GridSize(256, 256, 1), 60, 8);

        assertThat(GridBfs.floorConnected(grid, 0)).isTrue();
        // 60 rooms of 3..12 squared cells: far more floor than a handful of rooms would give.
        assertThat(grid.floorCount()).isGreaterThan(60 * 9);
    }

    @Test
    void roomsRefuseATinyGridOrNoRooms() {
        assertThatThrownBy(() -> MapGenerator.rooms(new GridSize(2, 9, 1), 3, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MapGenerator.rooms(new GridSize(9, 9, 1), 0, 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static long distanceToCentre(Grid grid, int x, int y) {
        long dx = x - grid.width() / 2;
        long dy = y - grid.height() / 2;
        return dx * dx + dy * dy;
    }
}
