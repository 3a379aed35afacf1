package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;

/**
 * The browser client in the start world, which plays the default content pack, over its default binary state: the
 * panel shows the clock and the inventory; a click (a tap on a phone) on Build puts a furnace beside the player,
 * drawn on the map; a key puts wood into it; another dismantles it, and the wood comes back.
 */
class BrowserObjectsIT {

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-objects", "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Test
    void buildsFillsAndDismantlesAFurnaceWithClicksAndKeys() throws Exception {
        browsers.alsoSaveFirstAs("objects.png");
        GamePage page = new GamePage(browsers.open("builder"), director.baseUrl()).open();
        page.register(BrowserGameIT.user("eve"));
        page.join("start");
        page.awaitSettled();
        JavascriptExecutor js = (JavascriptExecutor) page.driver();
        page.until(GamePage.SHORT, "the clock and the inventory in the panel", d -> {
            String text = d.findElement(By.id("objects")).getText();
            return text.contains("Clock:") && text.contains("wood × 20") ? text : null;
        });

        // The side to build on: a floor cell (not water, which floods at night) with nobody on it.
        Map<String, Object> beside = page.sideBeside("dry");
        assertThat(beside).as("a free floor cell beside the player").isNotNull();
        String side = (String) beside.get("dir");
        page.driver().findElement(By.cssSelector("#objects button[data-side='" + side + "']")).click();
        page.driver().findElement(By.cssSelector("#objects button[data-kind='furnace']")).click();
        page.driver().findElement(By.cssSelector("#objects button[data-action='build']")).click();

        @SuppressWarnings("unchecked")
        Map<String, Object> furnace = (Map<String, Object>) page.until(GamePage.SHORT, "the furnace in state",
                d -> js.executeScript("return window.lor.objects.find((o) => o.kind === 'furnace') || null"));
        page.until(GamePage.SHORT, "wood spent", d -> d.findElement(By.id("objects")).getText()
                .contains("wood × 16") ? true : null);
        assertThat(page.driver().findElement(By.id("objects")).getText()).contains("furnace · smelt_iron · empty");

        // On the canvas: the furnace's colour where it stands (the own entity is at the centre).
        @SuppressWarnings("unchecked")
        List<Long> pixel = (List<Long>) js.executeScript("""
                const c = document.getElementById('view'), lor = window.lor, o = arguments[0];
                const originX = Math.floor(c.width / 2 - (lor.x + 0.5) * 12);
                const originY = Math.floor(c.height / 2 - (lor.y + 0.5) * 12);
                const d = c.getContext('2d').getImageData(originX + o.x * 12 + 2, originY + o.y * 12 + 2, 1, 1).data;
                return [d[0], d[1], d[2]];""", furnace);
        assertThat(pixel).as("the furnace drawn").containsExactly(0x8bL, 0x5aL, 0x2bL);

        page.driver().findElement(By.id("view")).sendKeys("p");
        page.until(GamePage.SHORT, "one wood in the furnace", d -> js.executeScript(
                "const f = window.lor.objects.find((o) => o.kind === 'furnace'); return f && f.stock.wood === 1"));
        page.driver().findElement(By.id("view")).sendKeys("x");
        page.until(GamePage.SHORT, "the furnace gone", d -> (Boolean) js.executeScript(
                "return window.lor.objects.length === 0") ? true : null);
        page.until(GamePage.SHORT, "the wood back", d -> d.findElement(By.id("objects")).getText()
                .contains("wood × 20") ? true : null);
        assertThat(page.counter("decodeErrors")).isZero();
        assertThat(page.encoding()).isEqualTo("binary");
    }
}
