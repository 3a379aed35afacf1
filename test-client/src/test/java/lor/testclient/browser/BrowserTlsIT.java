package lor.testclient.browser;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The browser client over TLS: the page comes from {@code https://}, talks to the director over {@code wss://} and
 * plays in a world over the {@code wss://} gameUrl, with the suite's test certificate (which Chromium is told to
 * accept: it is self-signed).
 */
class BrowserTlsIT {

    @RegisterExtension
    static final BrowserDirector director = new BrowserDirector("browser-tls", "--idle-shutdown-ms", "600000",
            "--tls-cert", resource("tls/test-cert.pem"), "--tls-key", resource("tls/test-key.pem"));

    @RegisterExtension
    final Browsers browsers = new Browsers();

    @Test
    void registersJoinsAndPlaysOverHttpsAndWss() throws Exception {
        browsers.alsoSaveFirstAs("tls.png");
        assertThat(director.baseUrl().getScheme()).isEqualTo("https");
        GamePage page = new GamePage(browsers.open("player"), director.baseUrl()).open();
        page.register(BrowserGameIT.user("tls"));
        page.join("start").awaitInWorld("start", GamePage.SHORT);

        assertThat(page.status("data-connection")).isEqualTo("connected");
        long frames = page.counter("binaryFrames");
        page.until(GamePage.SHORT, "state frames over wss", d -> page.counter("binaryFrames") > frames);
        assertThat(page.counter("decodeErrors")).isZero();
    }

    private static String resource(String name) {
        try {
            return Path.of(BrowserTlsIT.class.getClassLoader().getResource(name).toURI()).toString();
        } catch (Exception e) {
            throw new IllegalStateException("test resource " + name + " is missing", e);
        }
    }
}
