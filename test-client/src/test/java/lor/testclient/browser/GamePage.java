package lor.testclient.browser;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.interactions.Interactive;
import org.openqa.selenium.interactions.PointerInput;
import org.openqa.selenium.interactions.Sequence;
import org.openqa.selenium.support.ui.WebDriverWait;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The browser client as a test drives it: only through what a player does (type, click, press keys) and what the
 * page exposes (the #status attributes and {@code window.lor}). Waits are deadlines on conditions, never sleeps.
 */
final class GamePage {

    static final JsonMapper JSON = JsonMapper.builder().build();
    /** Joining a stopped world starts a JVM and hydrates it. */
    static final Duration JOIN = Duration.ofSeconds(90);
    static final Duration SHORT = Duration.ofSeconds(15);
    static final String PASSWORD = "pass-word-1";

    /** A step: the key that makes it and its delta. */
    enum Step {
        N(Keys.ARROW_UP, 0, -1), E(Keys.ARROW_RIGHT, 1, 0), S(Keys.ARROW_DOWN, 0, 1), W(Keys.ARROW_LEFT, -1, 0);

        final Keys key;
        final int dx;
        final int dy;

        Step(Keys key, int dx, int dy) {
            this.key = key;
            this.dx = dx;
            this.dy = dy;
        }
    }

    /** The own entity and its surroundings as of one moment of the page. */
    record View(String worldId, int entityId, String connection, int x, int y, int layer, int authX, int authY,
                int pending, long seq, long states, List<Entity> entities) {

        boolean settled() {
            return pending == 0 && x == authX && y == authY;
        }

        Entity entity(int id) {
            return entities.stream().filter(e -> e.id() == id).findFirst().orElse(null);
        }

        boolean occupiedByOther(int cx, int cy, int cl) {
            return entities.stream().anyMatch(e -> e.id() != entityId && e.x() == cx && e.y() == cy
                    && e.layer() == cl);
        }

        /** Another entity within Chebyshev distance {@code r} of the cell. */
        boolean crowded(int cx, int cy, int cl, int r) {
            return entities.stream().anyMatch(e -> e.id() != entityId && e.layer() == cl
                    && Math.max(Math.abs(e.x() - cx), Math.abs(e.y() - cy)) <= r);
        }
    }

    record Entity(int id, int x, int y, int layer, String kind) {
    }

    /** {@code window.lor.map}: the cells and the portal cells with their target world. */
    record GameMap(int width, int height, int layers, int[] cells, List<Portal> portals) {

        int index(int x, int y, int layer) {
            return (layer * height + y) * width + x;
        }

        boolean inside(int x, int y) {
            return x >= 0 && y >= 0 && x < width && y < height;
        }

        boolean wall(int x, int y, int layer) {
            return (cells[index(x, y, layer)] & 1) != 0;
        }

        /** Cell bits 4-11. */
        int portal(int x, int y, int layer) {
            return (cells[index(x, y, layer)] >>> 4) & 0xFF;
        }
    }

    record Portal(int x, int y, int layer, int portal, String worldId) {
    }

    /** A box of the page in viewport CSS pixels, and whether the element is rendered at all. */
    record Box(double left, double top, double width, double height, boolean shown) {

        double right() {
            return left + width;
        }

        double bottom() {
            return top + height;
        }

        double centreX() {
            return left + width / 2;
        }

        double centreY() {
            return top + height / 2;
        }
    }

    /** The canvas as the page shows it: its box, its border, its shown content size and its drawing size. */
    record Canvas(Box box, double borderLeft, double borderTop, double shownWidth, double shownHeight, int width,
                  int height, int cellPx) {
    }

    private final WebDriver driver;
    private final URI base;
    private final JavascriptExecutor js;
    /** The one finger of touch taps and holds (an input source keeps its id across actions). */
    private final PointerInput finger = new PointerInput(PointerInput.Kind.TOUCH, "finger");
    private final PointerInput mouse = new PointerInput(PointerInput.Kind.MOUSE, "mouse");

    GamePage(WebDriver driver, URI base) {
        this.driver = driver;
        this.base = base;
        this.js = (JavascriptExecutor) driver;
    }

    WebDriver driver() {
        return driver;
    }

    /** The page as a player opens it: binary state frames, the page's default. */
    GamePage open() {
        return open("");
    }

    /** The page with a query, e.g. {@code ?encoding=json} for JSON state frames. */
    GamePage open(String query) {
        driver.get(base.resolve("/" + query).toString());
        until(SHORT, "the login form", d -> d.findElement(By.id("username")).isDisplayed());
        return this;
    }

    /** {@code window.lor.encoding}: what the page asked for, then what the world's welcome said. */
    String encoding() {
        return (String) js.executeScript("return window.lor.encoding");
    }

    /** A numeric field of {@code window.lor} (binaryFrames, decodeErrors, mispredictions, states …). */
    long counter(String field) {
        return ((Number) js.executeScript("return window.lor[arguments[0]]", field)).longValue();
    }

    /** Two of {@code window.lor}'s counters read at one moment (one script: no state frame arrives in between). */
    long[] counters(String first, String second) {
        List<?> both = (List<?>) js.executeScript("return [window.lor[arguments[0]], window.lor[arguments[1]]]",
                first, second);
        return new long[] {((Number) both.get(0)).longValue(), ((Number) both.get(1)).longValue()};
    }

    /** {@code window.lor.recent}: the last states of the connection by tick, their entities in the order listed. */
    Map<Long, List<Entity>> recent() {
        String text = (String) js.executeScript("return JSON.stringify(window.lor.recent)");
        Map<Long, List<Entity>> out = new LinkedHashMap<>();
        for (JsonNode state : JSON.readTree(text)) {
            out.put(state.get("tick").asLong(), entities(state.get("entities")));
        }
        return out;
    }

    private static List<Entity> entities(JsonNode array) {
        List<Entity> entities = new ArrayList<>();
        for (JsonNode e : array) {
            entities.add(new Entity(e.get("id").asInt(), e.get("x").asInt(), e.get("y").asInt(),
                    e.get("layer").asInt(), e.path("kind").asString()));
        }
        return entities;
    }

    /** Registers (which also logs in) and waits for the world list. */
    GamePage register(String username) {
        fillCredentials(username);
        driver.findElement(By.id("register")).click();
        awaitWorldList();
        return this;
    }

    GamePage login(String username) {
        fillCredentials(username);
        driver.findElement(By.id("login")).click();
        awaitWorldList();
        return this;
    }

    private void fillCredentials(String username) {
        WebElement user = driver.findElement(By.id("username"));
        user.clear();
        user.sendKeys(username);
        WebElement password = driver.findElement(By.id("password"));
        password.clear();
        password.sendKeys(PASSWORD);
    }

    private void awaitWorldList() {
        until(SHORT, "the world list (message: " + message() + ")",
                d -> !d.findElements(By.cssSelector("[data-join]")).isEmpty());
    }

    /** Clicks the world's join button and waits until the page plays in it. */
    GamePage join(String worldId) {
        until(SHORT, "a join button for " + worldId, d -> {
            try {
                WebElement button = d.findElement(By.cssSelector("[data-join=\"" + worldId + "\"]"));
                if (!button.isEnabled()) {
                    return false;
                }
                button.click();
                return true;
            } catch (StaleElementReferenceException | org.openqa.selenium.NoSuchElementException e) {
                return false;
            }
        });
        awaitInWorld(worldId, JOIN);
        return this;
    }

    /** Connected in {@code worldId}, with its map and at least one state that holds the own entity. */
    View awaitInWorld(String worldId, Duration timeout) {
        return until(timeout, "playing in " + worldId, d -> {
            if (!worldId.equals(status("data-world")) || !"connected".equals(status("data-connection"))) {
                return null;
            }
            View v = view();
            return v != null && v.states() > 0 && v.entity(v.entityId()) != null
                    && Boolean.TRUE.equals(js.executeScript("return !!(window.lor.map)")) ? v : null;
        });
    }

    String status(String attribute) {
        return driver.findElement(By.id("status")).getDomAttribute(attribute);
    }

    String statusText() {
        return driver.findElement(By.id("status")).getText();
    }

    String message() {
        try {
            return driver.findElement(By.id("message")).getText();
        } catch (RuntimeException e) {
            return "(none)";
        }
    }

    /** The page's own view, or null before it has an entity and a position. */
    View view() {
        String text = (String) js.executeScript("""
                const l = window.lor;
                if (!l || l.entityId == null || l.x == null || !l.authoritative) { return null; }
                return JSON.stringify({worldId: l.worldId, entityId: l.entityId, connection: l.connection,
                    x: l.x, y: l.y, layer: l.layer, authX: l.authoritative.x, authY: l.authoritative.y,
                    pending: l.pending, seq: l.seq, states: l.states, entities: l.entities});""");
        if (text == null) {
            return null;
        }
        JsonNode n = JSON.readTree(text);
        List<Entity> entities = entities(n.get("entities"));
        return new View(n.get("worldId").asString(), n.get("entityId").asInt(), n.get("connection").asString(),
                n.get("x").asInt(), n.get("y").asInt(), n.get("layer").asInt(), n.get("authX").asInt(),
                n.get("authY").asInt(), n.get("pending").asInt(), n.get("seq").asLong(), n.get("states").asLong(),
                entities);
    }

    GameMap map() {
        String text = (String) js.executeScript("""
                const m = window.lor.map;
                return m ? JSON.stringify({width: m.width, height: m.height, layers: m.layers, cells: m.cells,
                                           portals: m.portals}) : null;""");
        Objects.requireNonNull(text, "the page has no map");
        JsonNode n = JSON.readTree(text);
        JsonNode cellsNode = n.get("cells");
        int[] cells = new int[cellsNode.size()];
        for (int i = 0; i < cells.length; i++) {
            cells[i] = cellsNode.get(i).asInt();
        }
        List<Portal> portals = new ArrayList<>();
        for (JsonNode p : n.get("portals")) {
            portals.add(new Portal(p.get("x").asInt(), p.get("y").asInt(), p.get("layer").asInt(),
                    p.get("portal").asInt(), p.get("worldId").isNull() ? null : p.get("worldId").asString()));
        }
        return new GameMap(n.get("width").asInt(), n.get("height").asInt(), n.get("layers").asInt(), cells, portals);
    }

    /** A key press on the focused canvas, as a player makes it. */
    void press(Step step) {
        driver.findElement(By.id("view")).sendKeys(step.key);
    }

    /**
     * A key press sent to whatever the page has focused, as a person who just pressed an arrow without clicking
     * anything makes it (WebDriver's element {@code sendKeys} would focus the canvas first).
     */
    void pressWithoutAClick(Step step) {
        new Actions(driver).sendKeys(step.key).perform();
    }

    /** The page has settled: no intent pending, the shown position the authoritative one. */
    View awaitSettled() {
        return until(SHORT, "no pending intent", d -> {
            View v = view();
            return v != null && v.settled() ? v : null;
        });
    }

    /**
     * Makes one step to a free cell next to the own entity, and returns it once the server has put the entity there
     * and a later state still has it there. A step that an NPC makes impossible in the meantime (refused as
     * occupied) is tried again elsewhere.
     */
    int[] stepToFreeCell(GameMap map) {
        for (int attempt = 0; attempt < 8; attempt++) {
            View before = awaitSettled();
            Step step = freeStep(map, before);
            int tx = before.x() + step.dx;
            int ty = before.y() + step.dy;
            press(step);
            long sentBefore = before.seq();
            View sent = until(SHORT, "the intent toward " + tx + "," + ty + " to be sent", d -> {
                View v = view();
                return v != null && v.seq() > sentBefore ? v : null;
            });
            if (sent.pending() > 0 && (sent.x() != tx || sent.y() != ty)
                    && !sent.occupiedByOther(tx, ty, sent.layer())) {
                throw new AssertionError("the page did not predict the step to " + tx + "," + ty + ": " + sent);
            }
            View after = awaitSettled();
            if (after.x() == tx && after.y() == ty) {
                long states = after.states();
                View later = until(SHORT, "a later state", d -> {
                    View v = view();
                    return v != null && v.states() > states ? v : null;
                });
                if (later.authX() == tx && later.authY() == ty && status("data-x").equals(String.valueOf(tx))
                        && status("data-y").equals(String.valueOf(ty))) {
                    return new int[] {tx, ty};
                }
            }
        }
        throw new AssertionError("no step to a free cell took in 8 attempts; last message: " + message());
    }

    /**
     * Makes one step in the given direction, which must be free (no NPC can step in: a world without them), and
     * returns the cell once the server has put the entity there and a later state still has it there.
     */
    int[] step(Step step) {
        View before = awaitSettled();
        int tx = before.x() + step.dx;
        int ty = before.y() + step.dy;
        press(step);
        long sentBefore = before.seq();
        until(SHORT, "the intent toward " + tx + "," + ty + " to be sent", d -> {
            View v = view();
            return v != null && v.seq() > sentBefore ? v : null;
        });
        View after = awaitSettled();
        if (after.x() != tx || after.y() != ty) {
            throw new AssertionError("the step " + step + " to " + tx + "," + ty + " did not take: " + after
                    + "; last refusal: " + js.executeScript("return JSON.stringify(window.lor.lastRejected)"));
        }
        long states = after.states();
        until(SHORT, "a later state with the entity at " + tx + "," + ty, d -> {
            View v = view();
            return v != null && v.states() > states && v.authX() == tx && v.authY() == ty ? v : null;
        });
        return new int[] {tx, ty};
    }

    /** A direction into a free cell, preferring one with nobody near (an NPC may step in meanwhile). */
    static Step freeStep(GameMap map, View v) {
        Step fallback = null;
        for (Step s : Step.values()) {
            int x = v.x() + s.dx;
            int y = v.y() + s.dy;
            if (!map.inside(x, y) || map.wall(x, y, v.layer()) || map.portal(x, y, v.layer()) != 0
                    || v.occupiedByOther(x, y, v.layer())) {
                continue;
            }
            if (!v.crowded(x, y, v.layer(), 1)) {
                return s;
            }
            fallback = fallback == null ? s : fallback;
        }
        if (fallback == null) {
            throw new AssertionError("no free cell next to " + v.x() + "," + v.y());
        }
        return fallback;
    }

    /** A number the page's script computes (layout sizes and the like). */
    double number(String script, Object... args) {
        return ((Number) js.executeScript(script, args)).doubleValue();
    }

    /** The element's box, as now (not scrolled). */
    Box box(String selector) {
        String text = (String) js.executeScript("""
                const e = document.querySelector(arguments[0]);
                if (!e) { return null; }
                const r = e.getBoundingClientRect();
                return JSON.stringify({left: r.left, top: r.top, width: r.width, height: r.height,
                                       shown: e.getClientRects().length > 0 && r.width > 0 && r.height > 0});""",
                selector);
        Objects.requireNonNull(text, "no element " + selector);
        JsonNode n = JSON.readTree(text);
        return new Box(n.get("left").asDouble(), n.get("top").asDouble(), n.get("width").asDouble(),
                n.get("height").asDouble(), n.get("shown").asBoolean());
    }

    /** Scrolls the element to the middle of the viewport (if the page scrolls) and returns its box then. */
    Box reveal(String selector) {
        js.executeScript("document.querySelector(arguments[0]).scrollIntoView({block: 'center', inline: 'center'})",
                selector);
        return box(selector);
    }

    /**
     * A free cell beside the player (inside the map, no wall, no portal, nobody on it) as {dir, x, y, layer}, or null:
     * of any terrain ({@code "any"}), not water ({@code "dry"}: water floods at night in the default pack), or grass
     * only ({@code "grass"}: where elementals' fire burns).
     */
    @SuppressWarnings("unchecked")
    Map<String, Object> sideBeside(String terrain) {
        return (Map<String, Object>) js.executeScript("""
                const lor = window.lor, map = lor.map, terrain = arguments[0];
                const steps = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]};
                for (const [dir, [dx, dy]] of Object.entries(steps)) {
                  const x = lor.x + dx, y = lor.y + dy;
                  if (x < 0 || y < 0 || x >= map.width || y >= map.height) continue;
                  const cell = map.cells[(lor.layer * map.height + y) * map.width + x];
                  const kind = (cell >> 1) & 7;
                  const taken = lor.entities.some((e) => e.x === x && e.y === y && e.layer === lor.layer);
                  const fits = terrain === 'grass' ? kind === 1 : terrain === 'dry' ? kind !== 2 : true;
                  if ((cell & 1) === 0 && ((cell >> 4) & 0xff) === 0 && fits && !taken) {
                    return {dir, x, y, layer: lor.layer};
                  }
                }
                return null;""", terrain);
    }

    /** The canvas, scrolled into view. */
    Canvas canvas() {
        Box box = reveal("#view");
        String text = (String) js.executeScript("""
                const c = document.getElementById('view');
                return JSON.stringify({bl: c.clientLeft, bt: c.clientTop, cw: c.clientWidth, ch: c.clientHeight,
                                       w: c.width, h: c.height, cell: Number(c.dataset.cellPx || 0)});""");
        JsonNode n = JSON.readTree(text);
        return new Canvas(box, n.get("bl").asDouble(), n.get("bt").asDouble(), n.get("cw").asDouble(),
                n.get("ch").asDouble(), n.get("w").asInt(), n.get("h").asInt(), n.get("cell").asInt());
    }

    /** A finger's tap at a point of the viewport (CSS pixels). */
    void tap(double x, double y) {
        press(finger, x, y);
    }

    /** A mouse click at a point of the viewport (CSS pixels). */
    void click(double x, double y) {
        press(mouse, x, y);
    }

    /** {@code pointer} goes down and up at a point of the viewport: a tap for a finger, a click for a mouse. */
    private void press(PointerInput pointer, double x, double y) {
        Sequence press = new Sequence(pointer, 0)
                .addAction(pointer.createPointerMove(Duration.ZERO, PointerInput.Origin.viewport(), round(x),
                        round(y)))
                .addAction(pointer.createPointerDown(PointerInput.MouseButton.LEFT.asArg()))
                .addAction(pointer.createPointerUp(PointerInput.MouseButton.LEFT.asArg()));
        ((Interactive) driver).perform(List.of(press));
    }

    /** Puts the finger down at a point of the viewport and keeps it there until {@link #lift}. */
    void touchDown(double x, double y) {
        Sequence down = new Sequence(finger, 0)
                .addAction(finger.createPointerMove(Duration.ZERO, PointerInput.Origin.viewport(), round(x), round(y)))
                .addAction(finger.createPointerDown(PointerInput.MouseButton.LEFT.asArg()));
        ((Interactive) driver).perform(List.of(down));
    }

    /** Lifts the finger {@link #touchDown} put down (WebDriver's release of all inputs still down). */
    void lift() {
        ((Interactive) driver).resetInputState();
    }

    private static int round(double v) {
        return (int) Math.round(v);
    }

    /** Polls every 50 ms until {@code condition} gives a non-null, non-false value, or fails after the timeout. */
    <T> T until(Duration timeout, String what, Function<WebDriver, T> condition) {
        try {
            return new WebDriverWait(driver, timeout, Duration.ofMillis(50))
                    .withMessage(() -> what + "; status: " + safeStatus() + "; message: " + message())
                    .until(condition::apply);
        } catch (TimeoutException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** Like {@link #until}, but null instead of a failure when the deadline passes. */
    <T> T within(Duration timeout, Function<WebDriver, T> condition) {
        try {
            return new WebDriverWait(driver, timeout, Duration.ofMillis(50)).until(condition::apply);
        } catch (TimeoutException e) {
            return null;
        }
    }

    private String safeStatus() {
        try {
            return statusText() + " " + status("data-connection");
        } catch (RuntimeException e) {
            return "(none)";
        }
    }
}
