package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short soak of issue 6: {@code test-client soak} for 2 minutes, 200 players in three worlds, a world SIGKILLed
 * every 30 s, against {@code director.jar}. The 30-minute version is the same command with its defaults
 * (docs/reliability.md).
 */
class SoakIT {

    @TempDir
    Path dataDir;

    @Test
    void twoMinutesOfPlayersAndKilledWorldsLoseNothingAcknowledged() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "soak", "--snapshot-interval-ms", "1000")) {
            Path output = Path.of("target", "e2e-logs", "soak.out");
            Process soak = new ProcessBuilder(DirectorProcess.javaBinary(), "-jar",
                    DirectorProcess.jar("lor.testClientJar").toString(), "soak",
                    "--director", director.clientUrl().toString(), "--players", "200", "--duration", "120",
                    "--kill-every", "30", "--director-pid", Long.toString(director.pid()))
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            boolean finished = soak.waitFor(6, TimeUnit.MINUTES);
            String printed = Files.readString(output, StandardCharsets.UTF_8);
            if (!finished) {
                soak.destroyForcibly();
            }
            assertThat(finished).as("soak finished; output so far:%n%s", printed).isTrue();
            assertThat(printed).as(printed).contains("PASS acknowledged snapshots kept", "PASS no orphan world processes",
                    "PASS tick p99 under 50 ms");
            assertThat(printed.lines().toList()).as(printed).last().isEqualTo("3 passed, 0 failed");
            assertThat(soak.exitValue()).as(printed).isZero();
        }
    }
}
