package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;

import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.path.PathFinder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import tools.jackson.databind.JsonNode;

/**
 * The page on a phone: a Chromium emulating a 390 x 844 touch screen ({@link Chromium#openPhone}) against a real
 * director. The landing page, the lobby and the game fit the width without scrolling sideways, the canvas shrinks
 * to it (keeping its drawing size) and "Leave world" is on screen; holding an arrow of the on-screen pad walks
 * until the finger lifts; a tap on a cell (a click on a desktop) walks there along the path sim-core's PathFinder
 * gives; other players carry a label with their username, NPCs none. Positions asserted are the server's (the
 * states' own entity).
 * The movement tests play in {@code meadow}: no NPCs, so nothing but the test moves anyone.
 */
class BrowserPhoneIT {

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-phone", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    private static final Duration NPC_IN_VIEW = Duration.ofSeconds(30);

    private static GamePage phone(Browsers browsers, String label) throws Exception {
        return new GamePage(browsers.openPhone(label), director.baseUrl()).open();
    }

    private static void assertFitsSideways(GamePage page, String what) {
        double inner = page.number("return window.innerWidth");
        assertThat(page.number("return document.documentElement.scrollWidth")).as("%s: the page's width", what)
                .isLessThanOrEqualTo(inner);
        assertThat(page.number("return document.body.scrollWidth")).as("%s: the body's width", what)
                .isLessThanOrEqualTo(inner);
    }

