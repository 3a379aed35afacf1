package lor.sim.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class TimingWheelTest {

    /** Advances the wheel to {@code tick} (exclusive) and returns what fired, by tick. */
    private static Map<Long, List<Integer>> runUntil(TimingWheel wheel, long tick) {
        Map<Long, List<Integer>> fired = new TreeMap<>();
        IntList out = new IntList(8);
        while (wheel.nextTick() < tick) {
            out.clear();
            long t = wheel.advance(out);
            if (!out.isEmpty()) {
                List<Integer> ids = new ArrayList<>();
                for (int i = 0; i < out.size(); i++) {
                    ids.add(out.get(i));
                }
                ids.sort(null);
                fired.put(t, ids);
            }
        }
        return fired;
    }

    @Test
    void firesEachEntryAtItsTickAcrossEveryLevel() {
        long start = 1_000;
        TimingWheel wheel = new TimingWheel(start);
        long[] deltas = {0, 1, 255, 256, 257, 65_535, 65_536, 65_537, 300_000};
        for (int i = 0; i < deltas.length; i++) {
            wheel.schedule(i, start + deltas[i]);
        }
        assertThat(wheel.size()).isEqualTo(deltas.length);
        Map<Long, List<Integer>> fired = runUntil(wheel, start + 300_001);
        Map<Long, List<Integer>> expected = new TreeMap<>();
        for (int i = 0; i < deltas.length; i++) {
            expected.computeIfAbsent(start + deltas[i], t -> new ArrayList<>()).add(i);
        }
        assertThat(fired).isEqualTo(expected);
        assertThat(wheel.size()).isZero();
    }

    @Test
    void anEntryDueInThePastFiresAtTheNextAdvance() {
        TimingWheel wheel = new TimingWheel(500);
        wheel.schedule(7, 3);
        IntList out = new IntList(4);
        assertThat(wheel.advance(out)).isEqualTo(500);
        assertThat(out.toArray()).containsExactly(7);
    }

    @Test
    void farDuesCrossTheTopLevelAndTheOverflowFromALargeStart() {
        // Just below a 2^32 boundary, so that the overflow list and level 3 cascade within a short run.
        long start = (1L << 40) - 300;
        TimingWheel wheel = new TimingWheel(start);
        wheel.schedule(1, start + 299);
        wheel.schedule(2, start + 300);
        wheel.schedule(3, start + 301);
        wheel.schedule(4, start + (1L << 32) + 5);
        Map<Long, List<Integer>> fired = runUntil(wheel, start + 1_000);
        assertThat(fired).containsExactly(Map.entry(start + 299, List.of(1)), Map.entry(start + 300, List.of(2)),
                Map.entry(start + 301, List.of(3)));
        assertThat(wheel.size()).isEqualTo(1);
    }

    @Test
    void clearDropsEverythingAndRestartsAtTheGivenTick() {
        TimingWheel wheel = new TimingWheel(0);
        wheel.schedule(1, 10);
        wheel.schedule(2, 100_000);
        wheel.clear(50);
        assertThat(wheel.size()).isZero();
        assertThat(wheel.nextTick()).isEqualTo(50);
        assertThat(runUntil(wheel, 200_000)).isEmpty();
    }

    private record Op(boolean schedule, int id, long delta, int advances) {
    }

    @Property(tries = 300)
    void behavesLikeASortedMapOfDueTicks(@ForAll("ops") List<Op> ops, @ForAll("starts") long start) {
        TimingWheel wheel = new TimingWheel(start);
        TreeMap<Long, List<Integer>> reference = new TreeMap<>();
        IntList out = new IntList(8);
        for (Op op : ops) {
            if (op.schedule()) {
                long due = Math.max(wheel.nextTick(), wheel.nextTick() + op.delta());
                wheel.schedule(op.id(), wheel.nextTick() + op.delta());
                reference.computeIfAbsent(due, t -> new ArrayList<>()).add(op.id());
                continue;
            }
            for (int i = 0; i < op.advances(); i++) {
                out.clear();
                long t = wheel.advance(out);
                List<Integer> expected = reference.remove(t);
                List<Integer> actual = new ArrayList<>();
                for (int k = 0; k < out.size(); k++) {
                    actual.add(out.get(k));
                }
                actual.sort(null);
                if (expected != null) {
                    expected.sort(null);
                }
                assertThat(actual).as("fired at %d", t).isEqualTo(expected == null ? List.of() : expected);
                assertThat(reference.headMap(t, true)).as("nothing left due at or before %d", t).isEmpty();
            }
        }
        int pending = reference.values().stream().mapToInt(List::size).sum();
        assertThat(wheel.size()).isEqualTo(pending);
    }

    @Provide
    Arbitrary<Long> starts() {
        return Arbitraries.of(0L, 255L, 65_500L, (1L << 24) - 200, (1L << 32) - 100, 1_000_000_000_000L);
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Long> deltas = Arbitraries.oneOf(Arbitraries.longs().between(-5, 300),
                Arbitraries.longs().between(250, 262), Arbitraries.longs().between(65_530, 65_542),
                Arbitraries.longs().between(1_000, 70_000));
        Arbitrary<Op> schedule = Combinators.combine(Arbitraries.integers().between(0, 50), deltas)
                .as((id, delta) -> new Op(true, id, delta, 0));
        Arbitrary<Op> advance = Arbitraries.integers().between(1, 400).map(n -> new Op(false, 0, 0, n));
        return Arbitraries.oneOf(schedule, schedule, advance).list().ofMaxSize(60);
    }
}
