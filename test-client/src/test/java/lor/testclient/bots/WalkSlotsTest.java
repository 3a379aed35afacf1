package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class WalkSlotsTest {

    private static final long MS = WalkSlots.RESOLUTION_NANOS;
    private static final long PERIOD = 100 * MS;

    @Test
    void slotsFallOnWholeMillisecondsPastTheOrigin() {
        WalkSlots slots = new WalkSlots(5_000_123L, 16_278_618L, PERIOD);

        assertThat(slots.at(0)).isEqualTo(5_000_123L + 17 * MS);
        assertThat(slots.at(1)).isEqualTo(5_000_123L + 117 * MS);
        assertThat(slots.at(3) - slots.at(2)).isEqualTo(PERIOD);
    }

    @Test
    void aPhaseOnAMillisecondIsNotMoved() {
        assertThat(new WalkSlots(0, 42 * MS, PERIOD).at(2)).isEqualTo(242 * MS);
    }

    @Property
    void aSlotIsNeverEarlyAndLessThanAMillisecondLate(@ForAll @LongRange(min = -1_000_000_000_000L,
            max = 1_000_000_000_000L) long origin, @ForAll @LongRange(min = 1, max = 2_000_000_000L) long period,
            @ForAll @IntRange(min = 0, max = 1_000_000) int k, @ForAll @LongRange(min = 0, max = 1_999_999_999L)
            long phaseSeed) {
        long phase = phaseSeed % period;
        long exact = origin + phase + k * period;
        long at = new WalkSlots(origin, phase, period).at(k);

        assertThat(at).isBetween(exact, exact + MS - 1);
        assertThat((at - origin) % MS).isZero();
    }

    @Test
    void theFirstSlotIsTheNextOneDue() {
        WalkSlots slots = new WalkSlots(1_000 * MS, 30 * MS, PERIOD);

        assertThat(slots.firstAtOrAfter(0)).isZero();
        assertThat(slots.firstAtOrAfter(1_030 * MS)).isZero();
        assertThat(slots.firstAtOrAfter(1_030 * MS + 1)).isEqualTo(1);
        assertThat(slots.firstAtOrAfter(1_250 * MS)).isEqualTo(3);
    }

    @Test
    void aLateStepCountsTheWholePeriodsItSleptThrough() {
        WalkSlots slots = new WalkSlots(0, 10 * MS, PERIOD);

        assertThat(slots.missed(0, 5 * MS)).isZero();
        assertThat(slots.missed(0, 109 * MS)).isZero();
        assertThat(slots.missed(0, 110 * MS)).isEqualTo(1);
        assertThat(slots.missed(0, 345 * MS)).isEqualTo(3);
    }

    @Test
    void refusesAPhaseOutsideThePeriod() {
        assertThatThrownBy(() -> new WalkSlots(0, PERIOD, PERIOD)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WalkSlots(0, -1, PERIOD)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WalkSlots(0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
