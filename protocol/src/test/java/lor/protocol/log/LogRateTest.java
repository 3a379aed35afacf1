package lor.protocol.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class LogRateTest {

    private final AtomicLong now = new AtomicLong(5_000);
    private final LogRate rate = new LogRate(1_000, now::get);

    @Test
    void reportsTheFirstAtOnceThenCountsUntilTheNextLineIsDue() {
        assertThat(rate.occurred()).isEqualTo(1);
        assertThat(rate.occurred()).isZero();
        now.addAndGet(999);
        assertThat(rate.occurred()).isZero();
        now.addAndGet(1);

        assertThat(rate.occurred()).as("the two held back and this one").isEqualTo(3);
        assertThat(rate.occurred()).isZero();
    }

    @Test
    void aQuietSpellMakesTheNextOccurrenceReportAtOnce() {
        rate.occurred();
        now.addAndGet(60_000);

        assertThat(rate.occurred()).isEqualTo(1);
    }
}
