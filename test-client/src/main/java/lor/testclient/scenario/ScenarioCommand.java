package lor.testclient.scenario;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code test-client.jar scenarios} and {@code faults}: the options, then a {@link ScenarioRunner} over the chosen
 * suite. Public so that a test can run the very command in its own JVM and read every frame it exchanges.
 */
public final class ScenarioCommand {

    private ScenarioCommand() {
    }

    /**
     * @param options  what follows the command name: {@code --director URL [--timeout-ms N] [--only TEXT]}
     * @param frameTap sees every text frame of every scenario's connections
     * @return the exit status: 0 only when every scenario passed
     * @throws IllegalArgumentException for options it cannot accept
     */
    public static int run(String[] options, List<Scenario> suite, PrintStream out, Consumer<String> frameTap) {
        URI director = null;
        long timeoutMs = 120_000;
        String only = null;
        for (int i = 0; i < options.length; i++) {
            String option = options[i];
            if (i + 1 >= options.length) {
                throw new IllegalArgumentException("option " + option + " needs a value");
            }
            String value = options[++i];
            switch (option) {
                case "--director" -> director = URI.create(value);
                case "--timeout-ms" -> timeoutMs = Long.parseLong(value);
                case "--only" -> only = value;
                default -> throw new IllegalArgumentException("unknown option " + option);
            }
        }
        if (director == null || !("ws".equals(director.getScheme()) || "wss".equals(director.getScheme()))) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required");
        }
        String filter = only;
        List<Scenario> selected = suite.stream()
                .filter(s -> filter == null || s.name().contains(filter))
                .toList();
        return new ScenarioRunner(director, Duration.ofMillis(timeoutMs), out, frameTap).run(selected) == 0 ? 0 : 1;
    }
}
