package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import lor.protocol.ticket.Secrets;
import lor.sim.grid.BenchMap;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Portal;
import org.junit.jupiter.api.Test;

class MapsTest {

    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token", WorldConfig.ENV_TICKET_SECRET, Secrets.random256());

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

    @Test
    void startHasAPortalToTheCellarReachableFromItsSpawn() {
        Grid start = Maps.load(config("--map", "start"));

        assertThat(start.portals()).containsExactly(new Portal(1, "cellar", 6, 6, 0));
        List<int[]> cells = portalCells(start);
        assertThat(cells).as("the far wall of the alcove").hasSize(3);
        boolean[] reached = reachable(start);
        assertThat(cells).anySatisfy(cell -> assertThat(reached[cell[1] * start.width() + cell[0]]).isTrue());
    }

    @Test
    void cellarIsA48By48MapWithAPortalBackToStartReachableFromItsSpawn() {
        Grid cellar = Maps.load(config("--map", "cellar"));

        assertThat(cellar.size()).isEqualTo(new GridSize(48, 48, 1));
        assertThat(cellar.portals()).containsExactly(new Portal(1, "start", 78, 59, 0));
        assertThat(cellar.isWall(index(cellar, cellar.spawnX(), cellar.spawnY()))).as("spawn on floor").isFalse();
        List<int[]> cells = portalCells(cellar);
        assertThat(cells).isNotEmpty();
        boolean[] reached = reachable(cellar);
        assertThat(cells).allSatisfy(cell -> assertThat(reached[cell[1] * cellar.width() + cell[0]]).isTrue());
        assertThat(reachableFromSpawn(cellar)).as("every floor cell").isEqualTo(cellar.floorCount());
    }

    @Test
    void everyPortalTargetIsAReachableFloorCellThatIsNoPortal() {
        for (String name : List.of("start", "cellar")) {
            Grid from = Maps.load(config("--map", name));
            for (Portal portal : from.portals()) {
                Grid to = Maps.load(config("--map", portal.targetWorld()));
                String where = name + " -> " + portal.targetWorld() + " " + portal.targetX() + "," + portal.targetY();
                assertThat(to.size().contains(portal.targetX(), portal.targetY(), portal.targetLayer()))
                        .as(where).isTrue();
                int target = to.size().index(portal.targetX(), portal.targetY(), portal.targetLayer());
                assertThat(to.isWall(target)).as(where).isFalse();
                assertThat(to.portalAt(target)).as(where).isNull();
                assertThat(portal.targetLayer()).as(where).isZero();
                assertThat(reachable(to)[portal.targetY() * to.width() + portal.targetX()])
                        .as(where + " reachable from the spawn").isTrue();
            }
        }
    }

    @Test
    void arrivingFromTheCellarAPlayerIsOneStepFromThePortalBackDown() {
        // Start's target is beside the stairs it leads back to: one step turns round and goes back down.
        Grid start = Maps.load(config("--map", "start"));
        Portal toStart = Maps.load(config("--map", "cellar")).portals().get(0);

        assertThat(portalCells(start)).anySatisfy(cell -> assertThat(
                Math.abs(cell[0] - toStart.targetX()) + Math.abs(cell[1] - toStart.targetY())).isEqualTo(1));
    }

    @Test
    void meadowHasNoPortals() {
        assertThat(Maps.load(config("--map", "meadow")).portals()).isEmpty();
    }

    // ---- issue 33: the elements map ------------------------------------------------------------------------------

