package lor.testclient.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * The browsers of one test, as a JUnit extension ({@code @RegisterExtension}): when the test method ends, passed
 * or failed, it saves a screenshot of each browser to {@code target/screenshots/<test>.png} (the first browser;
 * the others as {@code <test>-<label>.png}), and on failure a note beside it with the page's state and console;
 * then it gives every browser back to the JVM's {@link ChromiumPool}, which hands it to the next test as
 * fresh. A test whose pages broke the director's Content-Security-Policy fails: every page of these browsers
 * records the violations Chromium reports.
 */
final class Browsers implements AfterTestExecutionCallback, AfterEachCallback {

    static final Path SCREENSHOTS = Path.of("target", "screenshots");

    /** Where {@link #CSP_RECORDER} keeps the violations: the tab's sessionStorage outlives a reload. */
    private static final String CSP_KEY = "lor.test.cspViolations";
    /** Run in every document before its own scripts (and not subject to its policy). */
    private static final String CSP_RECORDER = """
            document.addEventListener('securitypolicyviolation', (e) => {
              try {
                const seen = JSON.parse(sessionStorage.getItem('%1$s') || '[]');
                seen.push(e.effectiveDirective + ' refused ' + (e.blockedURI || '(inline)') + ' in '
                    + e.documentURI + ' (' + (e.sourceFile || '') + ':' + e.lineNumber + ')');
                sessionStorage.setItem('%1$s', JSON.stringify(seen));
              } catch (ignored) {
                // a document without storage (about:blank) has no policy of ours
              }
            });""".formatted(CSP_KEY);

    private record Opened(String label, ChromeDriver driver) {
    }

    private final List<Opened> opened = new ArrayList<>();
    private final List<String> alsoSaveAs = new ArrayList<>();

    /** A headless Chromium showing a blank tab of its own, given back after the test. */
    WebDriver open(String label) throws IOException {
        return open(label, false);
    }

    /** A headless Chromium emulating a phone ({@link Chromium#openPhone}), given back after the test. */
    WebDriver openPhone(String label) throws IOException {
        return open(label, true);
    }

    private WebDriver open(String label, boolean phone) throws IOException {
        ChromeDriver driver = ChromiumPool.take(phone, label);
        opened.add(new Opened(label, driver));
        driver.executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", CSP_RECORDER));
        return driver;
    }

    /** The first browser's final screenshot is also saved under this file name in {@code target/screenshots/}. */
    void alsoSaveFirstAs(String fileName) {
        alsoSaveAs.add(fileName);
    }

    @Override
    public void afterTestExecution(ExtensionContext context) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        String test = context.getRequiredTestMethod().getName();
        boolean failed = context.getExecutionException().isPresent();
        List<String> violations = new ArrayList<>();
        for (int i = 0; i < opened.size(); i++) {
            Opened o = opened.get(i);
            String name = i == 0 ? test : test + "-" + o.label();
            Path png = SCREENSHOTS.resolve(name + ".png");
            try {
                byte[] bytes = ((TakesScreenshot) o.driver()).getScreenshotAs(OutputType.BYTES);
                Files.write(png, bytes);
                if (i == 0) {
                    for (String also : alsoSaveAs) {
                        Files.copy(png, SCREENSHOTS.resolve(also), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            } catch (RuntimeException e) {
                Files.writeString(SCREENSHOTS.resolve(name + ".screenshot-failed.txt"), e.toString());
            }
            if (failed) {
                Files.writeString(SCREENSHOTS.resolve(name + ".txt"), describe(o.driver()), StandardCharsets.UTF_8);
            }
            cspViolations(o.driver()).forEach(v -> violations.add(o.label() + ": " + v));
        }
        if (!failed && !violations.isEmpty()) {
            throw new AssertionError("Chromium reported Content-Security-Policy violations:\n  "
                    + String.join("\n  ", violations));
        }
    }

    /** What {@link #CSP_RECORDER} recorded in the browser's current origin. */
    static List<String> cspViolations(WebDriver driver) {
        Object json = ((JavascriptExecutor) driver).executeScript(
                "try { return sessionStorage.getItem(arguments[0]); } catch (e) { return null; }", CSP_KEY);
        List<String> out = new ArrayList<>();
        if (json != null) {
            GamePage.JSON.readTree((String) json).forEach(v -> out.add(v.asString()));
        }
        return out;
    }

    @Override
    public void afterEach(ExtensionContext context) {
        for (Opened o : opened) {
            ChromiumPool.giveBack(o.driver());
        }
        opened.clear();
        alsoSaveAs.clear();
    }

    /**
     * What the page showed: URL, status, message, `window.lor` without the map cells and the recent states (its
     * encoding and binary frame counts included), and the console.
     */
    private static String describe(WebDriver driver) {
        StringBuilder out = new StringBuilder();
        try {
            out.append("url: ").append(driver.getCurrentUrl()).append('\n');
            Object state = ((JavascriptExecutor) driver).executeScript("""
                    const s = document.getElementById('status');
                    const m = document.getElementById('message');
                    const lor = window.lor ? Object.assign({}, window.lor) : null;
                    if (lor && Array.isArray(lor.recent)) {
                      lor.recent = lor.recent.length + ' states, the last at tick '
                          + (lor.recent.length ? lor.recent[lor.recent.length - 1].tick : '-');
                    }
                    if (lor && lor.map) {
                      lor.map = {width: lor.map.width, height: lor.map.height, layers: lor.map.layers,
                                 portals: lor.map.portals};
                    }
                    return JSON.stringify({status: s && s.textContent, data: s && Object.assign({}, s.dataset),
                                           message: m && m.textContent, lor}, null, 1);""");
            out.append(state).append('\n');
        } catch (RuntimeException e) {
            out.append("page state unavailable: ").append(e).append('\n');
        }
        try {
            out.append("Content-Security-Policy violations: ").append(cspViolations(driver)).append('\n');
        } catch (RuntimeException e) {
            out.append("Content-Security-Policy violations unavailable: ").append(e).append('\n');
        }
        try {
            out.append("console:\n");
            for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
                out.append("  ").append(entry.getLevel()).append(' ').append(entry.getMessage()).append('\n');
            }
        } catch (RuntimeException e) {
            out.append("  unavailable: ").append(e).append('\n');
        }
        return out.toString();
    }
}
