package lor.sim.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Tick {@code n} (counted from 1) is due at {@code start + n * period}; time is whatever the test says it is. */
class TickTimelineTest {

    private static final long PERIOD = 50_000_000L;
    private static final long START = 7_000_000_123L;

    private final TickTimeline timeline = new TickTimeline(PERIOD, START);

    @Test
    void firstTickIsDueOnePeriodAfterStart() {
        assertThat(timeline.nextDeadline()).isEqualTo(START + PERIOD);
    }

    @Test
    void onTimeTickWaitsExactlyUntilTheNextAbsoluteDeadline() {
        assertThat(timeline.completeTick(START + PERIOD + 3_000_000)).isEqualTo(PERIOD - 3_000_000);
        assertThat(timeline.completeTick(START + 2 * PERIOD + 49_999_999)).isEqualTo(1);
        assertThat(timeline.completeTick(START + 3 * PERIOD)).isEqualTo(PERIOD);
        assertThat(timeline.nextDeadline()).isEqualTo(START + 4 * PERIOD);
        assertThat(timeline.overruns()).isZero();
    }

    @Test
    void tickEndingExactlyOnTheNextDeadlineIsNoOverrun() {
        assertThat(timeline.completeTick(START + 2 * PERIOD)).isZero();
        assertThat(timeline.overruns()).isZero();
    }

    @Test
    void countsOverrunWhenTickEndsAfterTheNextDeadline() {
        assertThat(timeline.completeTick(START + 2 * PERIOD + 1)).isZero();

        assertThat(timeline.overruns()).isEqualTo(1);
        assertThat(timeline.resets()).isZero();
    }

    @Test
    void lateTickDoesNotShiftLaterDeadlines() {
        long end = START + PERIOD + 5 * PERIOD / 2;

        // One tick ran 2.5 periods long: the loop catches up back to back, then is on the old grid again.
        assertThat(timeline.completeTick(end)).isZero();
        assertThat(timeline.completeTick(end)).isZero();
        assertThat(timeline.completeTick(end)).isEqualTo(START + 4 * PERIOD - end);
        assertThat(timeline.completeTick(START + 4 * PERIOD + 10)).isEqualTo(PERIOD - 10);

        assertThat(timeline.nextDeadline()).isEqualTo(START + 5 * PERIOD);
        assertThat(timeline.overruns()).isEqualTo(2);
        assertThat(timeline.resets()).isZero();
    }

    @Test
    void fallingMoreThanMaxCatchUpTicksBehindResetsTheBaseline() {
        long end = START + 2 * PERIOD + TickTimeline.MAX_CATCH_UP_TICKS * PERIOD + 1;

        assertThat(timeline.completeTick(end)).isZero();

        assertThat(timeline.resets()).isEqualTo(1);
        assertThat(timeline.overruns()).isEqualTo(1);
        // The next tick is due at once, and the ones after it on a grid anchored at the reset.
        assertThat(timeline.nextDeadline()).isEqualTo(end);
        assertThat(timeline.completeTick(end + 7)).isEqualTo(PERIOD - 7);
        assertThat(timeline.completeTick(end + PERIOD + 20)).isEqualTo(PERIOD - 20);
        assertThat(timeline.nextDeadline()).isEqualTo(end + 2 * PERIOD);
        assertThat(timeline.resets()).isEqualTo(1);
    }

    @Test
    void exactlyMaxCatchUpTicksBehindIsCaughtUpNotReset() {
        long end = START + 2 * PERIOD + TickTimeline.MAX_CATCH_UP_TICKS * PERIOD;

        assertThat(timeline.completeTick(end)).isZero();

        assertThat(timeline.resets()).isZero();
        assertThat(timeline.nextDeadline()).isEqualTo(START + 2 * PERIOD);
    }

    @Property(seed = "1234", tries = 200)
    void jitterBelowOnePeriodNeverDrifts(@ForAll @LongRange(min = -1_000_000_000_000L, max = 1_000_000_000_000L)
                                         long start,
                                         @ForAll @Size(1000) List<@LongRange(min = 0, max = PERIOD - 1) Long> jitter) {
        TickTimeline line = new TickTimeline(PERIOD, start);
        long now = line.nextDeadline();
        for (int n = 1; n <= jitter.size(); n++) {
            long end = now + jitter.get(n - 1);
            now = end + line.completeTick(end);
            assertThat(now).isEqualTo(start + (n + 1) * PERIOD);
        }
        assertThat(line.overruns()).isZero();
        assertThat(line.resets()).isZero();
    }

    @Test
    void ofRateDividesOneSecond() {
        assertThat(TickTimeline.ofRate(20, 0).periodNanos()).isEqualTo(50_000_000L);
    }

    @Test
    void refusesNonPositivePeriod() {
        assertThatThrownBy(() -> new TickTimeline(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TickTimeline(-1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
