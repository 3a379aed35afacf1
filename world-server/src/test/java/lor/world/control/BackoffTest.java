package lor.world.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LongSummaryStatistics;
import java.util.Random;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final long BASE = 100;
    private static final long CAP = 5_000;

    private final Backoff backoff = new Backoff(BASE, CAP, new Random(42));

    @Test
    void everyDelayLiesBetweenHalfAndAllOfItsCeiling() {
        for (int attempt = 0; attempt < 64; attempt++) {
            long ceiling = ceiling(attempt);

            assertThat(backoff.nextDelayMillis()).as("attempt %d", attempt).isBetween(ceiling / 2, ceiling);
        }
    }

    @Test
    void reachesTheCapAndStaysThere() {
        // 100 * 2^6 exceeds the cap: from the seventh attempt on every ceiling is the cap.
        LongStream.range(0, 6).forEach(i -> backoff.nextDelayMillis());

        LongSummaryStatistics capped = LongStream.range(0, 500).map(i -> backoff.nextDelayMillis())
                .summaryStatistics();

        assertThat(capped.getMin()).isBetween(CAP / 2, CAP * 6 / 10);
        assertThat(capped.getMax()).isBetween(CAP * 9 / 10, CAP);
    }

    @Test
    void resetStartsOverFromTheBase() {
        LongStream.range(0, 10).forEach(i -> backoff.nextDelayMillis());

        backoff.reset();

        assertThat(backoff.nextDelayMillis()).isBetween(BASE / 2, BASE);
        assertThat(backoff.nextDelayMillis()).isBetween(BASE, 2 * BASE);
    }

    @Test
    void jitterComesFromTheInjectedGenerator() {
        Backoff twin = new Backoff(BASE, CAP, new Random(42));

        for (int i = 0; i < 20; i++) {
            assertThat(twin.nextDelayMillis()).isEqualTo(backoff.nextDelayMillis());
        }
    }

    private static long ceiling(int attempt) {
        return attempt >= 20 ? CAP : Math.min(CAP, BASE * (1L << attempt));
    }
}
