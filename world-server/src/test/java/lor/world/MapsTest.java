package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import org.junit.jupiter.api.Test;

class MapsTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, "ticket-secret");

    @Test
    void startIsA128By128MapOfRoomsWallsAndCorridors() {
        Grid start = Maps.load(config("--map", "start"));

        assertThat(start.size()).isEqualTo(new GridSize(128, 128, 1));
        int cells = start.size().cells();
        int floor = start.floorCount();
        assertThat(floor).as("walls").isLessThan(cells);
        assertThat(floor).as("floor").isGreaterThan(cells / 4);
        assertThat(count(start, Cells.floor(Cells.TERRAIN_ROAD))).as("corridors are road").isGreaterThan(100);
        assertThat(start.isWall(index(start, start.spawnX(), start.spawnY()))).as("spawn on floor").isFalse();
        // The outer border is wall all round.
        for (int i = 0; i < 128; i++) {
            assertThat(start.isWall(index(start, i, 0))).isTrue();
            assertThat(start.isWall(index(start, i, 127))).isTrue();
            assertThat(start.isWall(index(start, 0, i))).isTrue();
            assertThat(start.isWall(index(start, 127, i))).isTrue();
        }
    }

    @Test
    void nearlyAllOfStartsFloorIsReachableFromTheSpawn() {
        Grid start = Maps.load(config("--map", "start"));

        int reached = reachableFromSpawn(start);

        assertThat(reached).isGreaterThanOrEqualTo((int) Math.ceil(0.9 * start.floorCount()));
    }

    @Test
    void meadowIsA32By32FieldWithOpenEdges() {
        Grid meadow = Maps.load(config("--map", "meadow"));

        assertThat(meadow.size()).isEqualTo(new GridSize(32, 32, 1));
        List<String> openEdges = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            if (!meadow.isWall(index(meadow, i, 0))) {
                openEdges.add("top");
            }
            if (!meadow.isWall(index(meadow, i, 31))) {
                openEdges.add("bottom");
            }
            if (!meadow.isWall(index(meadow, 0, i))) {
                openEdges.add("left");
            }
            if (!meadow.isWall(index(meadow, 31, i))) {
                openEdges.add("right");
            }
        }
        assertThat(openEdges).contains("top", "bottom", "left", "right");
        assertThat(meadow.floorCount()).as("some wall blocks").isLessThan(32 * 32);
        assertThat(count(meadow, Cells.floor(Cells.TERRAIN_GRASS))).as("a patch of grass").isPositive();
        assertThat(List.of(meadow.spawnX(), meadow.spawnY(), meadow.spawnLayer())).containsExactly(16, 16, 0);
        assertThat(reachableFromSpawn(meadow)).isEqualTo(meadow.floorCount());
    }

    @Test
    void withoutAMapTheWorldIsAnOpenFloorOfTheConfiguredGrid() {
        Grid open = Maps.load(config("--grid", "20x10x2"));

        assertThat(open.size()).isEqualTo(new GridSize(20, 10, 2));
        assertThat(open.floorCount()).isEqualTo(400);
        assertThat(List.of(open.spawnX(), open.spawnY(), open.spawnLayer())).containsExactly(10, 5, 0);
    }

    @Test
    void namedMapWinsOverTheGridOption() {
        Grid start = Maps.load(config("--grid", "20x10x2", "--map", "start"));

        assertThat(start.size()).isEqualTo(new GridSize(128, 128, 1));
    }

    @Test
    void unknownMapNameFailsWithAMessageNamingIt() {
        WorldConfig config = config("--map", "atlantis");

        assertThatThrownBy(() -> Maps.load(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no map named atlantis in this build");
    }

    private static int index(Grid grid, int x, int y) {
        return grid.size().index(x, y, 0);
    }

    private static int count(Grid grid, int cell) {
        return (int) Arrays.stream(grid.copyCells()).filter(c -> c == cell).count();
    }

    /** Floor cells of layer 0 reachable from the spawn in N/E/S/W steps. */
    private static int reachableFromSpawn(Grid grid) {
        int width = grid.width();
        int height = grid.height();
        boolean[] seen = new boolean[width * height];
        Deque<int[]> frontier = new ArrayDeque<>();
        frontier.add(new int[] {grid.spawnX(), grid.spawnY()});
        seen[grid.spawnY() * width + grid.spawnX()] = true;
        int reached = 0;
        int[][] steps = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        while (!frontier.isEmpty()) {
            int[] cell = frontier.poll();
            reached++;
            for (int[] step : steps) {
                int x = cell[0] + step[0];
                int y = cell[1] + step[1];
                if (x >= 0 && y >= 0 && x < width && y < height && !seen[y * width + x]
                        && !grid.isWall(index(grid, x, y))) {
                    seen[y * width + x] = true;
                    frontier.add(new int[] {x, y});
                }
            }
        }
        return reached;
    }

    private static WorldConfig config(String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                "ws://127.0.0.1:1/control"));
        args.addAll(List.of(options));
        return WorldConfig.parse(args.toArray(String[]::new), ENV);
    }
}
