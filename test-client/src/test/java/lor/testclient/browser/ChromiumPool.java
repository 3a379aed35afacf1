package lor.testclient.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import lor.testclient.e2e.DirectoryTrees;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogType;

/**
 * The headless Chromiums of one test JVM, handed from test to test. Starting one (chromedriver, then the browser)
 * took five to seven seconds of a loaded CI machine, about a third of a browser test, and failsafe runs every browser
 * test class in one of two long-lived JVMs. A browser given back gets a blank tab of its own (a new tab has empty
 * sessionStorage, the only storage the page uses, and no scripts added to the old tab's documents), its other tabs
 * closed, its HTTP cache and cookies cleared and its console drained, so the next test sees what a fresh browser
 * shows. One that does not come back cleanly (a dialog left open, a crashed tab) is quit instead.
 */
final class ChromiumPool {

    /** Idle browsers kept per kind: the most any test opens at once. */
    private static final int MAX_IDLE = 3;

    private record Pooled(ChromeDriver driver, Path profile, boolean phone) {
    }

    private static final Deque<Pooled> IDLE = new ArrayDeque<>();
    private static final List<Pooled> LENT = new ArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ChromiumPool::quitIdle, "chromium-pool-shutdown"));
    }

    private ChromiumPool() {
    }

    /** An idle browser of that kind, or a new one (its chromedriver log named after {@code label}). */
    static synchronized ChromeDriver take(boolean phone, String label) throws IOException {
        for (var it = IDLE.iterator(); it.hasNext(); ) {
            Pooled p = it.next();
            if (p.phone() == phone) {
                it.remove();
                LENT.add(p);
                return p.driver();
            }
        }
        Path profile = Files.createTempDirectory("lor-chromium-" + label + "-");
        Path log = Path.of("target", "e2e-logs", "chromedriver-" + label + "-" + System.currentTimeMillis() + ".log");
        ChromeDriver driver = phone ? Chromium.openPhone(profile, log) : Chromium.open(profile, log);
        LENT.add(new Pooled(driver, profile, phone));
        return driver;
    }

    /** Takes back a browser {@link #take} lent: reset for the next test, or quit when it cannot be. */
    static void giveBack(ChromeDriver driver) {
        Pooled lent;
        synchronized (ChromiumPool.class) {
            lent = LENT.stream().filter(p -> p.driver() == driver).findFirst().orElse(null);
            LENT.remove(lent);
        }
        if (lent == null) {
            return;
        }
        boolean keep;
        synchronized (ChromiumPool.class) {
            keep = IDLE.stream().filter(p -> p.phone() == lent.phone()).count() < MAX_IDLE;
        }
        if (keep && reset(driver)) {
            synchronized (ChromiumPool.class) {
                IDLE.add(lent);
            }
        } else {
            quit(lent);
        }
    }

    private static boolean reset(ChromeDriver driver) {
        try {
            String old = driver.getWindowHandle();
            List<String> others = new ArrayList<>(driver.getWindowHandles());
            driver.switchTo().newWindow(WindowType.TAB);
            String fresh = driver.getWindowHandle();
            for (String handle : others) {
                driver.switchTo().window(handle).close();
            }
            driver.switchTo().window(fresh);
            driver.executeCdpCommand("Network.clearBrowserCache", Map.of());
            driver.executeCdpCommand("Network.clearBrowserCookies", Map.of());
            driver.manage().logs().get(LogType.BROWSER);
            return !fresh.equals(old);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static void quit(Pooled p) {
        try {
            p.driver().quit();
        } catch (RuntimeException e) {
            // The browser is gone already; its profile is still removed below.
        }
        DirectoryTrees.delete(p.profile());
    }

    private static synchronized void quitIdle() {
        IDLE.forEach(ChromiumPool::quit);
        IDLE.clear();
    }
}
