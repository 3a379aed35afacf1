package lor.testclient.e2e;

import java.nio.file.Path;

import lor.testclient.scenario.FaultScenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code test-client.jar faults} against {@code director.jar}, as an operator runs it: every fault scenario passes. */
class FaultSuiteIT {

    @TempDir
    Path dataDir;

    @Test
    void everyFaultScenarioPassesAgainstARealDirector() throws Exception {
        // A short handshake deadline: the slow-header scenario waits for it, and NetworkGuardsIT holds the default.
        try (DirectorProcess director = DirectorProcess.start(dataDir, "fault-suite",
                "--snapshot-interval-ms", "1000", "--handshake-timeout-ms", "2000")) {
            SuiteCommand.passes(director, "faults", FaultScenarios.all().size());
        }
    }
}
