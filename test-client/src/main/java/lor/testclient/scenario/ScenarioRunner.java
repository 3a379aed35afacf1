package lor.testclient.scenario;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import lor.testclient.net.WsClient;

/** Runs scenarios in order, one result line each, then {@code N passed, M failed}. */
public final class ScenarioRunner {

    private final URI directorWs;
    private final Duration lifecycleTimeout;
    private final PrintStream out;
    private final Consumer<String> frameTap;

    public ScenarioRunner(URI directorWs, Duration lifecycleTimeout, PrintStream out) {
        this(directorWs, lifecycleTimeout, out, WsClient.NO_TAP);
    }

    /** @param frameTap sees every text frame of every scenario's connections (for tests that audit them) */
    public ScenarioRunner(URI directorWs, Duration lifecycleTimeout, PrintStream out, Consumer<String> frameTap) {
        this.directorWs = directorWs;
        this.lifecycleTimeout = lifecycleTimeout;
        this.out = out;
        this.frameTap = frameTap;
    }

    /** @return the number of failed scenarios */
    public int run(List<Scenario> scenarios) {
        int passed = 0;
        int failed = 0;
        for (Scenario scenario : scenarios) {
            long start = System.nanoTime();
            String failure = null;
            try (ScenarioContext context = new ScenarioContext(directorWs, lifecycleTimeout, frameTap)) {
                scenario.body().run(context);
            } catch (Throwable e) {
                failure = e.getMessage() == null ? e.toString() : e.getMessage();
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (failure == null) {
                passed++;
                out.printf("PASS %s (%d ms)%n", scenario.name(), millis);
            } else {
                failed++;
                out.printf("FAIL %s (%d ms): %s%n", scenario.name(), millis, failure);
            }
            out.flush();
        }
        out.printf("%d passed, %d failed%n", passed, failed);
        out.flush();
        return failed;
    }
}
