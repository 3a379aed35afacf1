package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a {@code test-client.jar} suite command ({@code scenarios}, {@code faults}) as its own process. */
final class SuiteCommand {

    private SuiteCommand() {
    }

    /** Runs {@code command} against {@code director} and asserts that all {@code expected} scenarios passed. */
    static void passes(DirectorProcess director, String command, int expected) throws Exception {
        Path output = Path.of("target", "e2e-logs", command + ".out");
        Process suite = new ProcessBuilder(DirectorProcess.javaBinary(), "-jar",
                DirectorProcess.jar("lor.testClientJar").toString(),
                command, "--director", director.clientUrl().toString(), "--timeout-ms", "60000")
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
        boolean finished = suite.waitFor(10, TimeUnit.MINUTES);
        String printed = read(output);
        if (!finished) {
            suite.destroyForcibly();
        }
        assertThat(finished).as("%s finished; output so far:%n%s", command, printed).isTrue();
        List<String> lines = printed.lines().toList();
        assertThat(lines).as(printed).filteredOn(l -> l.startsWith("PASS ")).hasSize(expected);
        assertThat(lines).as(printed).last().isEqualTo(expected + " passed, 0 failed");
        assertThat(suite.exitValue()).as(printed).isZero();
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
