package lor.sim.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class StateHashTest {

    @Test
    void equalSequencesHashEqual() {
        assertThat(hashOf(3, -7, 1 << 31)).isEqualTo(hashOf(3, -7, 1 << 31));
        assertThat(new StateHash().value()).isEqualTo(new StateHash().value());
    }

    @Test
    void orderMatters() {
        assertThat(hashOf(1, 2)).isNotEqualTo(hashOf(2, 1));
        assertThat(hashOf(0, 5, 0)).isNotEqualTo(hashOf(5, 0, 0));
    }

    @Test
    void lengthMattersEvenForZeros() {
        Set<Long> seen = new HashSet<>();
        for (int n = 0; n < 64; n++) {
            assertThat(seen.add(hashOf(new int[n]))).as("%d zeros", n).isTrue();
        }
    }

    @Test
    void eachLaneChangesWithEveryBitOfAnInt() {
        SplitMix64 random = new SplitMix64(99);
        for (int round = 0; round < 200; round++) {
            // A history puts the lanes in an arbitrary state, so this is not just the start state's property.
            int[] prefix = new int[random.nextInt(5)];
            for (int i = 0; i < prefix.length; i++) {
                prefix[i] = (int) random.nextLong();
            }
            int value = (int) random.nextLong();
            for (int bit = 0; bit < 32; bit++) {
                StateHash one = mixed(prefix).mix(value);
                StateHash other = mixed(prefix).mix(value ^ (1 << bit));
                assertThat(other.laneA()).as("lane a, bit %d of %08x", bit, value).isNotEqualTo(one.laneA());
                assertThat(other.laneB()).as("lane b, bit %d of %08x", bit, value).isNotEqualTo(one.laneB());
                assertThat(other.value()).as("value, bit %d of %08x", bit, value).isNotEqualTo(one.value());
            }
        }
    }

    @Test
    void everyInputBitReachesBothHalvesOfTheValue() {
        long base = hashOf(0x12345678, 42);
        for (int bit = 0; bit < 32; bit++) {
            long flipped = hashOf(0x12345678 ^ (1 << bit), 42);
            assertThat((int) (flipped >>> 32)).as("high half, bit %d", bit).isNotEqualTo((int) (base >>> 32));
            assertThat((int) flipped).as("low half, bit %d", bit).isNotEqualTo((int) base);
        }
    }

    @Test
    void aLongIsItsLowIntThenItsHighInt() {
        long value = 0x0123456789abcdefL;
        assertThat(new StateHash().mix(value).value()).isEqualTo(hashOf(0x89abcdef, 0x01234567));
        assertThat(new StateHash().mix(1L << 32).value()).isNotEqualTo(new StateHash().mix(1L).value());
        assertThat(new StateHash().mix(-1L).value()).isNotEqualTo(new StateHash().mix(0xffffffffL).value());
    }

    @Test
    void valueLeavesTheAccumulatorUsable() {
        StateHash h = new StateHash().mix(1);
        long first = h.value();
        assertThat(h.value()).isEqualTo(first);
        assertThat(h.mix(2).value()).isEqualTo(hashOf(1, 2));
    }

    @Test
    void distinctSmallInputsDoNotCollide() {
        // Every pair of small ints, the shape most of the state has (coordinates, counts, kinds).
        Set<Long> seen = new HashSet<>();
        for (int x = -64; x < 64; x++) {
            for (int y = -64; y < 64; y++) {
                assertThat(seen.add(hashOf(x, y))).as("(%d, %d)", x, y).isTrue();
            }
        }
    }

    private static long hashOf(int... values) {
        return mixed(values).value();
    }

    private static StateHash mixed(int[] values) {
        StateHash h = new StateHash();
        for (int v : values) {
            h.mix(v);
        }
        return h;
    }
}
