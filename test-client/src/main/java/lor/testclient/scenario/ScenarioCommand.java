package lor.testclient.scenario;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import lor.protocol.options.Option;
import lor.protocol.options.OptionSet;
import lor.protocol.options.OptionValues;
import lor.protocol.options.Readers;

/**
 * {@code test-client.jar scenarios} and {@code faults}: the options, then a {@link ScenarioRunner} over the chosen
 * suite. Public so that a test can run the very command in its own JVM and read every frame it exchanges.
 */
public final class ScenarioCommand {

    private static final Option<URI> DIRECTOR = Option.of("--director", "ws://HOST:PORT/ws",
            (option, text) -> URI.create(text)).help("the director's client endpoint (required)");
    private static final Option<Long> TIMEOUT = Option.of("--timeout-ms", "N", Readers.longIn(1, 86_400_000))
            .defaultValue(120_000L).help("longest wait for a world lifecycle step, e.g. an idle shutdown");
    private static final Option<String> ONLY = Option.text("--only", "TEXT")
            .help("run only the scenarios whose name contains TEXT");

    private static final OptionSet OPTIONS = OptionSet.of(DIRECTOR, TIMEOUT, ONLY);

    private ScenarioCommand() {
    }

    /**
     * @param options  what follows the command name: {@code --director URL [--timeout-ms N] [--only TEXT]}
     * @param frameTap sees every text frame of every scenario's connections
     * @return the exit status: 0 only when every scenario passed
     * @throws IllegalArgumentException for options it cannot accept
     */
    public static int run(String[] options, List<Scenario> suite, PrintStream out, Consumer<String> frameTap) {
        OptionValues values = OPTIONS.parse(options);
        URI director = values.get(DIRECTOR);
        if (director == null || !("ws".equals(director.getScheme()) || "wss".equals(director.getScheme()))) {
            throw new IllegalArgumentException("--director ws://HOST:PORT/ws is required");
        }
        long timeoutMs = values.get(TIMEOUT);
        String only = values.get(ONLY);
        String filter = only;
        List<Scenario> selected = suite.stream()
                .filter(s -> filter == null || s.name().contains(filter))
                .toList();
        return new ScenarioRunner(director, Duration.ofMillis(timeoutMs), out, frameTap).run(selected) == 0 ? 0 : 1;
    }
}
