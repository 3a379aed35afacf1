package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@code test-client.jar} command that prints one PASS/FAIL line per check and {@code N passed, M failed}
 * ({@code scenarios}, {@code faults}, {@code soak}) as its own process.
 */
final class SuiteCommand {

    private SuiteCommand() {
    }

    /** Runs a scenario suite command against {@code director} and asserts that all {@code expected} passed. */
    static void passes(DirectorProcess director, String command, int expected) throws Exception {
        passes(director, expected, command, "--timeout-ms", "60000");
    }

    /** Runs {@code command} with {@code options} against {@code director}; all {@code expected} checks pass. */
    static String passes(DirectorProcess director, int expected, String command, String... options)
            throws Exception {
        Path output = Path.of("target", "e2e-logs", command + ".out");
        List<String> line = new ArrayList<>(List.of(DirectorProcess.javaBinary(), "-jar",
                DirectorProcess.jar("lor.testClientJar").toString(), command,
                "--director", director.clientUrl().toString()));
        line.addAll(List.of(options));
        Process suite = new ProcessBuilder(line)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        boolean finished = suite.waitFor(10, TimeUnit.MINUTES);
        String printed = read(output);
        if (!finished) {
            suite.destroyForcibly();
        }
        assertThat(finished).as("%s finished; output so far:%n%s", command, printed).isTrue();
        assertAllPassed(printed, suite.exitValue(), expected);
        return printed;
    }

    /** A command's output and exit status say that all {@code expected} checks passed. */
    static void assertAllPassed(String printed, int exitStatus, int expected) {
        List<String> lines = printed.lines().toList();
        assertThat(lines).as(printed).filteredOn(l -> l.startsWith("PASS ")).hasSize(expected);
        assertThat(lines).as(printed).last().isEqualTo(expected + " passed, 0 failed");
        assertThat(exitStatus).as(printed).isZero();
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
