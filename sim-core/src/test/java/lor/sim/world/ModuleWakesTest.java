package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The wakes' scheduler, and above all its undo: a hook's wakes are cancelled from a mark, with no record of each, on
 * the reasoning that between two advances ids are only taken (from the free list's top, then fresh). Checked against a
 * plain list of the wakes that should stand, over random ticks of hooks that schedule and sometimes fail.
 */
class ModuleWakesTest {

    @Test
    void aHookUndoneTakesBackItsOwnWakesAndNotThoseOfTheHooksBefore() {
        ModuleWakes wakes = new ModuleWakes(10);
        wakes.schedule(10, ModuleWakes.pack(0, 1, 0));
        wakes.schedule(10, ModuleWakes.pack(0, 2, 0));
        wakes.advance();
        assertThat(wakes.readyCount()).isEqualTo(2);
        // Two ids are free now: the first hook takes one of them, the second the other and a fresh one.
        wakes.mark();
        wakes.schedule(12, ModuleWakes.pack(0, 3, 0));
        wakes.mark();
        wakes.schedule(12, ModuleWakes.pack(0, 4, 0));
        wakes.schedule(12, ModuleWakes.pack(0, 5, 0));
        wakes.cancelSinceMark();
        assertThat(wakes.size()).isEqualTo(1);
        assertThat(wakes.sorted()).containsExactly(12, ModuleWakes.pack(0, 3, 0));
        wakes.advance();
        wakes.advance();
        assertThat(wakes.readyCount()).isEqualTo(1);
        assertThat(ModuleWakes.key(wakes.ready(0))).isEqualTo(3);
    }

    @Property(seed = "3301")
    void wakesStandAsIfNoUndoneHookHadScheduledAny(@ForAll("ticks") List<List<int[]>> ticks) {
        ModuleWakes wakes = new ModuleWakes(0);
        List<long[]> standing = new ArrayList<>();
        long tick = 0;
        for (List<int[]> hooks : ticks) {
            wakes.advance();
            long now = tick;
            long[] due = standing.stream().filter(w -> w[0] == now).mapToLong(w -> w[1]).distinct().sorted()
                    .toArray();
            standing.removeIf(w -> w[0] == now);
            long[] ready = new long[wakes.readyCount()];
            for (int i = 0; i < ready.length; i++) {
                ready[i] = wakes.ready(i);
            }
            assertThat(ready).as("ready at tick %d", tick).containsExactly(due);
            for (int[] hook : hooks) {
                wakes.mark();
                List<long[]> scheduled = new ArrayList<>();
                // hook: [fails, then (in, key) pairs]
                for (int i = 1; i + 1 < hook.length; i += 2) {
                    long packed = ModuleWakes.pack(0, hook[i + 1], 0);
                    wakes.schedule(tick + 1 + hook[i], packed);
                    scheduled.add(new long[] {tick + 1 + hook[i], packed});
                }
                if (hook[0] == 1) {
                    wakes.cancelSinceMark();
                } else {
                    standing.addAll(scheduled);
                }
            }
            assertThat(wakes.size()).isEqualTo(standing.size());
            assertThat(wakes.sorted()).isEqualTo(sorted(standing));
            tick++;
        }
    }

    /** Ticks of hooks; a hook fails one time in three and schedules up to six wakes 1 to 8 ticks ahead. */
    @Provide
    Arbitrary<List<List<int[]>>> ticks() {
        Arbitrary<int[]> hook = Arbitraries.integers().between(0, 7).array(int[].class).ofMinSize(1).ofMaxSize(13)
                .map(a -> {
                    a[0] = a[0] % 3 == 0 ? 1 : 0;
                    return a;
                });
        return hook.list().ofMaxSize(5).list().ofMinSize(1).ofMaxSize(40);
    }

    private static long[] sorted(List<long[]> wakes) {
        long[] pairs = new long[wakes.size() * 2];
        List<long[]> byDue = new ArrayList<>(wakes);
        byDue.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (int i = 0; i < byDue.size(); i++) {
            pairs[2 * i] = byDue.get(i)[0];
            pairs[2 * i + 1] = byDue.get(i)[1];
        }
        return pairs;
    }
}
