package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import lor.testclient.e2e.DirectoryTrees;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The module template's {@code garden} played in the page (issue 34): the director serves the template's build of
 * the page's script from its modules directory, and the page predicts {@code plant} with the module's own code, the
 * server's answers included. For {@code ModuleTemplateIT}, which builds the template once for the JVM client and the
 * page.
 */
public final class GardenInThePage {

    private GardenInThePage() {
    }

    /**
     * A new player of world {@code garden} plants a rose beside it in the page, then a tulip on it and a daisy (no
     * such flower): each predicted as the world decides it, none mispredicted.
     *
     * @param studioScript the template's {@code target/page/sim.js}, as deployed beside its jar
     */
    public static void play(URI director, Path studioScript, Path logs) throws Exception {
        HttpResponse<byte[]> served = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                director.resolve("/sim.js")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(served.body()).as("the director's /sim.js: the template's build from --modules-dir")
                .isEqualTo(Files.readAllBytes(studioScript));

        Path profile = Files.createTempDirectory("lor-chromium-garden-");
        ChromeDriver driver = Chromium.open(profile, logs.resolve("chromedriver-garden.log"));
        try {
            GamePage page = new GamePage(driver, director).open();
            page.register(BrowserGameIT.user("sower"));
            page.join("garden");
            page.awaitSettled();
            JavascriptExecutor js = driver;
            Map<String, Object> side = page.sideBeside("any");
            assertThat(side).as("a free cell beside the spawn").isNotNull();

            assertThat(js.executeScript("""
                    const lor = window.lor;
                    lor.act('plant', {dir: arguments[0], flower: 'rose'});
                    return [lor.lastAct.predicted, lor.pending].join(' ');""", side.get("dir")))
                    .as("the plant predicted by the garden's own code").isEqualTo("done 1");
            page.until(GamePage.SHORT, "a rose grown on the cell in a state's fields", d -> js.executeScript("""
                    const s = arguments[0];
                    return (window.lor.fields || []).some((c) => c.module === 'garden' && c.x === s.x
                        && c.y === s.y && c.value === 3) || null;""", side));
            for (String[] refused : new String[][] {{"tulip", "planted"}, {"daisy", "bad_field"}}) {
                assertThat(js.executeScript("""
                        window.lor.act('plant', {dir: arguments[0], flower: arguments[1]});
                        return window.lor.lastAct.predicted;""", side.get("dir"), refused[0]))
                        .as("a %s predicted", refused[0]).isEqualTo(refused[1]);
                page.until(GamePage.SHORT, "the server's " + refused[1], d -> js.executeScript("""
                        const r = window.lor.lastRejected;
                        return r && r.seq === window.lor.lastAct.seq && r.reason === arguments[0] || null;""",
                        refused[1]));
            }
            assertThat(page.counter("mispredictions")).isZero();
        } finally {
            driver.quit();
            DirectoryTrees.delete(profile);
        }
    }
}
