package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class WalkRandomTest {

    @Test
    void sameSeedAndBotWalkTheSameWay() {
        assertThat(directions(new WalkRandom(1, 7), 200)).isEqualTo(directions(new WalkRandom(1, 7), 200));
    }

    @Test
    void walkIsFixedOnAnyJvm() {
        // SplitMix64 is specified bit for bit; these values come from an independent implementation of it.
        assertThat(directions(new WalkRandom(1, 0), 12))
                .containsExactly("S", "S", "E", "S", "W", "N", "W", "E", "E", "S", "E", "N");
        assertThat(new WalkRandom(1, 0).phaseNanos(100_000_000L)).isEqualTo(16_278_618L);
    }

    @Test
    void differentBotsWalkDifferently() {
        assertThat(directions(new WalkRandom(1, 0), 50)).isNotEqualTo(directions(new WalkRandom(1, 1), 50));
    }

    @Test
    void differentSeedsWalkDifferently() {
        assertThat(directions(new WalkRandom(1, 3), 50)).isNotEqualTo(directions(new WalkRandom(2, 3), 50));
    }

    @Test
    void everyDirectionIsAboutAsLikely() {
        WalkRandom random = new WalkRandom(42, 0);
        Map<String, Integer> counts = new HashMap<>();
        int draws = 40_000;
        for (int i = 0; i < draws; i++) {
            counts.merge(random.nextDirection(), 1, Integer::sum);
        }
        assertThat(counts).containsOnlyKeys("N", "E", "S", "W");
        assertThat(counts.values()).allSatisfy(n -> assertThat(n).isBetween(draws / 4 - 600, draws / 4 + 600));
    }

    @Test
    void phaseLiesInThePeriodAndDoesNotDependOnTheDirectionsDrawn() {
        long period = 100_000_000L;
        WalkRandom random = new WalkRandom(1, 5);
        long before = random.phaseNanos(period);
        directions(random, 10);
        assertThat(random.phaseNanos(period)).isEqualTo(before).isBetween(0L, period - 1);
        assertThat(new WalkRandom(1, 5).phaseNanos(period)).isEqualTo(before);
    }

    @Test
    void phasesSpreadOverThePeriod() {
        long period = 100_000_000L;
        long[] buckets = new long[10];
        for (int bot = 0; bot < 1000; bot++) {
            buckets[(int) (new WalkRandom(1, bot).phaseNanos(period) / (period / 10))]++;
        }
        for (long n : buckets) {
            assertThat(n).isBetween(50L, 150L);
        }
    }

    @Test
    void refusesANonPositivePeriod() {
        assertThatThrownBy(() -> new WalkRandom(1, 0).phaseNanos(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> directions(WalkRandom random, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(random.nextDirection());
        }
        return out;
    }
}
