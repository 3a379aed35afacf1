package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The operator page at {@code /admin}: it refuses a wrong token, lists the running world {@code start} (joined by a
 * player's browser) with its process, and stops it gracefully; the player's page says so instead of starting the
 * world again, and {@code /api/worlds} shows it stopped.
 */
class BrowserAdminIT {

    private static final String TOKEN = "operator-" + Long.toString(System.nanoTime(), 36) + "-token";
    private static final Duration STOP = Duration.ofSeconds(60);

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-admin", "--admin-token", TOKEN,
            "--idle-shutdown-ms", "600000");

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Test
    void theAdminPageListsRunningWorldsAndStopsOne() throws Exception {
        WebDriver admin = browsers.open("admin");
        GamePage player = new GamePage(browsers.open("player"), director.baseUrl()).open();
        player.register(BrowserGameIT.user("op"));
        player.join("start");
        GamePage adminPage = new GamePage(admin, director.baseUrl());

        assertThat(DirectorHttpApi.get(director.baseUrl(), "/api/admin/worlds", "not-the-token-at-all").statusCode())
                .isEqualTo(401);

        admin.get(director.baseUrl().resolve("/admin").toString());
        assertThat(admin.findElement(By.id("message")).getText()).as("a hint before any token")
                .contains("--admin-token");
        enterToken(admin, "not-the-token-at-all");
        adminPage.until(GamePage.SHORT, "the page to refuse a wrong token",
                d -> d.findElement(By.id("message")).getText().contains("refused"));
        assertThat(admin.findElements(By.cssSelector("tr[data-world]"))).isEmpty();

        enterToken(admin, TOKEN);
        adminPage.until(GamePage.SHORT, "start running with a pid and a player", d -> {
            WebElement row = row(d, "start");
            return row != null && "running".equals(row.findElement(By.cssSelector("td.status")).getText())
                    && row.findElement(By.cssSelector("td.pid")).getText().matches("\\d+")
                    && "1".equals(row.findElement(By.cssSelector("td.players")).getText());
        });
        long pid = DirectorHttpApi.world(director.baseUrl(), "start").get("pid").asLong();
        assertThat(row(admin, "start").findElement(By.cssSelector("td.pid")).getText()).isEqualTo(String.valueOf(pid));
        assertThat(row(admin, "meadow").findElement(By.cssSelector("td.status")).getText()).isEqualTo("stopped");
        assertThat(stopButton(admin, "meadow").isEnabled()).as("stop for a stopped world").isFalse();
        assertThat(((JavascriptExecutor) admin).executeScript("return sessionStorage.getItem('lor.adminToken')"))
                .isEqualTo(TOKEN);

        adminPage.until(GamePage.SHORT, "an enabled stop button for start", d -> stopButton(d, "start").isEnabled());
        stopButton(admin, "start").click();

        adminPage.until(GamePage.SHORT, "start stopping or stopped", d -> Set.of("stopping", "stopped")
                .contains(row(d, "start").findElement(By.cssSelector("td.status")).getText()));
        adminPage.until(STOP, "/api/worlds to show start stopped",
                d -> "stopped".equals(DirectorHttpApi.world(director.baseUrl(), "start").get("status").asString()));
        adminPage.until(GamePage.SHORT, "the admin row to show start stopped", d ->
                "stopped".equals(row(d, "start").findElement(By.cssSelector("td.status")).getText())
                        && !stopButton(d, "start").isEnabled());

        // The player's page was told the world stopped and does not start it again by rejoining.
        player.until(GamePage.SHORT, "the player's page to leave the stopped world",
                d -> "".equals(player.status("data-world")) && player.message().contains("stopped"));
        long states = ((Number) ((JavascriptExecutor) player.driver()).executeScript("return window.lor.states"))
                .longValue();
        assertThat(states).isGreaterThan(0);
        assertThat(DirectorHttpApi.world(director.baseUrl(), "start").get("status").asString()).isEqualTo("stopped");
        assertThat(((Number) ((JavascriptExecutor) player.driver()).executeScript("return window.lor.reconnects"))
                .intValue()).isZero();
    }

    @Test
    void anOperatorMakesAWorldAndATemplateInstanceFromThePageAndRemovesThem() throws Exception {
        WebDriver admin = browsers.open("admin-registry");
        GamePage page = new GamePage(admin, director.baseUrl());
        admin.get(director.baseUrl().resolve("/admin").toString());
        assertThat(admin.findElement(By.id("registry")).isDisplayed()).as("no forms before a token").isFalse();
        enterToken(admin, TOKEN);
        page.until(GamePage.SHORT, "the maps to choose from", d ->
                !new Select(d.findElement(By.cssSelector("#world-form select[name=map]"))).getOptions().isEmpty());

        WebElement worldForm = admin.findElement(By.id("world-form"));
        worldForm.findElement(By.name("id")).sendKeys("arena");
        worldForm.findElement(By.name("name")).sendKeys("Arena");
        new Select(worldForm.findElement(By.name("map"))).selectByValue("cellar");
        worldForm.findElement(By.cssSelector("button[type=submit]")).click();
        page.until(GamePage.SHORT, "arena in the table, stopped", d -> row(d, "arena") != null
                && "stopped".equals(row(d, "arena").findElement(By.cssSelector("td.status")).getText()));
        assertThat(DirectorHttpApi.world(director.baseUrl(), "arena").get("name").asString()).isEqualTo("Arena");

        worldForm.findElement(By.name("id")).sendKeys("arena");
        worldForm.findElement(By.name("name")).sendKeys("Again");
        worldForm.findElement(By.cssSelector("button[type=submit]")).click();
        page.until(GamePage.SHORT, "the director's refusal on the page", d ->
                d.findElement(By.id("message")).getText().equals("a world arena exists already"));

        WebElement changeForm = admin.findElement(By.id("change-form"));
        page.until(GamePage.SHORT, "arena to choose in the change form", d -> new Select(
                d.findElement(By.cssSelector("#change-form select[name=world]"))).getOptions().stream()
                .anyMatch(o -> o.getAttribute("value").equals("arena")));
        new Select(changeForm.findElement(By.name("world"))).selectByValue("arena");
        changeForm.findElement(By.name("name")).sendKeys("Grand arena");
        WebElement patch = changeForm.findElement(By.name("patch"));
        patch.clear();
        patch.sendKeys("{\"map\": \"nowhere\"}");
        changeForm.findElement(By.cssSelector("button[type=submit]")).click();
        page.until(GamePage.SHORT, "a refused patch named", d ->
                d.findElement(By.id("message")).getText().startsWith("settings.map: no map named nowhere"));
        patch.clear();
        patch.sendKeys("{\"npcs\": 2}");
        changeForm.findElement(By.cssSelector("button[type=submit]")).click();
        page.until(GamePage.SHORT, "the new name in the table", d ->
                row(d, "arena").findElement(By.cssSelector("td.name")).getText().equals("Grand arena (arena)"));

        row(admin, "arena").findElement(By.cssSelector("button.remove")).click();
        admin.switchTo().alert().accept();
        page.until(GamePage.SHORT, "arena gone from the table", d -> row(d, "arena") == null);
        assertThat(DirectorHttpApi.get(director.baseUrl(), "/api/worlds", null).body()).doesNotContain("arena");

        WebElement templateForm = admin.findElement(By.id("template-form"));
        templateForm.findElement(By.name("id")).sendKeys("crypt");
        templateForm.findElement(By.name("name")).sendKeys("Crypt");
        new Select(templateForm.findElement(By.name("map"))).selectByValue("cellar");
        templateForm.findElement(By.cssSelector("button[type=submit]")).click();
        page.until(GamePage.SHORT, "the template listed", d ->
                !d.findElements(By.cssSelector("tr[data-template=crypt] button.instance")).isEmpty());
        admin.findElement(By.cssSelector("tr[data-template=crypt] button.instance")).click();
        page.until(GamePage.SHORT, "crypt-1 in the worlds table", d -> row(d, "crypt-1") != null);
        assertThat(row(admin, "crypt-1").findElement(By.cssSelector("td.name")).getText())
                .isEqualTo("Crypt #1 (crypt-1)");
    }

    private static void enterToken(WebDriver driver, String token) {
        WebElement input = driver.findElement(By.id("token"));
        input.clear();
        input.sendKeys(token);
        driver.findElement(By.id("connect")).click();
    }

    private static WebElement row(WebDriver driver, String worldId) {
        return driver.findElements(By.cssSelector("tr[data-world=\"" + worldId + "\"]")).stream().findFirst()
                .orElse(null);
    }

    private static WebElement stopButton(WebDriver driver, String worldId) {
        return driver.findElement(By.cssSelector("button.stop[data-world=\"" + worldId + "\"]"));
    }
}
