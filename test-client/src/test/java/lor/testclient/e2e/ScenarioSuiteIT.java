package lor.testclient.e2e;

import java.nio.file.Path;

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
            SuiteCommand.passes(director, "scenarios", Scenarios.all().size());
        }
    }
}
