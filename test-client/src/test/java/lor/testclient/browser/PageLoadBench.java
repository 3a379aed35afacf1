package lor.testclient.browser;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import lor.testclient.e2e.DirectoryTrees;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.chrome.ChromeDriver;
import tools.jackson.databind.JsonNode;

/**
 * Issue 31's figures of the page's first and repeated load (docs/benchmarks.md): a fresh headless Chromium opens the
 * director's page, then opens it again with what it kept; Navigation and Resource Timing give the bytes on the wire
 * (transferSize: headers and body as sent), the bodies as sent and as decoded, and the time from navigation to the
 * load event and to the page started (window.lor.timings.started: sim.js fetched, compiled and run). Five browsers
 * per link, medians: on loopback, and on a link Chromium emulates as a phone's (4 Mbit/s down, 1 up, 100 ms).
 *
 * <p>A benchmark, not part of the suite:
 * <pre>
 * mvn -B -o verify -pl protocol,sim-core,sim-web,world-server,director,test-client -Dtest=NONE \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=PageLoadBench -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 */
class PageLoadBench {

    private static final int RUNS = 5;
    private static final String[] FIGURES = {"requests", "transfer", "encoded", "decoded", "load", "started"};
    private static final String TIMINGS = """
            const nav = performance.getEntriesByType('navigation')[0];
            const all = [nav].concat(performance.getEntriesByType('resource'));
            const sum = (f) => all.reduce((s, e) => s + e[f], 0);
            return JSON.stringify({requests: all.length, transfer: sum('transferSize'),
                encoded: sum('encodedBodySize'), decoded: sum('decodedBodySize'), load: nav.loadEventEnd,
                started: window.lor.timings.started});""";

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("page-load");

    @Test
    void firstAndRepeatedLoad() throws Exception {
        for (String link : List.of("loopback", "phone")) {
            List<JsonNode> first = new ArrayList<>();
            List<JsonNode> repeated = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                Path profile = Files.createTempDirectory("lor-page-load-");
                ChromeDriver driver = Chromium.open(profile, Path.of("target", "e2e-logs", "page-load.log"));
                try {
                    if (link.equals("phone")) {
                        driver.executeCdpCommand("Network.enable", Map.of());
                        driver.executeCdpCommand("Network.emulateNetworkConditions", Map.of("offline", false,
                                "latency", 100, "downloadThroughput", 4_000_000 / 8,
                                "uploadThroughput", 1_000_000 / 8));
                    }
                    first.add(load(driver));
                    repeated.add(load(driver));
                } finally {
                    driver.quit();
                    DirectoryTrees.delete(profile);
                }
            }
            System.out.println("page load, " + link + ", first:    " + medians(first));
            System.out.println("page load, " + link + ", repeated: " + medians(repeated));
        }
    }

    /** Opens the page (from elsewhere, as a returning player does) and reads its timings once it has started. */
    private static JsonNode load(ChromeDriver driver) {
        driver.get("about:blank");
        GamePage page = new GamePage(driver, director.baseUrl()).open();
        String json = page.until(GamePage.SHORT, "the page started and loaded", d -> (String) driver.executeScript(
                "return window.lor.timings.started != null"
                        + " && performance.getEntriesByType('navigation')[0].loadEventEnd > 0"
                        + " ? (() => {" + TIMINGS + "})() : null"));
        return GamePage.JSON.readTree(json);
    }

    private static String medians(List<JsonNode> runs) {
        StringBuilder out = new StringBuilder();
        for (String figure : FIGURES) {
            double[] values = runs.stream().mapToDouble(n -> n.get(figure).asDouble()).sorted().toArray();
            out.append(String.format(Locale.ROOT, "%s %.0f (%.0f-%.0f)  ", figure, values[values.length / 2],
                    values[0], values[values.length - 1]));
        }
        return out.toString().trim();
    }
}
