package lor.world.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The figures behind {@code world_load}. */
class LoadMeterTest {

    private static final long MILLI = 1_000_000L;

    private final LoadMeter meter = new LoadMeter();

    @Test
    void bytesSinceLastAreTheDifferenceOfTwoRunningTotals() {
        assertThat(meter.bytesSinceLast(1_000)).isEqualTo(1_000);
        assertThat(meter.bytesSinceLast(1_000)).isZero();
        assertThat(meter.bytesSinceLast(4_500)).isEqualTo(3_500);
    }

    @Test
    void framesSinceLastAreCountedApartFromBytes() {
        meter.bytesSinceLast(10_000);

        assertThat(meter.framesSinceLast(20)).isEqualTo(20);
        assertThat(meter.framesSinceLast(45)).isEqualTo(25);
        assertThat(meter.bytesSinceLast(10_000)).isZero();
    }

    @Test
    void broadcastFiguresAreZeroBeforeTheFirstBroadcast() {
        TickStats.Summary none = meter.broadcasts();

        assertThat(none.p50()).isZero();
        assertThat(none.p99()).isZero();
    }

    @Test
    void broadcastFiguresAreInSeconds() {
        for (int i = 1; i <= 100; i++) {
            meter.broadcastTook(i * MILLI);
        }

        TickStats.Summary summary = meter.broadcasts();

        assertThat(summary.p50()).isEqualTo(0.050);
        assertThat(summary.p99()).isEqualTo(0.099);
        assertThat(summary.max()).isEqualTo(0.100);
    }

    @Test
    void broadcastFiguresCoverTheLastHundredBroadcasts() {
        for (int i = 0; i < 100; i++) {
            meter.broadcastTook(MILLI);
        }
        for (int i = 0; i < 100; i++) {
            meter.broadcastTook(3 * MILLI);
        }

        TickStats.Summary summary = meter.broadcasts();

        assertThat(summary.p50()).isEqualTo(0.003);
        assertThat(summary.max()).isEqualTo(0.003);
    }

    @Test
    void garbageCollectionFiguresCountACollectionAndNeverGoBack() {
        double pause = meter.gcPauseSeconds();
        long count = meter.gcCount();

        // An explicit collection is a real one in the test JVM (explicit GCs are not disabled there).
        System.gc();

        assertThat(pause).isGreaterThanOrEqualTo(0);
        assertThat(meter.gcCount()).as("the collection just run").isGreaterThan(count);
        assertThat(meter.gcPauseSeconds()).isGreaterThanOrEqualTo(pause);
    }

    @Test
    void cpuTimeIsPositiveAndNeverGoesBack() {
        double before = LoadMeter.cpuSeconds();

        assertThat(before).isPositive();
        assertThat(LoadMeter.cpuSeconds()).isGreaterThanOrEqualTo(before);
    }

    @Test
    void residentMemoryIsReadFromProcOnLinux() {
        // Worlds run on Linux (as the director's embedded PostgreSQL does): RSS comes from /proc, here as there.
        long rss = LoadMeter.rssBytes();

        assertThat(rss).isPositive();
        assertThat(rss % 1024).as("VmRSS is given in kB").isZero();
    }
}
