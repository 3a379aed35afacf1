package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import lor.protocol.game.MapEncoding;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.StateTracker;
import lor.protocol.game.binary.Varints;
import lor.sim.content.ContentPack;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapText;
import lor.sim.path.PathFinder;
import lor.sim.predict.Predictor;
import lor.testclient.browser.StateFrame.Entity;
import lor.testclient.browser.StateFrame.Move;
import lor.testclient.e2e.DirectoryTrees;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import tools.jackson.databind.JsonNode;

/**
 * The page's pure parts on their own, in the browser that runs them: its prediction ({@code LorPredictor}), which is
 * sim-core's Predictor compiled to JavaScript ({@code /sim.js}), held to the movement rule in the server's order,
 * reconciliation on {@code ack}, the field the clock transmutes, and walks whose paths are the JVM's step for step
 * on the worlds' own maps; the map decoding of the README; and the decoder of binary state frames
 * ({@code LorFrames.StateTracker}), fed frames written here field by field after {@link BinaryState}'s javadoc, its
 * states checked against what protocol's {@link StateTracker} makes of the same bytes. No server: the scripts are
 * read from the build and run on a blank page.
 */
class BrowserPredictionIT {

    private static final Path WEB = Path.of("..", "director", "src", "main", "resources", "web");
    private static final Path SIM = Path.of("..", "sim-web", "target", "classes", "web", "sim.js");
    private static final Path MAPS = Path.of("..", "world-server", "src", "main", "resources", "maps");

    private static Path profile;
    private static WebDriver driver;

