package lor.testclient.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.TimeUnit;

import lor.testclient.net.DirectorHttp.WorldRow;
import org.junit.jupiter.api.Test;

class TickSamplerTest {

    private long now;
    private final TickSampler sampler = new TickSampler(new SoakLog(new PrintStream(OutputStream.nullOutputStream())),
            () -> now);

    @Test
    void fewerThanOnePercentOfTheTicksMayOverrun() {
        sampleAt(0, "meadow", 10, 0.900, 50);
        sampleAt(13, "meadow", 10, 0.020, 55);
        sampleAt(113, "meadow", 10, 0.030, 74);

        assertThat(sampler.passes()).as("19 of 2,000 ticks").isTrue();
        assertThat(sampler.describe()).startsWith("19 of 2000 ticks (0.95 %) over the 50 ms period in 1 world "
                + "processes; 10-s windows' p99: median 30.0 ms, worst 30.0 ms (meadow at t=");

        sampleAt(114, "meadow", 10, 0.030, 76);
        assertThat(sampler.passes()).as("21 of 2,020 ticks").isFalse();
    }

    @Test
    void aProcessIsJudgedOnlyAfterItsWarmUpAndEachOnItsOwnCounts() {
        sampleAt(0, "meadow", 10, 0.900, 50);
        assertThat(sampler.passes()).as("no tick counted yet").isFalse();
        assertThat(sampler.describe()).isEqualTo("no sample of a warmed-up world");

        sampleAt(20, "meadow", 10, 0.010, 60);
        sampleAt(120, "meadow", 10, 0.010, 60);
        // Killed and replaced between the rows and the metrics: the new process's count is not the old one's.
        sampleAt(121, "meadow", 10, 0.010, 1);
        sampleAt(121, "meadow", 11, 0.010, 1);
        sampleAt(140, "meadow", 11, 0.010, 2);
        sampleAt(240, "meadow", 11, 0.010, 4);

        assertThat(sampler.describe()).startsWith("2 of 4000 ticks (0.05 %) over the 50 ms period in 2 world");
        assertThat(sampler.passes()).isTrue();
    }

    @Test
    void anotherWorldsLinesAreNotThisWorlds() {
        sampleAt(0, "meadow", 10, 0.010, 0);
        now = TimeUnit.SECONDS.toNanos(20);
        sampler.sample(List.of(running("meadow", 10)), "lor_tick_overruns_total{world=\"meadow2\"} 7\n"
                + "lor_tick_duration_seconds{world=\"meadow2\",quantile=\"0.99\"} 0.5\n");

        assertThat(sampler.describe()).isEqualTo("no sample of a warmed-up world");
    }

    private void sampleAt(long second, String world, long pid, double p99, long overruns) {
        now = TimeUnit.SECONDS.toNanos(second);
        sampler.sample(List.of(running(world, pid)), "# HELP lor_tick_duration_seconds ...\n"
                + "lor_tick_duration_seconds{world=\"" + world + "\",quantile=\"0.99\"} " + p99 + "\n"
                + "lor_tick_overruns_total{world=\"" + world + "\"} " + overruns + "\n");
    }

    private static WorldRow running(String world, long pid) {
        return new WorldRow(world, "running", 1, pid, 1, 1);
    }
}
