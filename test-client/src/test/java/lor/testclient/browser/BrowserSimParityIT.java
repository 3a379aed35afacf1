package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import lor.simweb.SimApi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import tools.jackson.databind.JsonNode;

/**
 * The {@code /sim.js} the director serves (sim-core compiled to JavaScript by TeaVM) against sim-core itself: the same
 * seeded runs in Chromium and on the JVM must hash the same after every tick. In JavaScript every Java {@code long}
 * is a BigInt and every {@code int} a number kept to 32 bits by the compiler, so this is where a difference in
 * arithmetic, in the standard library TeaVM brings, or in iteration order would show first. SimApiTest pins figures
 * taken under Node; this checks the browser the game runs in, with the file as shipped.
 */
class BrowserSimParityIT {

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-sim-parity", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    /** SimApi.run's arguments; the seed as SimApi takes it in JavaScript, a decimal string. */
    private record Run(int width, int height, double wallFraction, String seed, int players, int npcs, int objects,
                       int ticks) {

        long[] onTheJvm() {
            return SimApi.runHashes(width, height, wallFraction, Long.parseLong(seed), players, npcs, objects, ticks);
        }
    }

    private static final List<Run> RUNS = List.of(
            // SimApiTest's run with objects: players build and dismantle counters, the clock turns.
            new Run(48, 40, 0.15, "42", 4, 20, 200, 10_000),
            // More of everything, and a seed that needs all 64 bits (a negative long).
            new Run(64, 48, 0.10, "-3141592653589793238", 6, 30, 500, 10_000),
            // No objects: entities, paths and the random state alone, on a denser map.
            new Run(32, 32, 0.25, "7", 3, 12, 0, 10_000));

    /** Opens the director's page in Chromium and imports {@code /sim.js} into it as {@code window.LorSim}. */
    private WebDriver pageWithSim() throws Exception {
        WebDriver driver = browsers.open("sim");
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(120));
        driver.get(director.baseUrl() + "/");
        Object loaded = ((JavascriptExecutor) driver).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                import('/sim.js').then((m) => { window.LorSim = m; done('loaded'); },
                                       (e) => done('failed: ' + e));""");
        assertThat(loaded).as("importing /sim.js").isEqualTo("loaded");
        return driver;
    }

    @Test
    void seededRunsHashTheSameInChromiumAsOnTheJvmEveryTick() throws Exception {
        JavascriptExecutor js = (JavascriptExecutor) pageWithSim();
        for (Run run : RUNS) {
            String json = (String) js.executeScript("""
                    const A = arguments;
                    const t0 = performance.now();
                    const hashes = window.LorSim.run(A[0], A[1], A[2], A[3], A[4], A[5], A[6], A[7]);
                    return JSON.stringify({hashes, ms: performance.now() - t0});""",
                    run.width(), run.height(), run.wallFraction(), run.seed(), run.players(), run.npcs(),
                    run.objects(), run.ticks());
            JsonNode out = GamePage.JSON.readTree(json);
            String[] browser = out.get("hashes").asString().split(",");
            double ms = out.get("ms").asDouble();
            long[] jvm = run.onTheJvm();

            assertThat(browser).as("%s: hashes from the browser", run).hasSize(run.ticks());
            for (int tick = 0; tick < jvm.length; tick++) {
                String expected = hex(jvm[tick]);
                if (!browser[tick].equals(expected)) {
                    throw new AssertionError(run + ": the first tick that differs is " + tick + " (0-based): Chromium "
                            + browser[tick] + ", JVM " + expected
                            + (tick > 0 ? "; both had " + hex(jvm[tick - 1]) + " the tick before" : ""));
                }
            }
            System.out.printf("sim parity: %s: %d ticks identical; Chromium %.1f ms, %.4f ms per tick (with the hash,"
                    + " inputs and hex)%n", run, run.ticks(), ms, ms / run.ticks());
        }
    }

    /**
     * The tick cost in Chromium of a large world, 256 x 256 with 108 entities and 10,000 objects, without hashing (as
     * prediction would step it), and of one state hash. A figure to read, not a requirement: nothing is asserted on
     * time.
     */
    @Test
    void measuresTheTickAndHashCostOfALargeWorldInChromium() throws Exception {
        JavascriptExecutor js = (JavascriptExecutor) pageWithSim();
        String json = (String) js.executeScript("""
                const S = window.LorSim;
                const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
                const w = S.create(256, 256, 0.15, '42', 8, 100, 10000);
                // Warm-up: the JIT, and the objects' first rounds of formulas.
                S.advance(w, 50);
                for (let i = 0; i < 5; i++) { S.stateHash(w); }
                const tick = [];
                const hash = [];
                for (let batch = 0; batch < 5; batch++) {
                  let t0 = performance.now();
                  S.advance(w, 40);
                  tick.push((performance.now() - t0) / 40);
                  t0 = performance.now();
                  for (let i = 0; i < 5; i++) { S.stateHash(w); }
                  hash.push((performance.now() - t0) / 5);
                }
                const at = S.advance(w, 0);
                S.dispose(w);
                return JSON.stringify({tick: median(tick), hash: median(hash), ticks: tick, at});""");
        JsonNode out = GamePage.JSON.readTree(json);
        assertThat(out.get("at").asDouble()).as("ticks stepped").isEqualTo(250.0);
        System.out.printf("sim cost in Chromium, 256x256, 8 players, 100 NPCs, 10000 objects: %.3f ms per tick"
                        + " (median of 5 batches of 40 ticks: %s), %.3f ms per state hash (median of 5 batches of 5)%n",
                out.get("tick").asDouble(), out.get("ticks"), out.get("hash").asDouble());
    }

    /** As SimApi writes a hash: 16 lower-case hex digits. */
    private static String hex(long value) {
        String digits = Long.toHexString(value);
        return "0".repeat(16 - digits.length()) + digits;
    }
}