    @BeforeAll
    static void openBrowser() throws Exception {
        profile = Files.createTempDirectory("lor-chromium-prediction-");
        driver = Chromium.open(profile, Path.of("target", "e2e-logs", "chromedriver-prediction.log"));
        driver.get("about:blank");
        // The ES modules as the page imports them, from data: addresses (a blank page has no server to fetch from);
        // frames.js and predictor.js import nothing, and the prediction gets sim.js as app.js hands it over.
        Object loaded = ((JavascriptExecutor) driver).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const load = (source) => import('data:text/javascript;base64,' + source);
                Promise.all([load(arguments[0]), load(arguments[1]), load(arguments[2])])
                    .then(([frames, predictor, sim]) => {
                      predictor.useSimulation(sim);
                      Object.assign(window, {LorFrames: frames, LorPredictor: predictor});
                      done('loaded');
                    }, (e) => done('failed: ' + e));""",
                base64(WEB.resolve("frames.js")), base64(WEB.resolve("predictor.js")), base64(SIM));
        assertThat(loaded).as("frames.js, predictor.js and sim.js imported").isEqualTo("loaded");
    }

    private static String base64(Path file) throws IOException {
        return Base64.getEncoder().encodeToString(Files.readAllBytes(file));
    }

    @AfterAll
    static void closeBrowser() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (profile != null) {
            DirectoryTrees.delete(profile);
        }
    }

    /**
     * Runs {@code body} (which sees {@code P} = LorFrames, {@code S} = LorPredictor and {@code A} = the arguments)
     * and returns what it returned, through JSON.
     */
    private static JsonNode run(String body, Object... args) {
        String json = (String) ((JavascriptExecutor) driver).executeScript(
                "const P = window.LorFrames; const S = window.LorPredictor; const A = arguments;"
                        + " return JSON.stringify((() => {" + body + "})());", args);
        return GamePage.JSON.readTree(json);
    }

    /** A {@code map} message's fields for a grid: what the page hands its prediction. */
    private static Map<String, Object> mapMessage(Grid grid) {
        return Map.of("width", grid.width(), "height", grid.height(), "layers", grid.layers(),
                "cells", MapEncoding.encode(grid.copyCells()));
    }

    private static Map<String, Object> mapMessage(int width, int height, int... cells) {
        GridSize size = new GridSize(width, height, 1);
        int[] all = new int[size.cells()];
        System.arraycopy(cells, 0, all, 0, cells.length);
        return mapMessage(Grid.of(size, all, 0, 0, 0));
    }

    /** A decoded state as both sides can say it: tick and ack as doubles (JavaScript numbers), the entities. */
    private record Decoded(double tick, double ack, List<StateMessage.EntityState> entities) {

        static Decoded of(StateMessage m) {
            return new Decoded(m.tick(), m.ack(), m.entities());
        }

        static Decoded of(JsonNode n) {
            List<StateMessage.EntityState> entities = new ArrayList<>();
            for (JsonNode e : n.get("entities")) {
                entities.add(new StateMessage.EntityState(e.get("id").asInt(), e.get("x").asInt(), e.get("y").asInt(),
                        e.get("layer").asInt(), e.get("kind").asString()));
            }
            return new Decoded(n.get("tick").asDouble(), n.get("ack").asDouble(), entities);
        }
    }

    /** The page's StateTracker over {@code frames} in order: the state after each frame, as JSON. */
    private static JsonNode decodeInPage(int width, int height, List<byte[]> frames) {
        List<List<Integer>> bytes = frames.stream().map(StateFrame::unsigned).toList();
        JsonNode out = run("""
                const t = new P.StateTracker(A[0], A[1]);
                return A[2].map((f) => {
                  const s = t.apply(Uint8Array.from(f));
                  if (s.type !== 'state') { throw new Error('not a state: ' + s.type); }
                  return s;
                });""", width, height, bytes);
        assertThat(out.size()).isEqualTo(frames.size());
        return out;
    }

    /**
     * Decodes {@code frames} in the page and in Java (protocol's StateTracker), asserts that both say the same after
     * every frame, and returns the page's states.
     */
    private static List<JsonNode> decodeBoth(int width, int height, List<byte[]> frames) {
        JsonNode page = decodeInPage(width, height, frames);
        List<StateMessage> java = StateFrame.decodeInJava(width, height, frames);
        List<JsonNode> states = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            assertThat(Decoded.of(page.get(i))).as("the page's state after frame %d", i)
                    .isEqualTo(Decoded.of(java.get(i)));
            states.add(page.get(i));
        }
        return states;
    }

    /** A state's entities as "id@x,y,layer" and p or n, in the order listed. */
    private static String entities(JsonNode state) {
        StringBuilder out = new StringBuilder();
        for (JsonNode e : state.get("entities")) {
            out.append(out.isEmpty() ? "" : " ").append(e.get("id").asInt()).append('@').append(e.get("x").asInt())
                    .append(',').append(e.get("y").asInt()).append(',').append(e.get("layer").asInt())
                    .append(e.get("kind").asString().charAt(0));
        }
        return out.toString();
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
        // 3 x 2: a wall at (2,0), everything else floor; another entity at (1,1). Each check from a prediction of
        // its own, the player where the check starts.
        JsonNode out = run("""
                const check = (x, y, dir) => {
                  const p = new S.Prediction(A[0], null, 0, 1, x, y, 0);
                  p.onState({ack: 0, entities: [{id: 1, x, y, layer: 0}, {id: 9, x: 1, y: 1, layer: 0}]});
                  return p.check(dir);
                };
                return [check(0, 0, 'N'), check(0, 0, 'W'), check(1, 0, 'E'), check(0, 1, 'E'), check(0, 0, 'E'),
                        check(2, 1, 'S')];""", mapMessage(3, 2, 0, 0, Cells.WALL));
        assertThat(out.toString()).isEqualTo(
                "[\"out_of_bounds\",\"out_of_bounds\",\"wall\",\"occupied\",\"moved\",\"out_of_bounds\"]");
    }

    @Test
    void reconcilesOnAckAndReplaysThePendingIntents() {
        // 4 x 1 corridor, the player (id 1) at x=0. It sends E, E, E; the server has applied one when a state comes
        // with ack 1 and another entity at x=3: the pending two replay from x=1 and the second is blocked.
        JsonNode out = run("""
                const p = new S.Prediction(A[0], null, 0, 1, 0, 0, 0);
                const results = [p.apply(1, 'E'), p.apply(2, 'E'), p.apply(3, 'E')];
                const predicted = p.predictedX;
                p.onState({tick: 10, ack: 1, entities: [{id: 1, x: 1, y: 0, layer: 0}, {id: 7, x: 3, y: 0, layer: 0}]});
                const afterAck1 = [p.predictedX, p.pendingCount, p.mispredictions];
                p.onState({tick: 12, ack: 3, entities: [{id: 1, x: 2, y: 0, layer: 0}, {id: 7, x: 3, y: 0, layer: 0}]});
                const afterAck3 = [p.predictedX, p.pendingCount, p.mispredictions, p.reconciled];
                p.onState({tick: 14, ack: 3, entities: [{id: 1, x: 0, y: 0, layer: 0}]});
                const moved = [p.predictedX, p.mispredictions];
                return {results, predicted, afterAck1, afterAck3, moved};""", mapMessage(4, 1));
        assertThat(out.get("results").toString()).isEqualTo("[\"moved\",\"moved\",\"moved\"]");
        assertThat(out.get("predicted").asInt()).isEqualTo(3);
        assertThat(out.get("afterAck1").toString()).as("predicted x, pending, mispredictions").isEqualTo("[2,2,0]");
        assertThat(out.get("afterAck3").toString()).as("the last intent was refused: predicted 2, got 2")
                .isEqualTo("[2,0,0,2]");
        assertThat(out.get("moved").toString()).as("no pending intent: the server's word").isEqualTo("[0,0]");
    }

    @Test
    void forgetsARateLimitedIntentAndCountsMispredictions() {
        JsonNode out = run("""
                const p = new S.Prediction(A[0], null, 0, 1, 0, 0, 0);
                p.apply(1, 'E');
                p.apply(2, 'E');
                p.rejected(1, 'rate_limited');
                const afterForget = [p.predictedX, p.pendingCount];
                // The server refused seq 2 (another entity stepped in, unseen): predicted 1, got 0.
                p.onState({tick: 4, ack: 2, entities: [{id: 1, x: 0, y: 0, layer: 0}]});
                const after = [p.predictedX, p.pendingCount, p.mispredictions];
                return {afterForget, after};""", mapMessage(5, 1));
        assertThat(out.get("afterForget").toString()).isEqualTo("[1,1]");
        assertThat(out.get("after").toString()).isEqualTo("[0,0,1]");
    }

    @Test
    void objectsBlockAndTheClockOfTheContentTransmutesTheFieldThePageDraws() {
        // Water at (1,0) floods at night; an object stands at (0,1). The welcome's tick 15 is night (10 a line).
        int water = Cells.floor(Cells.TERRAIN_WATER);
        Map<String, Object> content = Map.of("name", "tides", "items", List.of(), "clock", Map.of("lines",
                List.of("day", "night"), "ticksPerLine", 10, "transmute", List.of(Map.of("line", "night", "from",
                        "water", "to", "wall"))));
        JsonNode out = run("""
                const p = new S.Prediction(A[0], A[1], 15, 1, 0, 0, 0);
                const cells = new Int32Array(4);
                const night = [p.line, p.check('E')];
                p.copyField(cells);
                const nightCells = Array.from(cells);
                p.onState({ack: 0, entities: [{id: 1, x: 0, y: 0, layer: 0}],
                           objects: [{id: 5, x: 0, y: 1, layer: 0}], clock: {line: 'day'}});
                p.copyField(cells);
                const day = [p.line, p.check('E'), p.check('S'), p.other(0, 1, 0)];
                return {night, nightCells, day, dayCells: Array.from(cells)};""",
                mapMessage(2, 2, 0, water), content);
        assertThat(out.get("night").toString()).isEqualTo("[1,\"wall\"]");
        assertThat(out.get("nightCells").get(1).asInt()).as("drawn as a wall").isEqualTo(water | Cells.WALL);
        assertThat(out.get("day").toString()).as("line, east, south (the object), the object's cell")
                .isEqualTo("[0,\"moved\",\"occupied\",-5]");
        assertThat(out.get("dayCells").get(1).asInt()).isEqualTo(water);
    }

    @Test
    void aPredictionThatCannotBeMadeSaysWhy() {
        JsonNode out = run("""
                const refused = (f) => { try { f(); return 'accepted'; } catch (e) { return e.message; } };
                const p = new S.Prediction(A[0], null, 0, 1, 0, 0, 0);
                return {
                  badCells: refused(() => new S.Prediction(Object.assign({}, A[0], {cells: 'AQ=='}), null, 0, 1, 0,
                      0, 0)),
                  badClock: refused(() => new S.Prediction(A[0], {name: 'bad', items: [],
                      clock: {lines: ['day'], ticksPerLine: 0}}, 0, 1, 0, 0, 0)),
                  badField: refused(() => new S.Prediction(A[0], {name: 'bad', items: [], colour: 'red'}, 0, 1, 0,
                      0, 0)),
                  badDirection: refused(() => p.apply(1, 'X')),
                  badAction: refused(() => p.act(2, {type: 'juggle', dir: 'E'})),
                  unknownKind: p.act(3, {type: 'build', kind: 'castle', dir: 'E'})};""", mapMessage(3, 1));
        assertThat(out.get("badCells").asString()).contains("varint");
        assertThat(out.get("badClock").asString()).contains("clock");
        assertThat(out.get("badField").asString()).contains("colour");
        assertThat(out.get("badDirection").asString()).contains("unknown direction X");
        assertThat(out.get("badAction").asString()).contains("unknown action juggle");
        assertThat(out.get("unknownKind").asString()).as("refused as the server refuses it").isEqualTo("unknown_kind");
    }

    /**
     * Walks on the worlds' own maps: the page's path (sim-core's PathFinder compiled, through its prediction) is the
     * JVM's Predictor's step for step, from random floor cells to random targets, around portals, and around what
     * others hold when asked.
     */
    @Test
    void walksFollowTheJvmsPathsOnTheWorldsMaps() throws Exception {
        int compared = 0;
        int found = 0;
        for (String name : List.of("start", "meadow", "cellar")) {
            Grid grid = MapText.parse(Files.readString(MAPS.resolve(name + ".map")));
            Random random = new Random(name.hashCode());
            List<List<Integer>> walks = new ArrayList<>();
            List<String> expected = new ArrayList<>();
            PathFinder finder = new PathFinder(160 * 160);
            byte[] out = new byte[400];
            while (walks.size() < 60) {
                int x = random.nextInt(grid.width());
                int y = random.nextInt(grid.height());
                if (grid.isWall(grid.size().index(x, y, 0))) {
                    continue;
                }
                int tx = random.nextInt(grid.width());
                int ty = random.nextInt(grid.height());
                int ox = random.nextInt(grid.width());
                int oy = random.nextInt(grid.height());
                boolean around = random.nextBoolean();
                Predictor java = new Predictor(grid, ContentPack.empty(), 0, 1, x, y, 0);
                java.beginState();
                java.entity(1, x, y, 0);
                java.entity(2, ox, oy, 0);
                java.endState(0);
                int n = java.path(finder, tx, ty, around, 16, 400, out);
                StringBuilder steps = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    steps.append(Direction.ofCode(out[i]).name());
                }
                walks.add(List.of(x, y, tx, ty, ox, oy, around ? 1 : 0));
                expected.add(n < 0 ? "none" : steps.toString());
                found += n > 0 ? 1 : 0;
            }
            JsonNode page = run("""
                    return A[1].map(([x, y, tx, ty, ox, oy, around]) => {
                      const p = new S.Prediction(A[0], null, 0, 1, x, y, 0);
                      p.onState({ack: 0, entities: [{id: 1, x, y, layer: 0}, {id: 2, x: ox, y: oy, layer: 0}]});
                      const steps = p.path(tx, ty, around === 1, 16, 400);
                            return steps === null ? 'none' : steps.join('');
                    });""", mapMessage(grid), walks);
            for (int i = 0; i < walks.size(); i++) {
                assertThat(page.get(i).asString()).as("%s, walk %s", name, walks.get(i)).isEqualTo(expected.get(i));
                compared++;
            }
        }
        assertThat(compared).isEqualTo(180);
        assertThat(found).as("walks that found a way").isGreaterThan(90);
    }

    // ---- binary state frames ----------------------------------------------------------------------------------

    @Test
    void readsVarintsBeyondThirtyTwoBitsWithoutOverflow() {
        long[] unsigned = {0, 1, 127, 128, 16_383, 16_384, (1L << 28) - 1, 1L << 28, 0x7F_FF_FF_FFL, 0xF0_00_00_00L,
                1L << 31, 1L << 32, (1L << 32) + 1, (1L << 35) + 3, (1L << 49) - 1, 1L << 49, (1L << 49) + 1,
                (1L << 53) - 1, 1L << 53, (1L << 53) + 1, (1L << 62) + 12_345, Long.MAX_VALUE, -1L};
        long[] signed = {0, -1, 1, -64, 63, -65, 64, -70, 1_000, Integer.MIN_VALUE, Integer.MAX_VALUE,
                -(1L << 40), (1L << 40) + 5};
        ByteBuf buf = Unpooled.buffer();
        for (long v : unsigned) {
            Varints.write(buf, v);
        }
        for (long v : signed) {
            Varints.writeSigned(buf, v);
        }
        byte[] bytes = ByteBufUtil.getBytes(buf);
        buf.release();
        JsonNode out = run("""
                const r = new P.FrameReader(Uint8Array.from(A[0]));
                const u = [];
                const s = [];
                for (let i = 0; i < A[1]; i++) { u.push(r.varint()); }
                for (let i = 0; i < A[2]; i++) { s.push(r.signed()); }
                const refused = (f) => { try { f(); return 'accepted'; } catch (e) { return 'refused'; } };
                return {u, s, left: r.remaining,
                  tooLong: refused(() => new P.FrameReader([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                            0xff, 0x01]).varint()),
                  notAnInt: refused(() => new P.FrameReader([0x80, 0x80, 0x80, 0x80, 0x08]).int()),
                  maxInt: new P.FrameReader([0xff, 0xff, 0xff, 0xff, 0x07]).int(),
                  truncated: refused(() => new P.FrameReader([0x80, 0x80]).varint())};""",
                StateFrame.unsigned(bytes), unsigned.length, signed.length);
        for (int i = 0; i < unsigned.length; i++) {
            long v = unsigned[i];
            // Unsigned 64 bits, as the nearest double (JSON.parse's number): exact up to 2^53.
            double expected = new BigDecimal(Long.toUnsignedString(v)).doubleValue();
            assertThat(out.get("u").get(i).asDouble()).as("varint %s", Long.toUnsignedString(v)).isEqualTo(expected);
            if (v >= 0 && v <= 1L << 53) {
                assertThat(out.get("u").get(i).asLong()).as("exact varint %d", v).isEqualTo(v);
            }
        }
        for (int i = 0; i < signed.length; i++) {
            assertThat(out.get("s").get(i).asLong()).as("zigzag %d", signed[i]).isEqualTo(signed[i]);
        }
        assertThat(out.get("left").asInt()).as("bytes left over").isZero();
        assertThat(out.get("tooLong").asString()).as("an 11-byte varint").isEqualTo("refused");
        assertThat(out.get("notAnInt").asString()).as("2^31 where an int is expected").isEqualTo("refused");
        assertThat(out.get("maxInt").asLong()).isEqualTo(Integer.MAX_VALUE);
        assertThat(out.get("truncated").asString()).isEqualTo("refused");
    }

    @Test
    void aResetFrameOfSnapshotsGivesTheEntitiesInIdOrderAndAnotherResetForgetsThem() {
        // 20 × 13 on two layers: 3 × 2 regions a layer; region 7 is layer 1's (8..15, 0..7).
        int w = 20;
        int h = 13;
        assertThat(StateFrame.region(9, 3, 1, w, h)).isEqualTo(7);
        assertThat(StateFrame.region(19, 12, 0, w, h)).isEqualTo(5);
        List<byte[]> frames = List.of(
                StateFrame.reset(40, 0)
                        .snapshot(7, Entity.npc(12, 9, 3, 1), Entity.player(3, 15, 7, 1))
                        .snapshot(0, Entity.player(30, 0, 0, 0))
                        .snapshot(5, Entity.npc(8, 19, 12, 0))
                        .snapshot(2) // an empty region
                        .bytes(),
                StateFrame.delta(42, 1).bytes(),
                StateFrame.reset(44, 2).snapshot(4, Entity.player(3, 12, 9, 0)).bytes(),
                StateFrame.reset(46, 2).bytes());
        List<JsonNode> states = decodeBoth(w, h, frames);
        assertThat(entities(states.get(0))).isEqualTo("3@15,7,1p 8@19,12,0n 12@9,3,1n 30@0,0,0p");
        assertThat(states.get(0).get("tick").asLong()).isEqualTo(40);
        assertThat(entities(states.get(1))).as("an empty delta changes nothing").isEqualTo(entities(states.get(0)));
        assertThat(states.get(1).get("ack").asLong()).isEqualTo(1);
        assertThat(entities(states.get(2))).as("a reset forgets everything before it").isEqualTo("3@12,9,0p");
        assertThat(entities(states.get(3))).isEmpty();
        assertThat(states.get(3).get("tick").asLong()).isEqualTo(46);
    }

    @Test
    void regionsThatLeftTheViewForgetTheirEntities() {
        int w = 32;
        int h = 32; // 4 × 4 regions a layer
        int r0 = StateFrame.region(1, 1, 0, w, h);
        int r1 = StateFrame.region(9, 1, 0, w, h);
        int r5 = StateFrame.region(9, 9, 0, w, h);
        int r16 = StateFrame.region(1, 1, 1, w, h);
        assertThat(new int[] {r0, r1, r5, r16}).containsExactly(0, 1, 5, 16);
        List<byte[]> frames = List.of(
                StateFrame.reset(10, 0)
                        .snapshot(r0, Entity.npc(1, 1, 1, 0), Entity.npc(2, 7, 7, 0))
                        .snapshot(r1, Entity.npc(3, 9, 1, 0))
                        .snapshot(r5, Entity.player(4, 9, 9, 0))
                        .snapshot(r16, Entity.npc(5, 1, 1, 1))
                        .bytes(),
                StateFrame.delta(12, 0).left(r0, r16).bytes(),
                StateFrame.delta(14, 0).left(r1)
                        .snapshot(r0, Entity.npc(2, 6, 7, 0)) // back in view
                        .bytes());
        List<JsonNode> states = decodeBoth(w, h, frames);
        assertThat(entities(states.get(0))).isEqualTo("1@1,1,0n 2@7,7,0n 3@9,1,0n 4@9,9,0p 5@1,1,1n");
        assertThat(entities(states.get(1))).isEqualTo("3@9,1,0n 4@9,9,0p");
        assertThat(entities(states.get(2))).isEqualTo("2@6,7,0n 4@9,9,0p");
    }

    @Test
    void departuresAndArrivalsAcrossRegionsInOneFrameKeepTheEntity() {
        int w = 32;
        int h = 32;
        int a = StateFrame.region(7, 7, 0, w, h);
        int b = StateFrame.region(8, 7, 0, w, h);
        int c = StateFrame.region(7, 8, 0, w, h);
        int e = StateFrame.region(8, 8, 0, w, h);
        int d = StateFrame.region(16, 0, 0, w, h); // enters the view with the second frame
        assertThat(new int[] {a, b, c, e, d}).containsExactly(0, 1, 4, 5, 2);
        List<byte[]> frames = new ArrayList<>();
        frames.add(StateFrame.reset(100, 0)
                .snapshot(a, Entity.player(1, 7, 7, 0), Entity.npc(2, 0, 0, 0), Entity.npc(6, 7, 0, 0))
                .snapshot(b, Entity.npc(3, 8, 7, 0))
                .snapshot(c, Entity.npc(9, 7, 8, 0))
                .bytes());
        // 1 steps east from a into b and 3 south from b into e, each arrival listed before its departure; 9 is
        // removed, 10 appears; 6 steps east out of a into d, a region entering the view in this very frame.
        frames.add(StateFrame.delta(102, 3)
                .snapshot(d, Entity.npc(6, 16, 0, 0), Entity.npc(11, 20, 5, 0))
                .change(b, List.of(), List.of(Entity.player(1, 8, 7, 0)), List.of())
                .change(e, List.of(), List.of(Entity.npc(3, 8, 8, 0), Entity.npc(10, 12, 12, 0)), List.of())
                .change(a, List.of(1, 6), List.of(), List.of(new Move(2, 1, 0)))
                .change(b, List.of(3), List.of(), List.of())
                .change(c, List.of(9), List.of(), List.of())
                .bytes());
        // And back: 1 leaves b for a (the arrival listed first again); 3 moves within its region.
        frames.add(StateFrame.delta(104, 4)
                .change(a, List.of(), List.of(Entity.player(1, 7, 7, 0)), List.of())
                .change(b, List.of(1), List.of(), List.of())
                .change(e, List.of(), List.of(), List.of(new Move(3, 1, 1)))
                .bytes());
        List<JsonNode> states = decodeBoth(w, h, frames);
        assertThat(entities(states.get(0))).isEqualTo("1@7,7,0p 2@0,0,0n 3@8,7,0n 6@7,0,0n 9@7,8,0n");
        assertThat(entities(states.get(1))).as("departures first, then snapshots, then arrivals")
                .isEqualTo("1@8,7,0p 2@1,0,0n 3@8,8,0n 6@16,0,0n 10@12,12,0n 11@20,5,0n");
        assertThat(states.get(1).get("ack").asLong()).isEqualTo(3);
        assertThat(entities(states.get(2)))
                .isEqualTo("1@7,7,0p 2@1,0,0n 3@9,9,0n 6@16,0,0n 10@12,12,0n 11@20,5,0n");
    }

    @Test
    void movesApplyTheirZigzagDeltas() {
        int w = 200;
        int h = 200;
        int far = StateFrame.region(100, 100, 0, w, h);
        // A server's moves stay within a region (|d| < 8), but the format carries any zigzag value: -70 and 65
        // take two bytes each.
        List<byte[]> frames = List.of(
                StateFrame.reset(1, 0)
                        .snapshot(0, Entity.npc(1, 3, 3, 0), Entity.npc(2, 4, 4, 0))
                        .snapshot(far, Entity.player(3, 100, 100, 0))
                        .bytes(),
                StateFrame.delta(3, 0)
                        .change(0, List.of(), List.of(), List.of(new Move(1, -1, 1), new Move(2, 3, -4)))
                        .bytes(),
                StateFrame.delta(5, 7)
                        .change(far, List.of(), List.of(), List.of(new Move(3, -70, 65)))
                        .change(0, List.of(), List.of(), List.of(new Move(1, 0, -1)))
                        .bytes());
        List<JsonNode> states = decodeBoth(w, h, frames);
        assertThat(entities(states.get(1))).isEqualTo("1@2,4,0n 2@7,0,0n 3@100,100,0p");
        assertThat(entities(states.get(2))).isEqualTo("1@2,3,0n 2@7,0,0n 3@30,165,0p");
        assertThat(states.get(2).get("ack").asLong()).isEqualTo(7);
    }

    @Test
    void largeIdsTicksAndAcksBeyondThirtyOneBits() {
        int w = 64;
        int h = 64;
        long[] ticks = {(1L << 31) + 7, (1L << 40) + 2, (1L << 53) - 1};
        int[] ids = {Integer.MAX_VALUE, 1 << 28, (1 << 28) - 1, 300_000_000, 0x7000_0000};
        List<Entity> some = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            some.add(i % 2 == 0 ? Entity.npc(ids[i], i, i, 0) : Entity.player(ids[i], i, i, 0));
        }
        List<byte[]> frames = List.of(
                StateFrame.reset(ticks[0], (1L << 32) + 3).snapshot(0, some).bytes(),
                StateFrame.delta(ticks[1], (1L << 32) + 4)
                        .change(0, List.of(1 << 28), List.of(), List.of(new Move(Integer.MAX_VALUE, 2, 1)))
                        .bytes(),
                StateFrame.delta(ticks[2], (1L << 50) + 1).bytes());
        List<JsonNode> states = decodeBoth(w, h, frames);
        for (int i = 0; i < ticks.length; i++) {
            assertThat(states.get(i).get("tick").asLong()).isEqualTo(ticks[i]);
        }
        assertThat(states.get(0).get("ack").asLong()).isEqualTo((1L << 32) + 3);
        assertThat(states.get(2).get("ack").asLong()).isEqualTo((1L << 50) + 1);
        assertThat(entities(states.get(0))).isEqualTo("268435455@2,2,0n 268435456@1,1,0p 300000000@3,3,0p "
                + "1879048192@4,4,0n 2147483647@0,0,0n");
        assertThat(entities(states.get(1))).isEqualTo("268435455@2,2,0n 300000000@3,3,0p 1879048192@4,4,0n "
                + "2147483647@2,1,0n");
        // Past 2^53 a tick is the nearest JavaScript number, as JSON.parse makes of a JSON state's digits.
        JsonNode past = decodeInPage(w, h, List.of(StateFrame.reset(Long.MAX_VALUE - 1, (1L << 53) + 1).bytes()))
                .get(0);
        assertThat(past.get("tick").asDouble()).isEqualTo((double) (Long.MAX_VALUE - 1));
        assertThat(past.get("ack").asDouble())
                .isEqualTo(run("return JSON.parse('{\"ack\": 9007199254740993}');").get("ack").asDouble())
                .isEqualTo(0x1p53);
    }

    @Test
    void aFrameThatDoesNotDecodeIsRefusedWholeAsTheJavaTrackerRefusesIt() {
        int w = 16;
        int h = 16;
        byte[] good = StateFrame.reset(8, 1).snapshot(0, Entity.npc(4, 1, 1, 0), Entity.npc(5, 2, 2, 0)).bytes();
        byte[] unknownMove = StateFrame.delta(10, 1).left(3)
                .change(0, List.of(4), List.of(), List.of(new Move(99, 1, 0))).bytes();
        byte[] trailing = Arrays.copyOf(good, good.length + 1);
        byte[] truncated = Arrays.copyOf(good, good.length - 2);
        byte[] notState = good.clone();
        notState[0] = 2;
        byte[] resetThenTruncated = Arrays.copyOf(StateFrame.reset(12, 1).snapshot(1, Entity.npc(6, 9, 1, 0)).bytes(),
                9);
        List<byte[]> bad = List.of(unknownMove, trailing, truncated, notState, resetThenTruncated);
        JsonNode out = run("""
                const t = new P.StateTracker(A[0], A[1]);
                t.apply(A[2]);
                const before = JSON.stringify(t.state());
                const refused = A[3].map((f) => {
                  try { t.apply(f); return 'accepted'; } catch (e) { return 'refused'; }
                });
                return {refused, unchanged: JSON.stringify(t.state()) === before, frames: t.frames};""",
                w, h, StateFrame.unsigned(good), bad.stream().map(StateFrame::unsigned).toList());
        assertThat(out.get("refused").toString())
                .isEqualTo("[\"refused\",\"refused\",\"refused\",\"refused\",\"refused\"]");
        assertThat(out.get("unchanged").asBoolean()).as("the view after the refused frames").isTrue();
        assertThat(out.get("frames").asInt()).isEqualTo(1);
        for (byte[] frame : bad) {
            assertThatThrownBy(() -> StateFrame.decodeInJava(w, h, List.of(good, frame)))
                    .as("protocol's StateTracker on the same bytes").isInstanceOf(RuntimeException.class);
        }
    }

    /**
     * A long random run, written the way the format describes a server writing it: a viewer wandering over two
     * layers with its view of regions; entities stepping within and across regions and between layers, appearing
     * and disappearing; now and then a reset (a skipped broadcast, or the viewer changing layers); every list in
     * random order. After every frame the page's state is exactly the entities in the view's regions, and what
     * protocol's StateTracker says.
     */
    @Test
    void aLongRandomRunMatchesTheWorldAndTheJavaTracker() {
        Random random = new Random(20_261_202L);
        int w = 100;
        int h = 70;
        int layers = 2;
        int radius = 12;
        int rw = BinaryState.regionsWide(w);
        int rh = BinaryState.regionsHigh(h);
        Map<Integer, Entity> world = new LinkedHashMap<>();
        int nextId = (1 << 28) - 40;
        for (int i = 0; i < 200; i++) {
            int id = nextId++;
            world.put(id, new Entity(id, random.nextInt(w), random.nextInt(h), random.nextInt(layers),
                    random.nextInt(4) == 0 ? BinaryState.ENTITY_PLAYER : BinaryState.ENTITY_NPC));
        }
        int vx = w / 2;
        int vy = h / 2;
        int vl = 0;
        Map<Integer, Entity> before = Map.of();
        int[] view = null; // layer, rx0, ry0, rx1, ry1 of the previous frame
        long tick = (1L << 33) + 11;
        long ack = 0;
        int resets = 0;
        int crossings = 0;
        int moved = 0;
        List<byte[]> frames = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int f = 0; f < 240; f++) {
            if (f > 0) {
                Map<Integer, Entity> next = new LinkedHashMap<>();
                for (Entity en : world.values()) {
                    if (random.nextInt(200) == 0) {
                        continue; // removed
                    }
                    int layer = random.nextInt(80) == 0 ? (en.layer() + 1) % layers : en.layer();
                    int x = en.x();
                    int y = en.y();
                    if (random.nextInt(10) < 6) {
                        x = Math.max(0, Math.min(w - 1, x + random.nextInt(7) - 3));
                        y = Math.max(0, Math.min(h - 1, y + random.nextInt(7) - 3));
                    }
                    next.put(en.id(), new Entity(en.id(), x, y, layer, en.kind()));
                }
                for (int i = random.nextInt(3); i > 0; i--) {
                    int id = nextId++;
                    next.put(id, new Entity(id, random.nextInt(w), random.nextInt(h), random.nextInt(layers),
                            BinaryState.ENTITY_NPC));
                }
                world = next;
                vx = Math.max(0, Math.min(w - 1, vx + random.nextInt(9) - 4));
                vy = Math.max(0, Math.min(h - 1, vy + random.nextInt(9) - 4));
                if (random.nextInt(40) == 0) {
                    vl = 1 - vl;
                }
            }
            tick += 2;
            if (random.nextInt(3) == 0) {
                ack++;
            }
            int[] now = {vl, Math.max(0, (vx - radius) >> 3), Math.max(0, (vy - radius) >> 3),
                    Math.min(rw - 1, (vx + radius) >> 3), Math.min(rh - 1, (vy + radius) >> 3)};
            boolean reset = view == null || view[0] != vl || random.nextInt(30) == 0;
            resets += reset ? 1 : 0;
            StateFrame frame = reset ? StateFrame.reset(tick, ack) : StateFrame.delta(tick, ack);
            Map<Integer, List<Entity>> members = new HashMap<>();
            for (Entity en : world.values()) {
                members.computeIfAbsent(BinaryState.region(en.x(), en.y(), en.layer(), rw, rh),
                        r -> new ArrayList<>()).add(en);
            }
            if (!reset) {
                List<Integer> left = new ArrayList<>();
                for (int ry = view[2]; ry <= view[4]; ry++) {
                    for (int rx = view[1]; rx <= view[3]; rx++) {
                        if (!inside(now, rx, ry)) {
                            left.add(region(vl, rx, ry, rw, rh));
                        }
                    }
                }
                Collections.shuffle(left, random);
                left.forEach(frame::left);
            }
            List<Integer> entered = new ArrayList<>();
            List<Integer> kept = new ArrayList<>();
            for (int ry = now[2]; ry <= now[4]; ry++) {
                for (int rx = now[1]; rx <= now[3]; rx++) {
                    (reset || !inside(view, rx, ry) ? entered : kept).add(region(vl, rx, ry, rw, rh));
                }
            }
            Collections.shuffle(entered, random);
            for (int region : entered) {
                List<Entity> in = new ArrayList<>(members.getOrDefault(region, List.of()));
                if (!in.isEmpty() || random.nextBoolean()) {
                    Collections.shuffle(in, random);
                    frame.snapshot(region, in);
                }
            }
            Collections.shuffle(kept, random);
            for (int region : kept) {
                List<Integer> departures = new ArrayList<>();
                List<Entity> arrivals = new ArrayList<>();
                List<Move> moves = new ArrayList<>();
                for (Entity old : before.values()) {
                    Entity cur = world.get(old.id());
                    int from = BinaryState.region(old.x(), old.y(), old.layer(), rw, rh);
                    int to = cur == null ? -1 : BinaryState.region(cur.x(), cur.y(), cur.layer(), rw, rh);
                    if (from == region && to != region) {
                        departures.add(old.id());
                    } else if (from == region && (cur.x() != old.x() || cur.y() != old.y())) {
                        moves.add(new Move(old.id(), cur.x() - old.x(), cur.y() - old.y()));
                    }
                }
                for (Entity cur : world.values()) {
                    Entity old = before.get(cur.id());
                    if (BinaryState.region(cur.x(), cur.y(), cur.layer(), rw, rh) == region && (old == null
                            || BinaryState.region(old.x(), old.y(), old.layer(), rw, rh) != region)) {
                        arrivals.add(cur);
                    }
                }
                if (!departures.isEmpty() || !arrivals.isEmpty() || !moves.isEmpty() || random.nextInt(20) == 0) {
                    Collections.shuffle(departures, random);
                    Collections.shuffle(arrivals, random);
                    Collections.shuffle(moves, random);
                    frame.change(region, departures, arrivals, moves);
                    crossings += departures.size();
                    moved += moves.size();
                }
            }
            frames.add(frame.bytes());
            // What the view holds: every entity in its regions, in ascending id.
            StringBuilder truth = new StringBuilder();
            world.values().stream().filter(en -> en.layer() == now[0] && inside(now, en.x() >> 3, en.y() >> 3))
                    .sorted(Comparator.comparingInt(Entity::id))
                    .forEach(en -> truth.append(truth.isEmpty() ? "" : " ").append(en.id()).append('@')
                            .append(en.x()).append(',').append(en.y()).append(',').append(en.layer())
                            .append(en.kind() == BinaryState.ENTITY_PLAYER ? 'p' : 'n'));
            expected.add(truth.toString());
            before = world;
            view = now;
        }
        List<JsonNode> states = decodeBoth(w, h, frames);
        int seen = 0;
        for (int i = 0; i < frames.size(); i++) {
            assertThat(entities(states.get(i))).as("the view after frame %d", i).isEqualTo(expected.get(i));
            seen += states.get(i).get("entities").size();
        }
        assertThat(seen).as("entities seen over the run").isGreaterThan(frames.size() * 8);
        assertThat(crossings).as("departures over the run").isGreaterThan(500);
        assertThat(moved).as("moves within a region over the run").isGreaterThan(500);
        assertThat(resets).as("reset frames in the run").isBetween(3, 60);
    }

    private static boolean inside(int[] view, int rx, int ry) {
        return rx >= view[1] && rx <= view[3] && ry >= view[2] && ry <= view[4];
    }

    private static int region(int layer, int rx, int ry, int regionsWide, int regionsHigh) {
        return (layer * regionsHigh + ry) * regionsWide + rx;
    }
}
