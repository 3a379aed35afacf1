package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

class ServerProbeTest {

    /** A real /proc/PID/stat line, with a command name holding a space and a parenthesis. */
    private static final String STAT = "4242 (java (world) x) S 4000 4242 4000 0 -1 4194560 51234 0 12 0 "
            + "1500 250 0 0 20 0 37 0 998877 3456789012 25600 18446744073709551615 1 1 0 0 0 0 0 4096 16898 0 0 0 "
            + "17 1 0 0 0 0 0";

    private static final String STATUS = """
            Name:\tjava
            State:\tS (sleeping)
            VmPeak:\t 3456789 kB
            VmHWM:\t  120000 kB
            VmRSS:\t  102400 kB
            Threads:\t37
            """;

    @Test
    void readsCpuTicksResidentPagesAndThreadsFromProcStat() {
        ServerProbe.ProcSample sample = ServerProbe.parse(STAT, STATUS, 77);

        assertThat(sample.nanoTime()).isEqualTo(77);
        assertThat(sample.cpuTicks()).isEqualTo(1500 + 250);
        assertThat(sample.rssPages()).isEqualTo(25600);
        assertThat(sample.threads()).isEqualTo(37);
        assertThat(sample.vmRssKb()).isEqualTo(102400);
        assertThat(sample.vmHwmKb()).isEqualTo(120000);
    }

    @Test
    void readsThisProcessFromProc() {
        ServerProbe.ProcSample sample = ServerProbe.sample(ProcessHandle.current().pid());

        assertThat(sample).isNotNull();
        assertThat(sample.rssPages()).isPositive();
        assertThat(sample.vmRssKb()).isPositive();
        assertThat(sample.threads()).isPositive();
    }

    @Test
    void aProcessThatIsGoneReadsAsNull() {
        assertThat(ServerProbe.sample(Integer.MAX_VALUE)).isNull();
    }

    @Test
    void keepsTheLorLinesOfTheWorldAndTheUnlabelledOnes() {
        String body = """
                # HELP lor_worlds_running World processes registered and serving players.
                # TYPE lor_worlds_running gauge
                lor_worlds_running 2
                lor_tick_duration_seconds{world="bench",quantile="0.5"} 0.0012
                lor_tick_duration_seconds{world="start",quantile="0.5"} 0.0003
                lor_gc_pause_seconds{gc="G1 Young",world="bench"} 0.01
                lor_tick_overruns_total{world="benchmark"} 4
                jvm_threads 30
                """;

        assertThat(ServerProbe.metricLines(body, "bench")).containsExactly(
                "lor_worlds_running 2",
                "lor_tick_duration_seconds{world=\"bench\",quantile=\"0.5\"} 0.0012",
                "lor_gc_pause_seconds{gc=\"G1 Young\",world=\"bench\"} 0.01");
    }

    @Test
    void readsTheWorldsTickP99InMilliseconds() {
        List<String> lines = List.of("lor_tick_duration_seconds{world=\"bench\",quantile=\"0.5\"} 0.0012",
                "lor_tick_duration_seconds{world=\"bench\",quantile=\"0.99\"} 0.00845",
                "lor_tick_duration_seconds{world=\"bench-objects\",quantile=\"0.99\"} 0.5");

        assertThat(ServerProbe.tickP99Millis(lines, "bench")).isCloseTo(8.45, within(1e-9));
        assertThat(ServerProbe.tickP99Millis(lines, "start")).isNull();
        assertThat(ServerProbe.tickP99Millis(List.of("lor_tick_duration_seconds{world=\"bench\",quantile=\"0.99\"} "
                + "NaNish"), "bench")).isNull();
    }

    @Test
    void recognisesAWorldOfTheDirectorByItsWorldIdOrItsControlUrl() {
        String[] started = {"/usr/bin/java", "-Xss1m", "-jar", "world-server.jar", "--world-id", "bench",
                "--control-url", "ws://127.0.0.1:9000/control"};
        String[] other = {"/usr/bin/java", "-jar", "world-server.jar", "--world-id", "start",
                "--control-url", "ws://127.0.0.1:9000/control"};
        String[] spare = {"/usr/bin/java", "-jar", "world-server.jar", "--spare", "--control-url",
                "ws://127.0.0.1:9000/control", "--bind", "127.0.0.1"};

        assertThat(ServerProbe.isWorldOf(started, "bench", 9000)).isTrue();
        assertThat(ServerProbe.isWorldOf(other, "bench", 9000)).isFalse();
        assertThat(ServerProbe.isWorldOf(spare, "bench", 9000)).isTrue();
        assertThat(ServerProbe.isWorldOf(spare, "bench", 9001)).isFalse();
        assertThat(ServerProbe.isWorldOf(new String[] {"/usr/bin/bash"}, "bench", 9000)).isFalse();
    }

    @Test
    void getconfFallsBackWhenTheNameIsUnknown() {
        assertThat(ServerProbe.getconf("NO_SUCH_NAME_AT_ALL", 123)).isEqualTo(123);
        assertThat(ServerProbe.getconf("PAGESIZE", 1)).isPositive();
    }
}