    @Test
    void theLandingPageTheLobbyAndTheGameFitAPhone() throws Exception {
        browsers.alsoSaveFirstAs("phone.png");
        GamePage page = phone(browsers, "phone");
        assertThat(page.number("return window.innerWidth")).as("the viewport: device-width")
                .isEqualTo(Chromium.PHONE_WIDTH);
        assertThat(page.number("return matchMedia('(pointer: coarse)').matches ? 1 : 0")).as("a touch screen")
                .isEqualTo(1);
        assertFitsSideways(page, "the landing page");
        page.register(BrowserGameIT.user("pia"));
        assertFitsSideways(page, "the lobby");
        page.join("meadow");
        page.until(GamePage.SHORT, "a picture of the map", d -> page.canvas().cellPx() > 0);
        assertFitsSideways(page, "the game");

        GamePage.Canvas canvas = page.canvas();
        assertThat(canvas.width()).as("the canvas's drawing width").isEqualTo(768);
        assertThat(canvas.height()).as("the canvas's drawing height").isEqualTo(576);
        assertThat(canvas.box().left()).isGreaterThanOrEqualTo(0);
        assertThat(canvas.box().right()).as("the canvas's right edge").isLessThanOrEqualTo(Chromium.PHONE_WIDTH);
        assertThat(canvas.shownWidth()).as("the canvas's shown width").isBetween(300.0, (double) Chromium.PHONE_WIDTH);
        assertThat(canvas.shownHeight() / canvas.shownWidth()).as("its shape kept").isCloseTo(0.75, within(0.01));
        assertThat(canvas.cellPx()).as("cells drawn larger on a small canvas").isEqualTo(24);

        ((JavascriptExecutor) page.driver()).executeScript("window.scrollTo(0, 0)");
        GamePage.Box leave = page.box("#leave");
        assertThat(leave.shown()).as("Leave world shown").isTrue();
        assertThat(leave.left()).isGreaterThanOrEqualTo(0);
        assertThat(leave.right()).isLessThanOrEqualTo(Chromium.PHONE_WIDTH);
        assertThat(leave.bottom()).as("Leave world on screen without scrolling")
                .isLessThanOrEqualTo(Chromium.PHONE_HEIGHT);
        for (String dir : List.of("N", "E", "S", "W")) {
            GamePage.Box button = page.box("#pad button[data-dir='" + dir + "']");
            assertThat(button.shown()).as("pad %s shown", dir).isTrue();
            assertThat(button.width()).as("pad %s: a finger's size", dir).isGreaterThanOrEqualTo(44);
            assertThat(button.height()).as("pad %s: a finger's size", dir).isGreaterThanOrEqualTo(44);
            assertThat(button.right()).isLessThanOrEqualTo(Chromium.PHONE_WIDTH);
        }
        assertThat(page.driver().manage().logs().get(LogType.BROWSER).getAll())
                .filteredOn(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .extracting(LogEntry::getMessage).isEmpty();

        page.tap(leave.centreX(), leave.centreY());
        page.until(GamePage.SHORT, "the lobby after Leave world",
                d -> d.findElement(By.id("lobby")).isDisplayed() && "".equals(page.status("data-world")));
        assertFitsSideways(page, "the lobby again");
    }

    @Test
    void holdingAnArrowOfThePadWalksUntilTheFingerLifts() throws Exception {
        GamePage page = phone(browsers, "phone");
        page.register(BrowserGameIT.user("pad"));
        page.join("meadow");
        GamePage.GameMap map = page.map();
        GamePage.View start = page.awaitSettled();
        GamePage.Step step = longestFreeRun(map, start);
        GamePage.Box button = page.reveal("#pad button[data-dir='" + step.name() + "']");

        page.touchDown(button.centreX(), button.centreY());
        page.until(GamePage.SHORT, "the server moving the player two cells " + step + " while the finger is down",
                d -> {
                    GamePage.View v = page.view();
                    return v != null && along(step, start, v.authX(), v.authY()) >= 2;
                });
        page.lift();
        GamePage.View stopped = page.awaitSettled();

        int walked = along(step, start, stopped.x(), stopped.y());
        assertThat(walked).as("cells walked while held").isBetween(2, 8);
        assertThat(step.dx == 0 ? stopped.x() - start.x() : stopped.y() - start.y()).as("sideways").isZero();
        assertThat(stopped.seq() - start.seq()).as("one move per cell, all taken").isEqualTo(walked);
        // Lifted: no more moves. Five more states, the player where it stopped.
        long states = stopped.states();
        GamePage.View later = page.until(GamePage.SHORT, "five more states", d -> {
            GamePage.View v = page.view();
            return v != null && v.states() >= states + 5 ? v : null;
        });
        assertThat(later.seq()).as("moves sent after the finger lifted").isEqualTo(stopped.seq());
        assertThat(List.of(later.authX(), later.authY())).isEqualTo(List.of(stopped.x(), stopped.y()));
        assertThat(page.status("data-x")).isEqualTo(String.valueOf(stopped.x()));
        assertThat(page.status("data-y")).isEqualTo(String.valueOf(stopped.y()));
    }

    /** Cells moved from {@code start} in the step's direction. */
    private static int along(GamePage.Step step, GamePage.View start, int x, int y) {
        return (x - start.x()) * step.dx + (y - start.y()) * step.dy;
    }

    /** The direction with the most free cells in a row from the player (at least 10). */
    private static GamePage.Step longestFreeRun(GamePage.GameMap map, GamePage.View v) {
        GamePage.Step best = null;
        int bestRun = -1;
        for (GamePage.Step s : GamePage.Step.values()) {
            int run = 0;
            int x = v.x() + s.dx;
            int y = v.y() + s.dy;
            while (map.inside(x, y) && !map.wall(x, y, v.layer()) && map.portal(x, y, v.layer()) == 0) {
                run++;
                x += s.dx;
                y += s.dy;
            }
            if (run > bestRun) {
                best = s;
                bestRun = run;
            }
        }
        assertThat(bestRun).as("free cells in a row from %d,%d", v.x(), v.y()).isGreaterThanOrEqualTo(10);
        return best;
    }

    @Test
    void tappingACellWalksThereAlongSimCoresPath() throws Exception {
        GamePage page = phone(browsers, "phone");
        page.register(BrowserGameIT.user("tap"));
        page.join("meadow");
        walkByPointer(page, true);
    }

    @Test
    void clickingACellOnADesktopWalksThereToo() throws Exception {
        GamePage page = new GamePage(browsers.open("desktop"), director.baseUrl()).open();
        page.register(BrowserGameIT.user("clk"));
        page.join("meadow");
        walkByPointer(page, false);
    }

    /**
     * Picks a floor cell in the picture whose path (by Java's PathFinder, with the page's margin and step limit) is
     * 6 to 14 steps long, a detour if there is one; taps or clicks where the canvas shows it, computed here from
     * the canvas's box and the page's rule that the own cell sits at the canvas's centre; and requires the server
     * to have the player there, after exactly that path's number of moves, every position on the way on that path.
     */
    private static void walkByPointer(GamePage page, boolean touch) {
        GamePage.GameMap map = page.map();
        Grid grid = Grid.of(new GridSize(map.width(), map.height(), map.layers()), map.cells(), 0, 0, 0);
        GamePage.View start = page.awaitSettled();
        GamePage.Canvas canvas = page.canvas();
        int cell = canvas.cellPx();
        assertThat(cell).as("cell size in canvas pixels").isEqualTo(touch ? 24 : 12);
        int halfCols = canvas.width() / cell / 2 - 1;
        int halfRows = canvas.height() / cell / 2 - 1;

        PathFinder finder = new PathFinder(160 * 160);
        byte[] steps = new byte[400];
        int[] target = null;
        byte[] path = null;
        int bestScore = -1;
        for (int y = start.y() - halfRows; y <= start.y() + halfRows; y++) {
            for (int x = start.x() - halfCols; x <= start.x() + halfCols; x++) {
                if (!map.inside(x, y) || map.wall(x, y, start.layer()) || map.portal(x, y, start.layer()) != 0) {
                    continue;
                }
                int length = finder.find(grid, start.layer(), start.x(), start.y(), x, y, 16, steps, 0, 400);
                if (length < 6 || length > 14) {
                    continue;
                }
                int detour = length - Math.abs(x - start.x()) - Math.abs(y - start.y());
                int score = detour * 100 + length;
                if (score > bestScore) {
                    bestScore = score;
                    target = new int[] {x, y};
                    path = Arrays.copyOf(steps, length);
                }
            }
        }
        assertThat(target).as("a cell 6 to 14 steps away in the picture").isNotNull();
        Set<List<Integer>> onPath = new HashSet<>();
        int px = start.x();
        int py = start.y();
        onPath.add(List.of(px, py));
        for (byte code : path) {
            Direction d = Direction.ofCode(code);
            px += d.dx;
            py += d.dy;
            onPath.add(List.of(px, py));
        }

        double originX = Math.floor(canvas.width() / 2.0 - (start.x() + 0.5) * cell);
        double originY = Math.floor(canvas.height() / 2.0 - (start.y() + 0.5) * cell);
        double scale = canvas.shownWidth() / canvas.width();
        double screenX = canvas.box().left() + canvas.borderLeft() + (originX + (target[0] + 0.5) * cell) * scale;
        double screenY = canvas.box().top() + canvas.borderTop() + (originY + (target[1] + 0.5) * cell) * scale;
        long tickBefore = page.counter("tick");
        if (touch) {
            page.tap(screenX, screenY);
        } else {
            page.click(screenX, screenY);
        }
        int tx = target[0];
        int ty = target[1];
        JsonNode ended = page.until(GamePage.SHORT, "the walk to " + tx + "," + ty + " to end", d -> {
            String json = (String) ((JavascriptExecutor) d).executeScript(
                    "return window.lor.lastWalk ? JSON.stringify(window.lor.lastWalk) : null");
            return json == null ? null : GamePage.JSON.readTree(json);
        });
        assertThat(ended.get("result").asString()).as("how the walk to %d,%d ended", tx, ty).isEqualTo("arrived");
        assertThat(List.of(ended.get("x").asInt(), ended.get("y").asInt())).as("the cell tapped")
                .isEqualTo(List.of(tx, ty));

        GamePage.View arrived = page.awaitSettled();
        assertThat(List.of(arrived.authX(), arrived.authY())).as("the server's position").isEqualTo(List.of(tx, ty));
        assertThat(page.status("data-x")).isEqualTo(String.valueOf(tx));
        assertThat(page.status("data-y")).isEqualTo(String.valueOf(ty));
        assertThat(arrived.seq() - start.seq()).as("moves sent: one per step of PathFinder's path")
                .isEqualTo(path.length);
        List<List<Integer>> seen = new ArrayList<>();
        for (Map.Entry<Long, List<GamePage.Entity>> state : page.recent().entrySet()) {
            GamePage.Entity own = state.getValue().stream().filter(e -> e.id() == start.entityId()).findFirst()
                    .orElse(null);
            if (state.getKey() > tickBefore && own != null) {
                seen.add(List.of(own.x(), own.y()));
            }
        }
        assertThat(seen).as("the server's positions during the walk").isNotEmpty();
        assertThat(onPath).as("PathFinder's path").containsAll(seen);
    }

    @Test
    void otherPlayersCarryALabelWithTheirUsernameAndNpcsNone() throws Exception {
        GamePage phone = phone(browsers, "phone");
        GamePage desktop = new GamePage(browsers.open("desktop"), director.baseUrl()).open();
        String phoneUser = BrowserGameIT.user("Lab");
        String desktopUser = BrowserGameIT.user("el");
        phone.register(phoneUser);
        desktop.register(desktopUser);
        // A reload resumes the session by its token on a new director connection: its tickets carry the name too.
        desktop.driver().navigate().refresh();
        desktop.until(GamePage.SHORT, "the world list after resuming",
                d -> !d.findElements(By.cssSelector("[data-join]")).isEmpty());
        int phoneId = phone.join("start").view().entityId();
        int desktopId = desktop.join("start").view().entityId();

        // The phone was in the world first: it learns the desktop's name as that player enters; the desktop learns
        // the phone's from the list it gets after the map.
        Frame onPhone = phone.until(GamePage.SHORT, "the desktop's username over its player on the phone",
                d -> labelled(frame(phone), desktopId, desktopUser));
        Frame onDesktop = desktop.until(GamePage.SHORT, "the phone's username over its player on the desktop",
                d -> labelled(frame(desktop), phoneId, phoneUser));
        for (Frame f : List.of(onPhone, onDesktop)) {
            for (Label label : f.labels()) {
                assertThat(label.white()).as("white text pixels in the label of %d", label.id())
                        .isGreaterThanOrEqualTo(8);
            }
        }
        for (GamePage page : List.of(phone, desktop)) {
            assertThat(page.driver().manage().logs().get(LogType.BROWSER).getAll())
                    .filteredOn(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                    .extracting(LogEntry::getMessage).as("the console").isEmpty();
        }
        // NPCs (start has two dozen): once one is in a picture, it has no label while every other player has one.
        Frame withNpc = desktop.until(NPC_IN_VIEW, "an NPC on the desktop's or the phone's canvas", d -> {
            for (GamePage page : List.of(desktop, phone)) {
                Frame f = frame(page);
                assertThat(f.labelIds()).as("labels: never an NPC, never the own entity")
                        .doesNotContainAnyElementsOf(f.npcs()).doesNotContain(f.self());
                if (!f.npcs().isEmpty() && f.labelIds().equals(new HashSet<>(f.players()))) {
                    return f;
                }
            }
            return null;
        });
        assertThat(withNpc.labelIds()).doesNotContainAnyElementsOf(withNpc.npcs());
    }

    private record Label(int id, String text, int white) {
    }

    /** One picture: the own entity, the other players and NPCs inside the canvas, and the labels drawn. */
    private record Frame(int self, List<Integer> players, List<Integer> npcs, List<Label> labels) {

        Set<Integer> labelIds() {
            Set<Integer> ids = new HashSet<>();
            labels.forEach(l -> ids.add(l.id()));
            return ids;
        }
    }

    /** The picture if it shows {@code text} over entity {@code id}, drawn (white pixels), else null. */
    private static Frame labelled(Frame f, int id, String text) {
        return f.labels().stream().anyMatch(l -> l.id() == id && l.text().equals(text) && l.white() >= 8) ? f : null;
    }

    /**
     * The canvas's last picture, read in one go: the entities inside it (by the page's rule: own cell at the
     * centre), and each label the page says it drew with the near-white pixels in the label's box (the map has no
     * such colour; only label text is white).
     */
    private static Frame frame(GamePage page) {
        String json = (String) ((JavascriptExecutor) page.driver()).executeScript("""
                const c = document.getElementById('view');
                const l = window.lor;
                const cell = Number(c.dataset.cellPx || 0);
                if (!cell || l.x == null) { return null; }
                const ox = Math.floor(c.width / 2 - (l.x + 0.5) * cell);
                const oy = Math.floor(c.height / 2 - (l.y + 0.5) * cell);
                const inside = (e) => e.id !== l.entityId && e.layer === l.layer && ox + e.x * cell + cell > 0
                    && oy + e.y * cell + cell > 0 && ox + e.x * cell < c.width && oy + e.y * cell < c.height;
                const shown = l.entities.filter(inside);
                const ctx = c.getContext('2d');
                const labels = l.labels.map((b) => {
                  const x0 = Math.max(0, Math.floor(b.x - 3 * b.size));
                  const y0 = Math.max(0, Math.floor(b.y - b.size));
                  const x1 = Math.min(c.width, Math.ceil(b.x + 3 * b.size));
                  const y1 = Math.min(c.height, Math.ceil(b.y + 2));
                  let white = 0;
                  if (x1 > x0 && y1 > y0) {
                    const d = ctx.getImageData(x0, y0, x1 - x0, y1 - y0).data;
                    for (let i = 0; i < d.length; i += 4) {
                      if (d[i] >= 235 && d[i + 1] >= 235 && d[i + 2] >= 235) { white++; }
                    }
                  }
                  return {id: b.id, text: b.text, white};
                });
                return JSON.stringify({self: l.entityId,
                    players: shown.filter((e) => e.kind !== 'npc').map((e) => e.id),
                    npcs: shown.filter((e) => e.kind === 'npc').map((e) => e.id), labels});""");
        if (json == null) {
            return new Frame(-1, List.of(), List.of(), List.of());
        }
        JsonNode n = GamePage.JSON.readTree(json);
        List<Integer> players = new ArrayList<>();
        n.get("players").forEach(p -> players.add(p.asInt()));
        List<Integer> npcs = new ArrayList<>();
        n.get("npcs").forEach(p -> npcs.add(p.asInt()));
        List<Label> labels = new ArrayList<>();
        n.get("labels").forEach(b -> labels.add(new Label(b.get("id").asInt(), b.get("text").asString(),
                b.get("white").asInt())));
        return new Frame(n.get("self").asInt(), players, npcs, labels);
    }
}
