package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.grid.MapText;
import lor.sim.path.PathFinder;
import lor.sim.world.Direction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import tools.jackson.databind.JsonNode;

/**
 * The page's pathfinder.js ({@code LorPath.PathFinder}, which tap-to-walk plans with) against sim-core's
 * {@link PathFinder} on the same grids: for every search, the same answer, step for step. Shortest paths are
 * rarely unique on these maps (the test counts how often), so only the same neighbour order and the same
 * tie-breaking give the same steps. The grids are sim-core's generated maps at fixed seeds and the worlds' own map
 * files; the searches cover full-grid windows, margins that cut the grid, a second layer, step limits and windows
 * beyond the finder's capacity. No server: the scripts are read from the sources and run on a blank page, as
 * BrowserPredictionIT does.
 */
class BrowserPathFinderIT {

    private static final Path WEB = Path.of("..", "director", "src", "main", "resources", "web");
    private static final Path MAPS = Path.of("..", "world-server", "src", "main", "resources", "maps");
    private static final int NO_PATH = -1;

    private static Path profile;
    private static WebDriver driver;

    @BeforeAll
    static void openBrowser() throws Exception {
        profile = Files.createTempDirectory("lor-chromium-path-");
        driver = Chromium.open(profile, Path.of("target", "e2e-logs", "chromedriver-path.log"));
        driver.get("about:blank");
        JavascriptExecutor js = (JavascriptExecutor) driver;
        js.executeScript(Files.readString(WEB.resolve("prediction.js")));
        js.executeScript(Files.readString(WEB.resolve("pathfinder.js")));
    }

