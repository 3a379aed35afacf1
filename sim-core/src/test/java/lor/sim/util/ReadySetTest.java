package lor.sim.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeSet;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

class ReadySetTest {

    @Test
    void findsMembersAcrossWordAndLevelBoundaries() {
        ReadySet set = new ReadySet(64);
        int[] ids = {0, 63, 64, 4095, 4096, 262_143, 262_144, 3_000_000};
        for (int id : ids) {
            set.add(id);
        }
        assertThat(set.size()).isEqualTo(ids.length);
        int at = set.next(0);
        for (int id : ids) {
            assertThat(at).isEqualTo(id);
            at = set.next(at + 1);
        }
        assertThat(at).isEqualTo(-1);
        assertThat(set.next(Integer.MAX_VALUE)).isEqualTo(-1);
    }

    @Test
    void removingAndClearingLeaveNothingBehind() {
        ReadySet set = new ReadySet(10);
        set.add(5);
        set.add(70_000);
        set.remove(6);
        set.remove(5);
        assertThat(set.contains(5)).isFalse();
        assertThat(set.next(0)).isEqualTo(70_000);
        set.clear();
        assertThat(set.isEmpty()).isTrue();
        assertThat(set.next(0)).isEqualTo(-1);
        set.add(3);
        assertThat(set.next(0)).isEqualTo(3);
    }

    private record Op(int kind, int id) {
    }

    @Property(tries = 300)
    void behavesLikeATreeSet(@ForAll("ops") List<Op> ops) {
        ReadySet set = new ReadySet(1);
        TreeSet<Integer> reference = new TreeSet<>();
        for (Op op : ops) {
            switch (op.kind()) {
                case 0 -> {
                    set.add(op.id());
                    reference.add(op.id());
                }
                case 1 -> {
                    set.remove(op.id());
                    reference.remove(op.id());
                }
                case 2 -> assertThat(set.contains(op.id())).isEqualTo(reference.contains(op.id()));
                case 3 -> {
                    Integer expected = reference.ceiling(op.id());
                    assertThat(set.next(op.id())).isEqualTo(expected == null ? -1 : expected);
                }
                default -> {
                    set.clear();
                    reference.clear();
                }
            }
            assertThat(set.size()).isEqualTo(reference.size());
        }
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Integer> ids = Arbitraries.oneOf(Arbitraries.integers().between(0, 200),
                Arbitraries.integers().between(4_000, 4_200), Arbitraries.integers().between(0, 3_000_000));
        Arbitrary<Integer> kinds = Arbitraries.frequency(Tuple.of(5, 0), Tuple.of(3, 1), Tuple.of(2, 2),
                Tuple.of(3, 3), Tuple.of(1, 4));
        return Combinators.combine(kinds, ids).as(Op::new).list().ofMaxSize(80);
    }
}