    @Test
    void elementsIsA48By32ArenaWithGrassDominoesAroundItsSpawn() {
        Grid elements = Maps.load(config("--map", "elements"));

        assertThat(elements.size()).isEqualTo(new GridSize(48, 32, 1));
        assertThat(elements.portals()).isEmpty();
        int grass = Cells.floor(Cells.TERRAIN_GRASS);
        int sx = elements.spawnX();
        int sy = elements.spawnY();
        assertThat(elements.cell(index(elements, sx, sy))).as("spawn on floor").isEqualTo(Cells.FLOOR);
        assertThat(elements.cell(index(elements, sx + 1, sy))).as("grass next to the spawn").isEqualTo(grass);
        // Within 8 cells of the spawn every grass cell has exactly one grass neighbour: a fire cast there burns two
        // cells and stops, which is what lets a scenario wash its ash away and leave the world as it found it.
        int dominoes = 0;
        for (int y = sy - 8; y <= sy + 8; y++) {
            for (int x = sx - 8; x <= sx + 8; x++) {
                if (elements.cell(index(elements, x, y)) != grass) {
                    continue;
                }
                int neighbours = 0;
                for (int[] d : new int[][] {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                    neighbours += elements.cell(index(elements, x + d[0], y + d[1])) == grass ? 1 : 0;
                }
                assertThat(neighbours).as("grass neighbours of %d,%d", x, y).isEqualTo(1);
                dominoes++;
            }
        }
        assertThat(dominoes / 2).as("dominoes within 8 cells of the spawn").isGreaterThanOrEqualTo(20);
        int walls = elements.size().cells() - elements.floorCount();
        assertThat(walls).as("walls to hide behind besides the border").isGreaterThan(2 * (48 + 32));
        assertThat(count(elements, Cells.floor(Cells.TERRAIN_FLOOR))).as("open floor elsewhere")
                .isGreaterThan(elements.floorCount() / 2);
        assertThat(reachableFromSpawn(elements)).isEqualTo(elements.floorCount());
    }

    // ---- stage 5: the bench map ---------------------------------------------------------------------------------

    @Test
    void benchIsTheGeneratedColyseusBenchmarkMap() {
        Grid bench = Maps.load(config("--map", "bench"));

        assertThat(bench).isEqualTo(BenchMap.grid());
        assertThat(bench.size()).isEqualTo(new GridSize(256, 256, 1));
        assertThat(bench.size().cells() - bench.floorCount()).as("walls").isEqualTo(7468);
        assertThat(bench.portals()).isEmpty();
    }

    @Test
    void benchLayersIsTheBenchMapOverTwoOpenLayers() {
        Grid layered = Maps.load(config("--map", "bench-layers"));

        assertThat(layered).isEqualTo(BenchMap.grid(3));
        assertThat(layered.floorCount()).isEqualTo(BenchMap.grid().floorCount() + 2 * 256 * 256);
    }

    @Test
    void benchWinsOverTheGridOptionLikeAnyNamedMap() {
        assertThat(Maps.load(config("--map", "bench", "--grid", "8x8x1")).size())
                .isEqualTo(new GridSize(256, 256, 1));
    }

    @Test
    void nearlyAllOfBenchsFloorIsReachableFromItsSpawn() {
        Grid bench = Maps.load(config("--map", "bench"));

        assertThat(reachableFromSpawn(bench)).isGreaterThanOrEqualTo((int) Math.ceil(0.95 * bench.floorCount()));
    }

    private static List<int[]> portalCells(Grid grid) {
        List<int[]> cells = new ArrayList<>();
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (grid.portalAt(index(grid, x, y)) != null) {
                    cells.add(new int[] {x, y});
                }
            }
        }
        return cells;
    }

    private static int index(Grid grid, int x, int y) {
        return grid.size().index(x, y, 0);
    }

    private static int count(Grid grid, int cell) {
        return (int) Arrays.stream(grid.copyCells()).filter(c -> c == cell).count();
    }

    /** Floor cells of layer 0 reachable from the spawn in N/E/S/W steps. */
    private static int reachableFromSpawn(Grid grid) {
        int reached = 0;
        for (boolean r : reachable(grid)) {
            reached += r ? 1 : 0;
        }
        return reached;
    }

    /** Which cells of layer 0 (indexed y * width + x) the spawn reaches in N/E/S/W steps over floor. */
    private static boolean[] reachable(Grid grid) {
        int width = grid.width();
        int height = grid.height();
        boolean[] seen = new boolean[width * height];
        Deque<int[]> frontier = new ArrayDeque<>();
        frontier.add(new int[] {grid.spawnX(), grid.spawnY()});
        seen[grid.spawnY() * width + grid.spawnX()] = true;
        int[][] steps = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        while (!frontier.isEmpty()) {
            int[] cell = frontier.poll();
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
        return seen;
    }

    private static WorldConfig config(String... options) {
        List<String> args = new ArrayList<>(List.of("--world-id", "start", "--control-url",
                "ws://127.0.0.1:1/control"));
        args.addAll(List.of(options));
        return WorldConfig.parse(args.toArray(String[]::new), ENV);
    }
}