    @AfterAll
    static void closeBrowser() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (profile != null) {
            Browsers.deleteTree(profile);
        }
    }

    /**
     * One search: {@code layer, sx, sy, tx, ty, minX, minY, maxX, maxY, maxSteps, capacity}, or with
     * {@code margin >= 0} the margin form (the window from start, target and margin).
     */
    private record Search(int layer, int sx, int sy, int tx, int ty, int minX, int minY, int maxX, int maxY,
                          int maxSteps, int capacity, int margin) {

        List<Integer> asList() {
            return List.of(layer, sx, sy, tx, ty, minX, minY, maxX, maxY, maxSteps, capacity, margin);
        }
    }

    /** What Java's PathFinder answers: "-1" or the steps as letters ("" when start is the target). */
    private static String inJava(Grid grid, Search s, Map<Integer, PathFinder> finders) {
        PathFinder finder = finders.computeIfAbsent(s.capacity(), PathFinder::new);
        byte[] out = new byte[grid.width() * grid.height()];
        int length = s.margin() >= 0
                ? finder.find(grid, s.layer(), s.sx(), s.sy(), s.tx(), s.ty(), s.margin(), out, 0, s.maxSteps())
                : finder.find(grid, s.layer(), s.sx(), s.sy(), s.tx(), s.ty(), s.minX(), s.minY(), s.maxX(), s.maxY(),
                        out, 0, s.maxSteps());
        if (length == NO_PATH) {
            return "-1";
        }
        StringBuilder steps = new StringBuilder();
        for (int i = 0; i < length; i++) {
            steps.append(Direction.ofCode(out[i]).name());
        }
        return steps.toString();
    }

    /** What the page's LorPath.PathFinder answers for each search, in the same form. */
    private static List<String> inPage(Grid grid, List<Search> searches) {
        List<Integer> cells = Arrays.stream(grid.copyCells()).boxed().toList();
        String json = (String) ((JavascriptExecutor) driver).executeScript("""
                const A = arguments;
                const map = {width: A[0], height: A[1], layers: A[2], cells: Int32Array.from(A[3])};
                const finders = new Map();
                return JSON.stringify(A[4].map((s) => {
                  const [layer, sx, sy, tx, ty, minX, minY, maxX, maxY, maxSteps, capacity, margin] = s;
                  if (!finders.has(capacity)) { finders.set(capacity, new LorPath.PathFinder(capacity)); }
                  const f = finders.get(capacity);
                  const steps = margin >= 0
                      ? f.findWithin(map, layer, sx, sy, tx, ty, margin, maxSteps)
                      : f.find(map, layer, sx, sy, tx, ty, minX, minY, maxX, maxY, maxSteps);
                  return steps === null ? '-1' : steps.join('');
                }));""", grid.width(), grid.height(), grid.layers(), cells,
                searches.stream().map(Search::asList).toList());
        JsonNode answers = GamePage.JSON.readTree(json);
        List<String> out = new ArrayList<>();
        answers.forEach(a -> out.add(a.asString()));
        return out;
    }

    /** Tallies over all searches of a test, so that it can say the comparison meant something. */
    private static final class Tally {
        int found;
        int notFound;
        int withTies;
    }

    /** Runs every search on both sides and requires the same answers; tallies them. */
    private static void compare(String name, Grid grid, List<Search> searches, Tally tally) {
        Map<Integer, PathFinder> finders = new HashMap<>();
        List<String> page = inPage(grid, searches);
        for (int i = 0; i < searches.size(); i++) {
            Search s = searches.get(i);
            String java = inJava(grid, s, finders);
            assertThat(page.get(i)).as("%s, search %s", name, s).isEqualTo(java);
            if (java.equals("-1")) {
                tally.notFound++;
            } else {
                tally.found++;
                if (shortestPathsAreNotUnique(grid, s, java.length())) {
                    tally.withTies++;
                }
            }
        }
    }

    /** Random searches on a grid: start and target on floor of the layer (mostly), full-grid windows. */
    private static List<Search> fullWindowSearches(Grid grid, int layer, int count, long seed) {
        Random random = new Random(seed);
        List<Search> out = new ArrayList<>();
        int w = grid.width();
        int h = grid.height();
        while (out.size() < count) {
            int sx = random.nextInt(w);
            int sy = random.nextInt(h);
            int tx = random.nextInt(w);
            int ty = random.nextInt(h);
            // Floor to floor, but every tenth search as drawn (a wall end answers -1 on both sides).
            if (out.size() % 10 != 9 && (wall(grid, layer, sx, sy) || wall(grid, layer, tx, ty))) {
                continue;
            }
            out.add(new Search(layer, sx, sy, tx, ty, 0, 0, w - 1, h - 1, Integer.MAX_VALUE, w * h, -1));
        }
        return out;
    }

    private static boolean wall(Grid grid, int layer, int x, int y) {
        return grid.isWall(grid.size().index(x, y, layer));
    }

    @Test
    void findsThePathsOfSimCoreOnScatteredMaps() {
        Tally tally = new Tally();
        for (long seed = 0; seed < 20; seed++) {
            Grid grid = MapGenerator.scatter(new GridSize(40, 40, 1), 0.25, seed);
            compare("scatter 40x40 0.25 seed " + seed, grid, fullWindowSearches(grid, 0, 25, seed), tally);
        }
        for (long seed = 0; seed < 10; seed++) {
            // Few walls: many shortest paths between two cells, so only the same tie-breaking agrees.
            Grid grid = MapGenerator.scatter(new GridSize(64, 48, 1), 0.08, 1000 + seed);
            compare("scatter 64x48 0.08 seed " + seed, grid, fullWindowSearches(grid, 0, 25, seed), tally);
        }
        assertThat(tally.found).as("searches that found a path").isGreaterThan(400);
        assertThat(tally.notFound).as("searches that found none").isGreaterThan(20);
        assertThat(tally.withTies).as("found paths with more than one shortest path").isGreaterThan(300);
    }

    @Test
    void findsThePathsOfSimCoreInMazesAndOnEveryLayerOfRooms() {
        Tally tally = new Tally();
        for (long seed = 0; seed < 10; seed++) {
            Grid maze = MapGenerator.maze(41, 31, seed);
            compare("maze 41x31 seed " + seed, maze, fullWindowSearches(maze, 0, 20, seed), tally);
            Grid rooms = MapGenerator.rooms(new GridSize(60, 40, 2), 8, seed);
            for (int layer = 0; layer < 2; layer++) {
                compare("rooms 60x40x2 seed " + seed + " layer " + layer, rooms,
                        fullWindowSearches(rooms, layer, 20, seed * 2 + layer), tally);
            }
        }
        assertThat(tally.found).isGreaterThan(400);
        assertThat(tally.withTies).as("found paths with more than one shortest path").isGreaterThan(50);
    }

    /**
     * The worlds' own maps (portals, grass, water, road) with the kinds of search tap-to-walk makes: the margin
     * form, margins small enough to cut a detour off, step limits, and capacities too small for some windows.
     */
    @Test
    void findsThePathsOfSimCoreOnTheWorldsMapsWithMarginsLimitsAndCapacities() throws Exception {
        Tally tally = new Tally();
        for (String name : List.of("start", "cellar", "meadow")) {
            Grid grid = MapText.parse(Files.readString(MAPS.resolve(name + ".map")));
            Random random = new Random(name.hashCode());
            List<Search> searches = new ArrayList<>();
            for (Search s : fullWindowSearches(grid, 0, 120, name.hashCode())) {
                int margin = random.nextInt(8);
                int maxSteps = random.nextInt(4) == 0 ? random.nextInt(40) : Integer.MAX_VALUE;
                int capacity = random.nextInt(4) == 0 ? 1 + random.nextInt(400) : grid.width() * grid.height();
                searches.add(new Search(0, s.sx(), s.sy(), s.tx(), s.ty(), 0, 0, 0, 0, maxSteps, capacity, margin));
                searches.add(s);
            }
            // Start on the target, and explicit windows that leave out the start or the target.
            searches.add(new Search(0, grid.spawnX(), grid.spawnY(), grid.spawnX(), grid.spawnY(), 0, 0,
                    grid.width() - 1, grid.height() - 1, 0, grid.width() * grid.height(), -1));
            searches.add(new Search(0, grid.spawnX(), grid.spawnY(), 0, 0, grid.spawnX() + 1, 0,
                    grid.width() - 1, grid.height() - 1, 1000, grid.width() * grid.height(), -1));
            compare(name + ".map", grid, searches, tally);
        }
        assertThat(tally.found).isGreaterThan(300);
        assertThat(tally.notFound).as("searches cut short by a margin, a limit or the capacity").isGreaterThan(50);
        assertThat(tally.withTies).isGreaterThan(200);
    }

    /**
     * Whether another shortest path of the search's window exists besides one: breadth-first distances from start
     * and from target; a path is the only shortest one exactly when each distance 0..length has one cell on a
     * shortest path.
     */
    private static boolean shortestPathsAreNotUnique(Grid grid, Search s, int length) {
        int minX = s.margin() >= 0 ? Math.max(0, Math.min(s.sx(), s.tx()) - s.margin()) : s.minX();
        int minY = s.margin() >= 0 ? Math.max(0, Math.min(s.sy(), s.ty()) - s.margin()) : s.minY();
        int maxX = s.margin() >= 0 ? Math.min(grid.width() - 1, Math.max(s.sx(), s.tx()) + s.margin()) : s.maxX();
        int maxY = s.margin() >= 0 ? Math.min(grid.height() - 1, Math.max(s.sy(), s.ty()) + s.margin()) : s.maxY();
        int[] fromStart = distances(grid, s.layer(), s.sx(), s.sy(), minX, minY, maxX, maxY);
        int[] fromTarget = distances(grid, s.layer(), s.tx(), s.ty(), minX, minY, maxX, maxY);
        int[] onPath = new int[length + 1];
        for (int i = 0; i < fromStart.length; i++) {
            if (fromStart[i] >= 0 && fromTarget[i] >= 0 && fromStart[i] + fromTarget[i] == length) {
                if (++onPath[fromStart[i]] > 1) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int[] distances(Grid grid, int layer, int x0, int y0, int minX, int minY, int maxX, int maxY) {
        int w = grid.width();
        int[] d = new int[w * grid.height()];
        Arrays.fill(d, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        d[y0 * w + x0] = 0;
        queue.add(y0 * w + x0);
        int[][] steps = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
        while (!queue.isEmpty()) {
            int at = queue.poll();
            for (int[] step : steps) {
                int x = at % w + step[0];
                int y = at / w + step[1];
                if (x < minX || x > maxX || y < minY || y > maxY || wall(grid, layer, x, y) || d[y * w + x] >= 0) {
                    continue;
                }
                d[y * w + x] = d[at] + 1;
                queue.add(y * w + x);
            }
        }
        return d;
    }
}
