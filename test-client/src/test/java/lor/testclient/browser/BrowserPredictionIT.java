package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import tools.jackson.databind.JsonNode;

/**
 * The page's prediction.js on its own, in the browser that runs it: the map decoding of the README, the movement
 * rule in the server's order, and reconciliation on {@code ack}, as sim-core's MoveRules and the test client's
 * Prediction do them. No server: the script is read from the sources and run on a blank page.
 */
class BrowserPredictionIT {

    private static final Path SCRIPT = Path.of("..", "director", "src", "main", "resources", "web", "prediction.js");

    private static Path profile;
    private static WebDriver driver;

    @BeforeAll
    static void openBrowser() throws Exception {
        profile = Files.createTempDirectory("lor-chromium-prediction-");
        driver = Chromium.open(profile, Path.of("target", "e2e-logs", "chromedriver-prediction.log"));
        driver.get("about:blank");
        ((JavascriptExecutor) driver).executeScript(Files.readString(SCRIPT));
    }

    @AfterAll
    static void closeBrowser() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        try (Stream<Path> paths = Files.walk(profile)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    /** Runs {@code body} (which sees {@code P} = LorPrediction) and returns what it returned, through JSON. */
    private static JsonNode run(String body) {
        String json = (String) ((JavascriptExecutor) driver).executeScript(
                "const P = window.LorPrediction; return JSON.stringify((() => {" + body + "})());");
        return GamePage.JSON.readTree(json);
    }

    @Test
    void decodesTheRleVarintCellsOfTheReadme() {
        // Runs (3 × 0), (300 × 1: a two-byte varint), (1 × 0x75: portal 7, road).
        JsonNode out = run("""
                const bytes = String.fromCharCode(3, 0, 0xAC, 0x02, 1, 1, 0x77 - 2);
                const cells = P.decodeCells(btoa(bytes), 304);
                return {first: Array.from(cells.slice(0, 4)), last: cells[303], count: cells.length,
                        portal: P.cell.portal(cells[303]), terrain: P.cell.terrain(cells[303]),
                        wall: P.cell.isWall(cells[303]), short: (() => {
                          try { P.decodeCells(btoa(bytes), 305); return 'accepted'; } catch (e) { return 'refused'; }
                        })()};""");
        assertThat(out.get("first").toString()).isEqualTo("[0,0,0,1]");
        assertThat(out.get("count").asInt()).isEqualTo(304);
        assertThat(out.get("last").asInt()).isEqualTo(0x75);
        assertThat(out.get("portal").asInt()).isEqualTo(7);
        assertThat(out.get("terrain").asInt()).isEqualTo(2);
        assertThat(out.get("wall").asBoolean()).isTrue();
        assertThat(out.get("short").asString()).as("runs that cover too few cells").isEqualTo("refused");
    }

    @Test
    void checksOffTheGridThenWallsThenOtherEntities() {
        // 3 × 2: a wall at (2,0), everything else floor; another entity at (1,1).
        JsonNode out = run("""
                const map = {width: 3, height: 2, layers: 1, cells: Int32Array.from([0, 0, 1, 0, 0, 0])};
                const occ = new Map([[P.index(map, 1, 1, 0), 9]]);
                return [P.check(map, occ, 0, 0, 0, 'N'), P.check(map, occ, 0, 0, 0, 'W'),
                        P.check(map, occ, 1, 0, 0, 'E'), P.check(map, occ, 0, 1, 0, 'E'),
                        P.check(map, occ, 0, 0, 0, 'E'), P.check(map, occ, 2, 1, 0, 'S')];""");
        assertThat(out.toString()).isEqualTo(
                "[\"out_of_bounds\",\"out_of_bounds\",\"wall\",\"occupied\",\"moved\",\"out_of_bounds\"]");
    }

    @Test
    void reconcilesOnAckAndReplaysThePendingIntents() {
        // 4 × 1 corridor, the player (id 1) at x=0. It sends E, E, E; the server has applied one when a state comes
        // with ack 1 and another entity at x=3: the pending two replay from x=1 and the second is blocked.
        JsonNode out = run("""
                const map = {width: 4, height: 1, layers: 1, cells: new Int32Array(4)};
                const p = new P.Prediction(map, 1, 0, 0, 0);
                const results = [p.apply(1, 'E'), p.apply(2, 'E'), p.apply(3, 'E')];
                const predicted = p.predictedX;
                p.onState({tick: 10, ack: 1, entities: [{id: 1, x: 1, y: 0, layer: 0}, {id: 7, x: 3, y: 0, layer: 0}]});
                const afterAck1 = [p.x, p.predictedX, p.pendingCount, p.mispredictions];
                p.onState({tick: 12, ack: 3, entities: [{id: 1, x: 2, y: 0, layer: 0}, {id: 7, x: 3, y: 0, layer: 0}]});
                const afterAck3 = [p.x, p.predictedX, p.pendingCount, p.mispredictions, p.reconciled];
                p.onState({tick: 14, ack: 3, entities: [{id: 1, x: 0, y: 0, layer: 0}]});
                const moved = [p.x, p.predictedX, p.mispredictions];
                return {results, predicted, afterAck1, afterAck3, moved};""");
        assertThat(out.get("results").toString()).isEqualTo("[\"moved\",\"moved\",\"moved\"]");
        assertThat(out.get("predicted").asInt()).isEqualTo(3);
        assertThat(out.get("afterAck1").toString()).as("x, predicted x, pending, mispredictions")
                .isEqualTo("[1,2,2,0]");
        assertThat(out.get("afterAck3").toString()).as("the last intent was refused: predicted 2, got 2")
                .isEqualTo("[2,2,0,0,2]");
        assertThat(out.get("moved").toString()).as("no pending intent: the server's word").isEqualTo("[0,0,0]");
    }

    @Test
    void forgetsARateLimitedIntentAndCountsMispredictions() {
        JsonNode out = run("""
                const map = {width: 5, height: 1, layers: 1, cells: new Int32Array(5)};
                const p = new P.Prediction(map, 1, 0, 0, 0);
                p.apply(1, 'E');
                p.apply(2, 'E');
                p.forget(1);
                const afterForget = [p.predictedX, p.pendingCount];
                // The server refused seq 2 (another entity stepped in, unseen): predicted 1, got 0.
                p.onState({tick: 4, ack: 2, entities: [{id: 1, x: 0, y: 0, layer: 0}]});
                return {afterForget, after: [p.x, p.predictedX, p.pendingCount, p.mispredictions]};""");
        assertThat(out.get("afterForget").toString()).isEqualTo("[1,1]");
        assertThat(out.get("after").toString()).isEqualTo("[0,0,0,1]");
    }
}
