package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.JavascriptExecutor;

/**
 * Walking through a portal in the page: from the spawn of {@code start}, along a breadth-first path over the map the
 * page received, onto a portal cell whose target is {@code cellar}; the page follows the {@code transfer} and goes
 * on playing in {@code cellar}.
 */
class BrowserPortalIT {

    /** A step that has not taken within this time was refused (an NPC in the way) or lost: plan again. */
    private static final Duration STEP = Duration.ofMillis(1200);
    private static final Duration WALK = Duration.ofSeconds(120);

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-portal", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Test
    void walkingOntoThePortalToCellarLandsThePageInCellar() throws Exception {
        GamePage page = new GamePage(browsers.open("walker"), director.baseUrl()).open();
        page.register(BrowserGameIT.user("eve"));
        page.join("start");
        GamePage.GameMap map = page.map();
        assertThat(map.portals()).as("portal cells of start leading to cellar")
                .anyMatch(p -> "cellar".equals(p.worldId()));

        long deadline = System.nanoTime() + WALK.toNanos();
        int steps = 0;
        while (System.nanoTime() < deadline && "start".equals(page.status("data-world"))) {
            GamePage.View v = page.awaitSettled();
            if (!"start".equals(v.worldId())) {
                break;
            }
            List<GamePage.Step> path = pathToPortal(map, v, "cellar");
            if (path == null) {
                // Boxed in by NPCs for the moment: plan again after the next state.
                long states = v.states();
                page.until(GamePage.SHORT, "a next state", d -> {
                    GamePage.View now = page.view();
                    return now == null || now.states() > states;
                });
                continue;
            }
            if (path.isEmpty()) {
                break; // on the portal: the world asks the director for cellar (started on demand) meanwhile
            }
            GamePage.Step step = path.get(0);
            int tx = v.x() + step.dx;
            int ty = v.y() + step.dy;
            page.press(step);
            steps++;
            page.within(STEP, d -> {
                if (!"start".equals(page.status("data-world"))) {
                    return true;
                }
                GamePage.View now = page.view();
                return now != null && now.settled() && now.x() == tx && now.y() == ty;
            });
        }

        GamePage.View arrived = page.awaitInWorld("cellar", GamePage.JOIN);
        assertThat(page.status("data-world")).isEqualTo("cellar");
        assertThat(page.status("data-connection")).isEqualTo("connected");
        assertThat(page.statusText()).startsWith("cellar · ");
        GamePage.GameMap cellar = page.map();
        assertThat(cellar.width()).isNotEqualTo(0);
        assertThat(cellar.wall(arrived.x(), arrived.y(), arrived.layer())).isFalse();
        assertThat(cellar.portals()).as("stairs back up").anyMatch(p -> "start".equals(p.worldId()));
        assertThat(((Number) ((JavascriptExecutor) page.driver()).executeScript("return window.lor.transfers"))
                .intValue()).isEqualTo(1);
        assertThat(steps).isGreaterThan(0);

        // Fresh prediction in the new world: a key press still moves the player.
        int[] target = page.stepToFreeCell(cellar);
        assertThat(page.status("data-x")).isEqualTo(String.valueOf(target[0]));
        assertThat(page.status("data-world")).isEqualTo("cellar");
    }

    /**
     * Breadth-first over the own layer: walls, other entities (as of the last state) and portal cells other than the
     * goals are blocked. @return the steps to the nearest portal cell to {@code worldId}, or null if none is reachable
     */
    static List<GamePage.Step> pathToPortal(GamePage.GameMap map, GamePage.View v, String worldId) {
        int layer = v.layer();
        boolean[] goal = new boolean[map.width() * map.height()];
        for (GamePage.Portal p : map.portals()) {
            if (p.layer() == layer && worldId.equals(p.worldId())) {
                goal[p.y() * map.width() + p.x()] = true;
            }
        }
        int start = v.y() * map.width() + v.x();
        int[] from = new int[goal.length];
        GamePage.Step[] by = new GamePage.Step[goal.length];
        Arrays.fill(from, -2);
        from[start] = -1;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(start);
        while (!queue.isEmpty()) {
            int cell = queue.poll();
            if (goal[cell]) {
                List<GamePage.Step> path = new ArrayList<>();
                for (int c = cell; from[c] >= 0; c = from[c]) {
                    path.add(by[c]);
                }
                Collections.reverse(path);
                return path;
            }
            int x = cell % map.width();
            int y = cell / map.width();
            for (GamePage.Step s : GamePage.Step.values()) {
                int nx = x + s.dx;
                int ny = y + s.dy;
                if (!map.inside(nx, ny)) {
                    continue;
                }
                int next = ny * map.width() + nx;
                if (from[next] != -2 || map.wall(nx, ny, layer) || v.occupiedByOther(nx, ny, layer)
                        || (map.portal(nx, ny, layer) != 0 && !goal[next])) {
                    continue;
                }
                from[next] = cell;
                by[next] = s;
                queue.add(next);
            }
        }
        return null;
    }
}
