package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * one step may be mispredicted, whether the player holds keys or taps a cell to walk to, nor one action on an
 * object: a furnace built stands there and its cost is spent before the server has heard of it, and a build the
 * player can no longer pay for is refused by the prediction for the server's own reason.
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

    private static final String ADMIN_TOKEN = "browser-delayed-admin-token";

    /**
     * The shipped elements pack but without elementals (the module's own setting), as a studio's copy would tune it:
     * nobody else moves, so no step of the player's can be taken from it.
     */
    private static final Path CONTENT = calmElements();

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-delayed", "--idle-shutdown-ms", "600000",
            "--admin-token", ADMIN_TOKEN, "--content-dir", CONTENT.toString());

    @RegisterExtension
    final Browsers browsers = new Browsers();

    private GamePage delayedPage(String label, String user, String world) throws Exception {
        WebDriver driver = browsers.open(label);
        ((ChromeDriver) driver).executeCdpCommand("Page.addScriptToEvaluateOnNewDocument",
                Map.of("source", DELAYED_SOCKETS));
        GamePage page = new GamePage(driver, director.baseUrl()).open();
        page.register(BrowserGameIT.user(user));
        page.join(world);
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
    void heldKeysAndTapsToWalkRunAheadOfTheServerWithoutOneMisprediction() throws Exception {
        GamePage page = delayedPage("moves", "slowmover", "meadow");
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
            new Actions(page.driver()).keyDown(page.driver().findElement(By.id("view")), step.key).perform();
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

        // Taps to walk: floor cells 6 to 16 steps away (Manhattan), planned by the page's own walk planner.
        JavascriptExecutor js = (JavascriptExecutor) page.driver();
        List<Long> stepsInFlight = new ArrayList<>();
        int walks = 0;
        for (int dy = -8; dy <= 8 && walks < 2; dy += 4) {
            for (int dx = -8; dx <= 8 && walks < 2; dx += 4) {
                GamePage.View here = page.awaitSettled();
                int tx = here.x() + dx;
                int ty = here.y() + dy;
                if (Math.abs(dx) + Math.abs(dy) < 6 || !map.inside(tx, ty) || map.wall(tx, ty, here.layer())
                        || map.portal(tx, ty, here.layer()) != 0) {
                    continue;
                }
                Object started = js.executeScript("return window.LorPage.walkTo(arguments[0], arguments[1])", tx, ty);
                if (!Boolean.TRUE.equals(started)) {
                    continue;
                }
                Object result = page.until(GamePage.JOIN, "the walk to " + tx + "," + ty, d -> {
                    stepsInFlight.add(number(page, "window.lor.pending"));
                    return js.executeScript("return window.lor.walk === null && window.lor.lastWalk"
                            + " ? window.lor.lastWalk.result : null");
                });
                assertThat(result).as("the walk to %d,%d", tx, ty).isEqualTo("arrived");
                GamePage.View there = page.awaitSettled();
                assertThat(List.of(there.authX(), there.authY())).containsExactly(tx, ty);
                walks++;
            }
        }
        assertThat(walks).as("walks made").isEqualTo(2);
        assertThat(stepsInFlight.stream().mapToLong(Long::longValue).max().orElse(0))
                .as("walk steps in flight at once").isGreaterThanOrEqualTo(2);
        assertThat(number(page, "window.lor.mispredictions")).isZero();
    }

    @Test
    void actionsOnObjectsShowAtOnceAndAreJudgedRightByTheServer() throws Exception {
        // The start world's pack on the meadow's map, without NPCs: no one else can take a cell.
        DirectorHttpApi.createWorld(director.baseUrl(), ADMIN_TOKEN, "workshop", "Workshop", "meadow", "default");
        GamePage page = delayedPage("objects", "slowsmith", "workshop");
        page.awaitSettled();
        JavascriptExecutor js = (JavascriptExecutor) page.driver();
        page.until(GamePage.SHORT, "the pack's starting wood, as predicted", d -> js.executeScript(
                "return window.lor.carried && window.lor.carried.wood === 20 ? true : null"));
        String side = (String) js.executeScript(FREE_SIDES);
        assertThat(side).as("free floor cells on two opposite sides of the player").isNotNull();

        // Built, paid for and drawn within one turn of the page's script: the server's answer is 300 ms away.
        @SuppressWarnings("unchecked")
        Map<String, Object> built = (Map<String, Object>) js.executeScript("""
                const lor = window.lor;
                window.LorPage.sendAction({type: 'build', kind: 'furnace', dir: arguments[0]});
                const furnace = lor.shownObjects.find((o) => o.kind === 'furnace');
                return {predicted: lor.lastAction.predicted, wood: lor.carried.wood,
                        shown: furnace ? furnace.predicted === true : false,
                        inState: lor.objects.some((o) => o.kind === 'furnace')};""", side);
        assertThat(built).containsEntry("predicted", "done").containsEntry("wood", 16L)
                .containsEntry("shown", true).containsEntry("inState", false);
        awaitAllAcknowledged(page);
        assertThat(js.executeScript("return window.lor.objects.some((o) => o.kind === 'furnace')"))
                .as("the server built it").isEqualTo(true);

        // Three actions in one go, each predicted on the ones before it: all the wood into the furnace; an anvil on
        // the other side, which there is no wood left for; the furnace dismantled, which gives it all back.
        String outcomes = (String) js.executeScript("""
                const [dir, other] = arguments;
                const lor = window.lor;
                const outcome = (message) => {
                  window.LorPage.sendAction(message);
                  return lor.lastAction.predicted;
                };
                return [outcome({type: 'put', item: 'wood', count: lor.carried.wood, dir}), lor.carried.wood,
                        outcome({type: 'build', kind: 'anvil', dir: other}),
                        outcome({type: 'dismantle', dir}), lor.carried.wood].join(' ');""", side, opposite(side));
        assertThat(outcomes).isEqualTo("done 0 missing_items done 20");
        awaitAllAcknowledged(page);
        assertThat(js.executeScript("return window.lor.lastRejected && window.lor.lastRejected.reason"))
                .as("the server's refusal of the anvil").isEqualTo("missing_items");
        assertThat(js.executeScript("return window.lor.objects.length")).as("nothing left standing").isEqualTo(0L);
        assertThat(number(page, "window.lor.mispredictions")).as("mispredictions, the last of them seq %s of %s",
                js.executeScript("return window.lor.lastMispredicted"), js.executeScript("return window.lor.seq"))
                .isZero();
        assertThat(number(page, "window.lor.carried.wood")).isEqualTo(20);
    }

    /**
     * Casts and moves of a game module's world (elementals' {@code cast}), six sent in one turn of the page's script,
     * each predicted by the module's compiled code on the ones before it while the server is 300 ms away: fire on the
     * grass beside the player, water on it, a step back, earth where the player stood, a step into that earth (a
     * wall now, refused by the prediction as by the server), and air on the earth.
     */
    @Test
    void castsAndMovesSentAtOnceArePredictedAsTheWorldDecides() throws Exception {
        DirectorHttpApi.createWorld(director.baseUrl(), ADMIN_TOKEN, "calm", "Calm", "elements", "calm");
        GamePage page = delayedPage("casts", "slowcaster", "calm");
        page.awaitSettled();
        JavascriptExecutor js = (JavascriptExecutor) page.driver();
        page.until(GamePage.SHORT, "the pack's starting elements, as predicted", d -> js.executeScript(
                "return window.lor.carried && window.lor.carried.fire === 10 ? true : null"));
        String side = (String) js.executeScript(GRASS_AHEAD_FREE_BEHIND);
        assertThat(side).as("grass on one side of the player, a free cell on the other").isNotNull();

        @SuppressWarnings("unchecked")
        Map<String, Object> burst = (Map<String, Object>) js.executeScript("""
                const [dir, back] = arguments;
                const lor = window.lor;
                const cast = (element) => (lor.act('cast', {dir, element}), lor.lastAct.predicted);
                const step = (d) => (window.LorPage.sendMove(d), lor.x + ',' + lor.y);
                const start = lor.x + ',' + lor.y;
                const outcomes = [cast('fire'), cast('water'), step(back), cast('earth'), step(dir), cast('air')];
                return {start, outcomes: outcomes.join(' '), pending: lor.pending,
                        carried: [lor.carried.fire, lor.carried.water, lor.carried.earth].join(' ')};""",
                side, opposite(side));
        String start = (String) burst.get("start");
        String[] outcomes = ((String) burst.get("outcomes")).split(" ");
        assertThat(outcomes[0]).as("fire on the grass").isEqualTo("done");
        assertThat(outcomes[1]).as("water on the fire").isEqualTo("done");
        assertThat(outcomes[2]).as("the step back, predicted").isNotEqualTo(start);
        assertThat(outcomes[3]).as("earth where the player stood").isEqualTo("done");
        assertThat(outcomes[4]).as("the step into the earth refused: the player stays").isEqualTo(outcomes[2]);
        assertThat(outcomes[5]).as("air on the earth (it carries only fire)").isEqualTo("done");
        assertThat(burst).containsEntry("pending", 6L).containsEntry("carried", "9 9 9");

        awaitAllAcknowledged(page);
        assertThat(number(page, "window.lor.mispredictions")).as("mispredictions, the last of them seq %s of %s",
                js.executeScript("return window.lor.lastMispredicted"), js.executeScript("return window.lor.seq"))
                .isZero();
        assertThat(js.executeScript("const a = window.lor.authoritative; return a.x + ',' + a.y"))
                .as("where the server has the player").isEqualTo(outcomes[2]);
        assertThat(js.executeScript("return window.lor.lastRejected && window.lor.lastRejected.reason"))
                .as("the server's refusal of the step into the earth").isEqualTo("wall");
        assertThat(number(page, "window.lorDelay.received")).as("frames held on the way in").isPositive();
    }

    private static Path calmElements() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "browser-delayed-content"));
            Files.writeString(dir.resolve("calm.json"), """
                    {"name": "calm", "items": ["fire", "water", "earth", "air"],
                     "start": {"fire": 10, "water": 10, "earth": 10, "air": 10},
                     "modules": ["elementals"], "settings": {"elementals": {"elementals": 0}}}""");
            return dir.toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A side of the player with a free grass cell (fire burns there), whose opposite side is free too. */
    private static final String GRASS_AHEAD_FREE_BEHIND = """
            const lor = window.lor, map = lor.map;
            const steps = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]};
            const opposite = {N: 'S', E: 'W', S: 'N', W: 'E'};
            const free = ([dx, dy], grass) => {
              const x = lor.x + dx, y = lor.y + dy;
              if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
              const cell = map.cells[(lor.layer * map.height + y) * map.width + x];
              const taken = lor.entities.some((e) => e.x === x && e.y === y && e.layer === lor.layer);
              return (cell & 1) === 0 && ((cell >> 4) & 0xff) === 0 && (!grass || ((cell >> 1) & 7) === 1) && !taken;
            };
            for (const s of Object.keys(steps)) {
              if (free(steps[s], true) && free(steps[opposite[s]], false)) return s;
            }
            return null;""";

    /** A side of the player whose cell, and the opposite one, an object can stand on (see BrowserObjectsIT). */
    private static final String FREE_SIDES = """
            const lor = window.lor, map = lor.map;
            const steps = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]};
            const opposite = {N: 'S', E: 'W', S: 'N', W: 'E'};
            const free = ([dx, dy]) => {
              const x = lor.x + dx, y = lor.y + dy;
              if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
              const cell = map.cells[(lor.layer * map.height + y) * map.width + x];
              const taken = lor.entities.some((e) => e.x === x && e.y === y && e.layer === lor.layer);
              // Not a wall, not a portal, not water (which floods into wall at night).
              return (cell & 1) === 0 && ((cell >> 4) & 0xff) === 0 && ((cell >> 1) & 7) !== 2 && !taken;
            };
            for (const s of Object.keys(steps)) {
              if (free(steps[s]) && free(steps[opposite[s]])) return s;
            }
            return null;""";

    private static String opposite(String side) {
        return switch (side) {
            case "N" -> "S";
            case "E" -> "W";
            case "S" -> "N";
            default -> "E";
        };
    }

    /** Every intent sent so far acknowledged by a state. */
    private static void awaitAllAcknowledged(GamePage page) {
        JavascriptExecutor js = (JavascriptExecutor) page.driver();
        page.until(GamePage.SHORT, "every intent acknowledged", d -> js.executeScript(
                "return window.lor.pending === 0 && window.lor.ack >= window.lor.seq ? true : null"));
    }
}
