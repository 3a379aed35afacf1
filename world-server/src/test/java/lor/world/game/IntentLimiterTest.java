package lor.world.game;

import static lor.world.game.IntentLimiter.Decision.ACCEPT;
import static lor.world.game.IntentLimiter.Decision.CLOSE;
import static lor.world.game.IntentLimiter.Decision.REFUSE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import lor.world.game.IntentLimiter.Decision;
import org.junit.jupiter.api.Test;

/** The limiter with time injected: every instant below is an explicit nanosecond count. */
class IntentLimiterTest {

    /** An arbitrary origin far from zero, so no arithmetic can pass by accident on small numbers. */
    private static final long T0 = 987_654_321_000L;
    private static final long MS = 1_000_000L;

    private final IntentLimiter limiter = new IntentLimiter(20, T0);

    @Test
    void fullBucketAcceptsOneSecondsWorthAtOnceThenRefuses() {
        for (int i = 0; i < 20; i++) {
            assertThat(limiter.admit(T0)).as("intent %d", i + 1).isEqualTo(ACCEPT);
        }

        assertThat(limiter.admit(T0)).isEqualTo(REFUSE);
    }

    @Test
    void refillsOneTokenEveryFiftyMillisecondsAtTwentyPerSecond() {
        drain(T0);

        assertThat(limiter.admit(T0 + 49 * MS)).isEqualTo(REFUSE);
        assertThat(limiter.admit(T0 + 50 * MS)).isEqualTo(ACCEPT);
        assertThat(limiter.admit(T0 + 50 * MS)).isEqualTo(REFUSE);
        assertThat(limiter.admit(T0 + 99 * MS)).isEqualTo(REFUSE);
        assertThat(limiter.admit(T0 + 100 * MS)).isEqualTo(ACCEPT);
    }

    @Test
    void sustainsExactlyTheRateOverTime() {
        drain(T0);
        int accepted = 0;
        // One attempt every 10 ms for ten seconds: five times the rate.
        for (long t = 10 * MS; t <= 10_000 * MS; t += 10 * MS) {
            if (limiter.admit(T0 + t) == ACCEPT) {
                accepted++;
            }
        }

        assertThat(accepted).isCloseTo(200, within(1));
    }

    @Test
    void neverHoldsMoreThanOneSecondsWorth() {
        drain(T0);

        long later = T0 + 60_000 * MS;
        for (int i = 0; i < 20; i++) {
            assertThat(limiter.admit(later)).isEqualTo(ACCEPT);
        }
        assertThat(limiter.admit(later)).isEqualTo(REFUSE);
    }

    @Test
    void moreThanAHundredRefusalsWithinFiveSecondsClose() {
        drain(T0);
        List<Decision> refusals = new ArrayList<>();
        // A refusal every millisecond: some refill comes back as an accept, everything else is refused.
        for (long t = T0; refusals.size() < 101; t += MS) {
            Decision decision = limiter.admit(t);
            if (decision != ACCEPT) {
                refusals.add(decision);
            }
            assertThat(t - T0).as("time spent").isLessThan(5_000 * MS);
        }

        assertThat(refusals.subList(0, 100)).containsOnly(REFUSE);
        assertThat(refusals.get(100)).isEqualTo(CLOSE);
    }

    @Test
    void aHundredRefusalsWithinFiveSecondsDoNotClose() {
        drain(T0);

        for (int i = 0; i < 100; i++) {
            assertThat(limiter.admit(T0)).isEqualTo(REFUSE);
        }
    }

    @Test
    void refusalsSpreadOverMoreThanTheWindowNeverClose() {
        drain(T0);
        int refused = 0;
        // 36 attempts a second against a rate of 20: about 16 refusals a second, 80 in any five seconds, for a
        // minute: far more than a hundred in all, never more than a hundred within one window.
        long step = 1_000 * MS / 36;
        for (long t = T0; t < T0 + 60_000 * MS; t += step) {
            Decision decision = limiter.admit(t);
            assertThat(decision).isNotEqualTo(CLOSE);
            if (decision == REFUSE) {
                refused++;
            }
        }

        assertThat(refused).isGreaterThan(500);
    }

    @Test
    void refusalsOfAnEarlierWindowDoNotCountTowardsALaterOne() {
        drain(T0);
        for (int i = 0; i < 60; i++) {
            limiter.admit(T0);
        }

        // Long after those sixty refusals, a fresh burst is counted in a window of its own: it takes 101 to close.
        long later = T0 + 30_000 * MS;
        drain(later);
        for (int i = 0; i < 100; i++) {
            assertThat(limiter.admit(later)).isEqualTo(REFUSE);
        }
        assertThat(limiter.admit(later)).isEqualTo(CLOSE);
    }

    @Test
    void ratesAreRespectedForOtherConfigurations() {
        IntentLimiter one = new IntentLimiter(1, T0);

        assertThat(one.admit(T0)).isEqualTo(ACCEPT);
        assertThat(one.admit(T0 + 999 * MS)).isEqualTo(REFUSE);
        assertThat(one.admit(T0 + 1_000 * MS)).isEqualTo(ACCEPT);
    }

    /** Takes the full bucket's twenty tokens without provoking a refusal, which would count towards a flood. */
    private void drain(long now) {
        for (int i = 0; i < 20; i++) {
            assertThat(limiter.admit(now)).isEqualTo(ACCEPT);
        }
    }
}
