package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.JavascriptExecutor;

/**
 * The page when a connection drops: a world process killed with SIGKILL is rejoined (the director starts it again)
 * and play goes on; a second tab of the same account takes over and the first one stops for good.
 */
class BrowserReconnectIT {

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-reconnect", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Test
    void rejoinsWhenTheWorldProcessDies() throws Exception {
        GamePage page = new GamePage(browsers.open("player"), director.baseUrl()).open();
        page.register(BrowserGameIT.user("fay"));
        page.join("start");
        long pid = DirectorHttpApi.world(director.baseUrl(), "start").get("pid").asLong();

        ProcessHandle.of(pid).orElseThrow().destroyForcibly();

        page.until(GamePage.SHORT, "the page to notice the drop", d -> reconnects(page) >= 1
                || "reconnecting".equals(page.status("data-connection")));
        GamePage.View back = page.until(GamePage.JOIN, "the page back in start, in a new world process", d -> {
            if (!"start".equals(page.status("data-world")) || !"connected".equals(page.status("data-connection"))) {
                return null;
            }
            long now = DirectorHttpApi.world(director.baseUrl(), "start").path("pid").asLong(0);
            GamePage.View v = page.view();
            return now != 0 && now != pid && v != null && v.states() > 0 ? v : null;
        });
        assertThat(reconnects(page)).isGreaterThanOrEqualTo(1);
        assertThat(page.statusText()).isEqualTo("start · " + back.x() + "," + back.y() + " · connected");
        page.stepToFreeCell(page.map());
    }

    @Test
    void aSecondTabOfTheSameAccountTakesOverAndTheFirstStops() throws Exception {
        String username = BrowserGameIT.user("gus");
        GamePage first = new GamePage(browsers.open("first"), director.baseUrl()).open();
        GamePage second = new GamePage(browsers.open("second"), director.baseUrl()).open();
        first.register(username);
        first.join("start");

        second.login(username);
        GamePage.View taken = second.join("start").view();

        first.until(GamePage.SHORT, "the first tab to stop", d -> "disconnected".equals(first.status("data-connection"))
                && first.message().contains("another tab"));
        // The first tab stays stopped while the second one plays on (a second of states later).
        long states = taken.states();
        second.until(GamePage.SHORT, "ten more states in the second tab", d -> {
            GamePage.View v = second.view();
            return v != null && v.states() >= states + 10;
        });
        assertThat(first.status("data-connection")).isEqualTo("disconnected");
        assertThat(reconnects(first)).isZero();
        assertThat(second.status("data-connection")).isEqualTo("connected");
    }

    private static int reconnects(GamePage page) {
        return ((Number) ((JavascriptExecutor) page.driver()).executeScript("return window.lor.reconnects")).intValue();
    }
}
