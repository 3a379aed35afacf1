package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.JavascriptExecutor;

/**
 * The page in {@code elements}, whose game module (elementals) runs in the world and, compiled into /sim.js, in the
 * page: a cast sent with {@code window.lor.act} is predicted at once by the module's own code (the element leaves
 * the inventory before any state), the world's states bring the fire back in {@code window.lor.fields}, and nothing
 * was mispredicted.
 */
class BrowserModulesIT {

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-modules", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Test
    void aCastIsPredictedByTheModulesCodeAndTheWorldAgrees() throws Exception {
        GamePage page = new GamePage(browsers.open("caster"), director.baseUrl()).open();
        page.register(BrowserGameIT.user("cass"));
        page.join("elements");
        page.awaitSettled();
        JavascriptExecutor js = (JavascriptExecutor) page.driver();

        // A grass cell beside the player (terrain 1, no wall, no portal) with nobody on it.
        @SuppressWarnings("unchecked")
        Map<String, Object> target = (Map<String, Object>) js.executeScript("""
                const lor = window.lor, map = lor.map;
                const steps = {N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0]};
                for (const [dir, [dx, dy]] of Object.entries(steps)) {
                  const x = lor.x + dx, y = lor.y + dy;
                  if (x < 0 || y < 0 || x >= map.width || y >= map.height) continue;
                  const cell = map.cells[(lor.layer * map.height + y) * map.width + x];
                  const taken = lor.entities.some((e) => e.x === x && e.y === y && e.layer === lor.layer);
                  if ((cell & 1) === 0 && ((cell >> 4) & 0xff) === 0 && ((cell >> 1) & 7) === 1 && !taken) {
                    return {dir, x, y, layer: lor.layer};
                  }
                }
                return null;""");
        assertThat(target).as("a free grass cell beside the spawn").isNotNull();

        @SuppressWarnings("unchecked")
        Map<String, Object> sent = (Map<String, Object>) js.executeScript("""
                const lor = window.lor;
                const before = lor.carried ? lor.carried.fire : null;
                const sent = lor.act('cast', {dir: arguments[0], element: 'fire'});
                return {sent, before, after: lor.carried.fire, predicted: lor.lastAct.predicted,
                        pending: lor.pending};""", target.get("dir"));
        assertThat(sent).containsEntry("sent", true).containsEntry("predicted", "done")
                .containsEntry("before", 10L).containsEntry("after", 9L).containsEntry("pending", 1L);

        page.until(GamePage.SHORT, "the fire in a state's fields", d -> js.executeScript("""
                const t = arguments[0];
                return (window.lor.fields || []).some((c) => c.module === 'elementals' && c.x === t.x
                    && c.y === t.y && c.layer === t.layer && c.value === 1) || null;""", target));
        page.until(GamePage.SHORT, "the cast acknowledged", d -> (Boolean) js.executeScript(
                "return window.lor.ack >= window.lor.lastAct.seq && window.lor.pending === 0") ? true : null);
        assertThat(page.counter("mispredictions")).isZero();
        assertThat(page.counter("decodeErrors")).isZero();
        assertThat(page.encoding()).isEqualTo("binary");
    }
}
