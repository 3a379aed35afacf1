package lor.sim.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SplitMix64Test {

    @Test
    void seedZeroGivesTheReferenceSequence() {
        // The first outputs of Vigna's splitmix64.c seeded with 0: any JVM must produce exactly these.
        SplitMix64 random = new SplitMix64(0);

        assertThat(random.nextLong()).isEqualTo(0xe220a8397b1dcdafL);
        assertThat(random.nextLong()).isEqualTo(0x6e789e6aa1b965f4L);
        assertThat(random.nextLong()).isEqualTo(0x06c45d188009454fL);
        assertThat(random.nextLong()).isEqualTo(0xf88bb8a8724c81ecL);
        assertThat(random.nextLong()).isEqualTo(0x1b39896a51a8749bL);
    }

    @Test
    void stateIsTheSeedAdvancedByTheGoldenGammaPerDraw() {
        SplitMix64 random = new SplitMix64(42);
        random.nextLong();
        random.nextInt(10);

        assertThat(random.state()).isEqualTo(42 + 2 * 0x9E3779B97F4A7C15L);
    }

    @Test
    void generatorsWithTheSameStateAgree() {
        SplitMix64 a = new SplitMix64(7);
        a.nextLong();
        SplitMix64 b = new SplitMix64(a.state());

        for (int i = 0; i < 100; i++) {
            assertThat(b.nextInt(1000)).isEqualTo(a.nextInt(1000));
        }
    }

    @Property
    void nextIntStaysInRange(@ForAll long seed, @ForAll @IntRange(min = 1) int bound) {
        SplitMix64 random = new SplitMix64(seed);
        for (int i = 0; i < 100; i++) {
            assertThat(random.nextInt(bound)).isBetween(0, bound - 1);
        }
    }

    @Test
    void nextIntReachesEveryValueOfASmallBound() {
        SplitMix64 random = new SplitMix64(3);
        int[] seen = new int[7];
        for (int i = 0; i < 7_000; i++) {
            seen[random.nextInt(7)]++;
        }

        // 1,000 expected per value; a generator stuck on part of the range would leave some far off.
        for (int n : seen) {
            assertThat(n).isBetween(850, 1150);
        }
    }

    @Test
    void refusesANonPositiveBound() {
        SplitMix64 random = new SplitMix64(1);

        assertThatThrownBy(() -> random.nextInt(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> random.nextInt(-5)).isInstanceOf(IllegalArgumentException.class);
    }
}
