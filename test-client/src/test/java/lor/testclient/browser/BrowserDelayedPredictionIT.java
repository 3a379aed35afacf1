package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;

/**
 * The page's prediction (sim-core's Predictor, compiled) on a slow connection: every frame of the page's world
 * socket is held {@value #DELAY_MS} ms on the way out and as long on the way in, by a wrapper around the page's
 * WebSocket installed before any of its scripts runs. Several intents are then in flight at once, each state
 * acknowledges an older one and the rest are replayed: in a world without NPCs, where no one contests a cell, not
 * one step may be mispredicted, whether the player holds keys or taps a cell to walk to.
 */
class BrowserDelayedPredictionIT {

    static final int DELAY_MS = 150;

    /**
     * Delays the frames of {@code /game} sockets both ways, in order; other sockets pass as they are. The page reads
     * messages through {@code onmessage}, which is where incoming frames are held.
     */
    private static final String DELAYED_SOCKETS = """
            (() => {
              const DELAY = %d;
              const Native = window.WebSocket;
              window.lorDelay = {sent: 0, received: 0};
              class Delayed extends Native {
                constructor(url, protocols) {
                  super(url, protocols);
                  this.delayed = String(url).includes('/game');
                }
                send(data) {
                  if (!this.delayed) { return super.send(data); }
                  setTimeout(() => {
                    if (this.readyState === Native.OPEN) { window.lorDelay.sent++; super.send(data); }
                  }, DELAY);
                }
                get onmessage() { return super.onmessage; }
                set onmessage(handler) {
                  super.onmessage = !this.delayed || !handler ? handler
                      : (event) => setTimeout(() => { window.lorDelay.received++; handler.call(this, event); }, DELAY);
                }
              }
              window.WebSocket = Delayed;
            })();""".formatted(DELAY_MS);

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-delayed", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    private GamePage delayedPage(String label, String user) throws Exception {
        WebDriver driver = browsers.open(label);
        ((ChromeDriver) driver).executeCdpCommand("Page.addScriptToEvaluateOnNewDocument",
                Map.of("source", DELAYED_SOCKETS));
        GamePage page = new GamePage(driver, director.baseUrl()).open();
        page.register(BrowserGameIT.user(user));
        page.join("meadow");
        return page;
    }

    private static long number(GamePage page, String script) {
        return ((Number) ((JavascriptExecutor) page.driver()).executeScript("return " + script)).longValue();
    }

    /** The longest straight run of free cells from the player, as its direction and length. */
    private static GamePage.Step longestRun(GamePage.GameMap map, GamePage.View v, int[] length) {
        GamePage.Step best = GamePage.Step.N;
        length[0] = -1;
        for (GamePage.Step s : GamePage.Step.values()) {
            int n = 0;
            int x = v.x() + s.dx;
            int y = v.y() + s.dy;
            while (map.inside(x, y) && !map.wall(x, y, v.layer()) && map.portal(x, y, v.layer()) == 0) {
                n++;
                x += s.dx;
                y += s.dy;
            }
            if (n > length[0]) {
                length[0] = n;
                best = s;
            }
        }
        return best;
    }

    @Test
    void heldKeysRunAheadOfTheServerWithoutOneMisprediction() throws Exception {
        GamePage page = delayedPage("keys", "slowkeys");
        GamePage.GameMap map = page.map();
        List<Long> pendingSeen = new ArrayList<>();
        long sentBefore = page.awaitSettled().seq();
        for (int leg = 0; leg < 3; leg++) {
            GamePage.View start = page.awaitSettled();
            int[] run = new int[1];
            GamePage.Step step = longestRun(map, start, run);
            assertThat(run[0]).as("free cells ahead of %s", start).isGreaterThanOrEqualTo(4);
            // Held for about as many move intervals as the run allows, less one: the key never hits a wall.
            long holdMs = Math.min(run[0] - 1, 8) * 100L;
            new Actions(page.driver()).keyDown(page.driver().findElement(By.id("view")),
                    step.key).perform();
            long until = System.nanoTime() + holdMs * 1_000_000;
            while (System.nanoTime() < until) {
                pendingSeen.add(number(page, "window.lor.pending"));
            }
            new Actions(page.driver()).keyUp(step.key).perform();
            GamePage.View end = page.awaitSettled();
            assertThat(end.x() != start.x() || end.y() != start.y()).as("leg %d moved", leg).isTrue();
        }
        long sent = page.awaitSettled().seq() - sentBefore;
        assertThat(sent).as("moves sent").isGreaterThanOrEqualTo(6);
        assertThat(pendingSeen.stream().mapToLong(Long::longValue).max().orElse(0))
                .as("intents in flight at once on the delayed connection").isGreaterThanOrEqualTo(2);
        assertThat(number(page, "window.lor.reconciled")).as("states that acknowledged intents").isPositive();
        assertThat(number(page, "window.lor.mispredictions")).isZero();
        assertThat(number(page, "window.lorDelay.received")).as("frames held on the way in").isPositive();
        assertThat(page.driver().findElement(By.id("stats")).getText())
                .as("the debug corner").contains("0 mispredicted");
    }

    @Test
    void aTapToWalkOnTheDelayedConnectionArrivesWithoutOneMisprediction() throws Exception {
        GamePage page = delayedPage("walk", "slowwalk");
        GamePage.GameMap map = page.map();
        GamePage.View start = page.awaitSettled();
        // A floor cell 6 to 14 steps away (Manhattan), found by the page's own walk planner.
        JavascriptExecutor js = (JavascriptExecutor) page.driver();
        List<Long> pendingSeen = new ArrayList<>();
        int walks = 0;
        for (int dy = -8; dy <= 8 && walks < 2; dy += 4) {
            for (int dx = -8; dx <= 8 && walks < 2; dx += 4) {
                GamePage.View here = page.awaitSettled();
                int tx = here.x() + dx;
                int ty = here.y() + dy;
                int distance = Math.abs(dx) + Math.abs(dy);
                if (distance < 6 || !map.inside(tx, ty) || map.wall(tx, ty, here.layer())
                        || map.portal(tx, ty, here.layer()) != 0) {
                    continue;
                }
                Object started = js.executeScript("return window.LorPage.walkTo(arguments[0], arguments[1])", tx, ty);
                if (!Boolean.TRUE.equals(started)) {
                    continue;
                }
                Object result = page.until(GamePage.JOIN, "the walk to " + tx + "," + ty, d -> {
                    pendingSeen.add(number(page, "window.lor.pending"));
                    Object last = js.executeScript("return window.lor.walk === null && window.lor.lastWalk"
                            + " ? window.lor.lastWalk.result : null");
                    return last;
                });
                assertThat(result).as("the walk to %d,%d", tx, ty).isEqualTo("arrived");
                GamePage.View there = page.awaitSettled();
                assertThat(List.of(there.authX(), there.authY())).containsExactly(tx, ty);
                walks++;
            }
        }
        assertThat(walks).as("walks made from %s", start).isEqualTo(2);
        assertThat(pendingSeen.stream().mapToLong(Long::longValue).max().orElse(0))
                .as("steps in flight at once").isGreaterThanOrEqualTo(2);
        assertThat(number(page, "window.lor.mispredictions")).isZero();
    }
}
