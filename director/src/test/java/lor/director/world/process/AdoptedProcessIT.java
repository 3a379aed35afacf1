package lor.director.world.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class AdoptedProcessIT {

    @Test
    void findsALiveProcessStartedWhenItsRecordSaysAndWatchesAndSignalsIt() throws Exception {
        Process child = new ProcessBuilder("sleep", "60").start();
        try {
            Instant started = AdoptedProcess.startOf(child);

            AdoptedProcess adopted = AdoptedProcess.find(child.pid(), started).orElseThrow();

            assertThat(adopted.pid()).isEqualTo(child.pid());
            assertThat(adopted.isAlive()).isTrue();
            assertThatThrownBy(adopted::exitValue).isInstanceOf(IllegalThreadStateException.class);
            adopted.destroyForcibly();
            assertThat(adopted.onExit().get(10, TimeUnit.SECONDS)).isSameAs(adopted);
            assertThat(adopted.exitValue()).as("only the parent learns the status")
                    .isEqualTo(AdoptedProcess.UNKNOWN_EXIT);
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void aPidNowUsedByAProcessStartedAtAnotherTimeIsNotTheRecordedOne() throws Exception {
        Process child = new ProcessBuilder("sleep", "60").start();
        try {
            Instant recorded = AdoptedProcess.startOf(child).minus(Duration.ofMinutes(5));

            assertThat(AdoptedProcess.find(child.pid(), recorded)).isEmpty();
        } finally {
            child.destroyForcibly();
        }
    }

    @Test
    void anExitedProcessIsNotFound() throws Exception {
        Process exited = new ProcessBuilder("true").start();
        exited.waitFor();

        assertThat(AdoptedProcess.find(exited.pid(), null)).isEmpty();
    }
}
