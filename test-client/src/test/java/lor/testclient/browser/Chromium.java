package lor.testclient.browser;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium and its chromedriver, headless, each browser with a fresh profile. The driver executable and
 * the browser binary are always given explicitly, so Selenium Manager never runs (it would try to download).
 * {@code -Dlor.chromium=…} and {@code -Dlor.chromedriver=…} point elsewhere.
 */
final class Chromium {

    static final String BINARY = System.getProperty("lor.chromium", "/usr/bin/chromium");
    static final String DRIVER = System.getProperty("lor.chromedriver", "/usr/bin/chromedriver");

    private Chromium() {
    }

    /** The phone the phone tests emulate: an iPhone 12 to 14's viewport in CSS pixels. */
    static final int PHONE_WIDTH = 390;
    static final int PHONE_HEIGHT = 844;

    /** A headless Chromium using {@code profile} as its user data directory. */
    static ChromeDriver open(Path profile, Path driverLog) throws IOException {
        return open(profile, driverLog, false);
    }

    /**
     * A headless Chromium emulating a phone: a {@value #PHONE_WIDTH} x {@value #PHONE_HEIGHT} viewport at device
     * pixel ratio 3, touch events and a coarse pointer, and a mobile user agent (so the page's
     * {@code width=device-width} viewport applies as on a phone).
     */
    static ChromeDriver openPhone(Path profile, Path driverLog) throws IOException {
        return open(profile, driverLog, true);
    }

    private static ChromeDriver open(Path profile, Path driverLog, boolean phone) throws IOException {
        for (String path : new String[] {BINARY, DRIVER}) {
            if (!Files.isExecutable(Path.of(path))) {
                throw new IllegalStateException(path + " is missing: install Debian's chromium and chromium-driver"
                        + " (.ci/run does it with apt-get)");
            }
        }
        Files.createDirectories(driverLog.getParent());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort()
                .withLogFile(driverLog.toFile())
                .build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(BINARY);
        options.addArguments(
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-dev-shm-usage",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--disable-default-apps",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-search-engine-choice-screen",
                "--window-size=1280,900",
                // BrowserTlsIT's director and worlds present the suite's self-signed test certificate.
                "--ignore-certificate-errors",
                "--user-data-dir=" + profile.toAbsolutePath());
        if (phone) {
            options.setExperimentalOption("mobileEmulation", Map.of(
                    "deviceMetrics", Map.of("width", PHONE_WIDTH, "height", PHONE_HEIGHT, "pixelRatio", 3.0,
                            "touch", true, "mobile", true),
                    "userAgent", "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko)"
                            + " Chrome/156.0.0.0 Mobile Safari/537.36"));
        }
        // The page's console (errors included) for the failure notes.
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        return new ChromeDriver(service, options);
    }
}
