package lor.testclient.soak;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SeriesTest {

    @Test
    void flatMeansEverySampleOfTheWindowWithinTenPercentOfItsMedian() {
        Series series = new Series("fds", 1, "");
        series.add(0, 50);
        series.add(600, 100);
        series.add(900, 109);
        series.add(1200, 91);

        assertThat(series.flatFrom(600)).as("the warm-up's 50 is not judged").isTrue();
        assertThat(series.flatFrom(0)).isFalse();

        series.add(1500, 111);
        assertThat(series.flatFrom(600)).as("111 is 11 %% above the median 100 + 109 / 2").isFalse();
    }

    @Test
    void fewerThanThreeSamplesAreNoEvidenceOfFlatness() {
        Series series = new Series("heap", 1, "");
        series.add(600, 100);
        series.add(900, 100);

        assertThat(series.flatFrom(600)).isFalse();
    }

    @Test
    void aReportShowsTheLastSampleOfEveryMinuteInItsUnit() {
        Series series = new Series("heap", 1024 * 1024, "MiB");
        series.add(0, 10L << 20);
        series.add(30, 11L << 20);
        series.add(60, 12L << 20);
        series.add(150, 13L << 20);

        assertThat(series.perMinute()).isEqualTo("11.0 12.0 13.0");
        assertThat(series.describeFrom(60)).startsWith("from t=60 s: median 12.5, min 12.0, max 13.0 MiB")
                .endsWith("2 samples; before: median 10.5");
    }
}
