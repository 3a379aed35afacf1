package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import lor.testclient.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract's own test: {@code director.jar} as a real process with a fresh embedded PostgreSQL, and the
 * {@code test-client.jar scenarios} command against it, exactly as an operator would run them.
 */
class ScenarioSuiteIT {

    @TempDir
    Path dataDir;

    @Test
    void everyScenarioPassesAgainstARealDirector() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "scenario-suite",
                "--idle-shutdown-ms", "2000", "--snapshot-interval-ms", "1000")) {
            Path output = Path.of("target", "e2e-logs", "scenarios.out");
            Process suite = new ProcessBuilder(DirectorProcess.javaBinary(), "-jar",
                    DirectorProcess.jar("lor.testClientJar").toString(),
                    "scenarios", "--director", director.clientUrl().toString(), "--timeout-ms", "60000")
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            boolean finished = suite.waitFor(10, TimeUnit.MINUTES);
            String printed = read(output);
            assertThat(finished).as("suite finished; output so far:%n%s", printed).isTrue();
            List<String> lines = printed.lines().toList();
            int expected = Scenarios.all().size();
            assertThat(lines).as(printed).filteredOn(l -> l.startsWith("PASS ")).hasSize(expected);
            assertThat(lines).as(printed).last().isEqualTo(expected + " passed, 0 failed");
            assertThat(suite.exitValue()).as(printed).isZero();
        }
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    }
}
