package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short soak of issue 6: {@code test-client soak} against {@code director.jar}, 200 players in three worlds for
 * 60 s once they are all in, a world SIGKILLed every 15 s (three kills, as the two minutes with a kill every 30 s
 * it ran before: the suite must stay within its time as it grows), then the director stopped with SIGTERM. A short
 * run on a host shared with the build says nothing about heap or descriptor flatness or tick times (printed, not
 * judged); the 30-minute run in docs/reliability.md judges them.
 */
class SoakIT {

    @TempDir
    Path dataDir;

    @Test
    void eightySecondsOfPlayersAndKilledWorldsLoseNothingAcknowledgedAndLeaveNoProcess() throws Exception {
        // Snapshots every second: each kill has acknowledged snapshots to lose.
        try (DirectorProcess director = DirectorProcess.start(dataDir, "soak", "--snapshot-interval-ms", "1000")) {
            String printed = SuiteCommand.passes(director, 2, "soak", "--players", "200", "--duration", "60",
                    "--kill-every", "15", "--seed", "6", "--stop-director");
            assertThat(printed).contains("PASS acknowledged snapshots kept: 3 kills (3 with an acknowledged snapshot)",
                    "PASS no orphan processes", "tick p99 (not judged");
            assertThat(director.isAlive()).as("stopped by the soak").isFalse();
        }
    }
}
