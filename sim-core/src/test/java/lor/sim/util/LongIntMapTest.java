package lor.sim.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

class LongIntMapTest {

    /**
     * Keys whose home slot is the same at every table size up to 256: the low eight bits of the mixed hash are
     * equal. Mirrors {@code LongIntMap.slot}; if that changes these keys merely stop colliding, the tests stay
     * valid. Bits {@code 0xff} put the home at the last slot of every table, so those runs wrap around the end.
     */
    private static final List<Long> WRAPPING = keysWithLowBits(0xff, 12);
    private static final List<Long> AT_ZERO = keysWithLowBits(0x00, 12);
    private static final List<Long> AT_LAST_BUT_ONE = keysWithLowBits(0xfe, 12);

    private enum Kind { PUT, REMOVE, GET }

    private record Op(Kind kind, long key, int value) {
    }

    @Property(tries = 300)
    void behavesLikeHashMap(@ForAll("operations") List<Op> operations) {
        LongIntMap map = new LongIntMap(2);
        Map<Long, Integer> reference = new HashMap<>();
        for (Op op : operations) {
            switch (op.kind()) {
                case PUT -> {
                    map.put(op.key(), op.value());
                    reference.put(op.key(), op.value());
                }
                case REMOVE -> {
                    assertThat(map.remove(op.key())).isEqualTo(reference.getOrDefault(op.key(), -1));
                    reference.remove(op.key());
                }
                case GET -> assertThat(map.get(op.key())).isEqualTo(reference.getOrDefault(op.key(), -1));
            }
            assertThat(map.size()).isEqualTo(reference.size());
        }
        for (long key : allKeys()) {
            assertThat(map.get(key)).as("key %d", key).isEqualTo(reference.getOrDefault(key, -1));
        }
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        Arbitrary<Long> keys = Arbitraries.oneOf(
                Arbitraries.of(WRAPPING),
                Arbitraries.of(AT_ZERO),
                Arbitraries.of(AT_LAST_BUT_ONE),
                Arbitraries.longs().between(-20, 60),
                Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L));
        Arbitrary<Kind> kinds = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.just(Kind.PUT)),
                Tuple.of(3, Arbitraries.just(Kind.REMOVE)),
                Tuple.of(2, Arbitraries.just(Kind.GET)));
        Arbitrary<Op> op = Combinators.combine(kinds, keys, Arbitraries.integers().between(0, 1_000_000))
                .as(Op::new);
        return op.list().ofMaxSize(400);
    }

    @Test
    void keepsEveryRemainingKeyReachableAfterManyRemovalsFromOneCluster() {
        LongIntMap map = new LongIntMap(4);
        List<Long> keys = new ArrayList<>(WRAPPING);
        keys.addAll(AT_ZERO);
        for (int i = 0; i < keys.size(); i++) {
            map.put(keys.get(i), i);
        }
        // Remove from the front of the wrapped run, so every later entry must shift back across the table end.
        for (int i = 0; i < keys.size(); i += 2) {
            assertThat(map.remove(keys.get(i))).isEqualTo(i);
        }

        for (int i = 0; i < keys.size(); i++) {
            assertThat(map.get(keys.get(i))).as("key #%d", i).isEqualTo(i % 2 == 0 ? -1 : i);
        }
        assertThat(map.size()).isEqualTo(keys.size() / 2);
    }

    @Test
    void growsPastItsExpectedSizeAndKeepsEveryEntry() {
        LongIntMap map = new LongIntMap(1);
        for (int i = 0; i < 10_000; i++) {
            map.put(i * 7919L - 5_000, i);
        }
        for (int i = 0; i < 10_000; i += 3) {
            map.remove(i * 7919L - 5_000);
        }

        for (int i = 0; i < 10_000; i++) {
            assertThat(map.get(i * 7919L - 5_000)).isEqualTo(i % 3 == 0 ? -1 : i);
        }
        assertThat(map.size()).isEqualTo(10_000 - 3_334);
    }

    @Test
    void putReplacesTheValueOfAPresentKey() {
        LongIntMap map = new LongIntMap(4);
        map.put(9, 1);
        map.put(9, 2);

        assertThat(map.get(9)).isEqualTo(2);
        assertThat(map.size()).isEqualTo(1);
    }

    @Test
    void clearForgetsEverything() {
        LongIntMap map = new LongIntMap(4);
        for (long key : WRAPPING) {
            map.put(key, 3);
        }
        map.clear();

        assertThat(map.size()).isZero();
        assertThat(WRAPPING).allSatisfy(key -> assertThat(map.get(key)).isEqualTo(-1));
        map.put(WRAPPING.get(5), 8);
        assertThat(map.get(WRAPPING.get(5))).isEqualTo(8);
    }

    @Test
    void refusesNegativeValuesBecauseMinusOneMeansAbsent() {
        LongIntMap map = new LongIntMap(4);

        assertThatThrownBy(() -> map.put(1, -1)).isInstanceOf(IllegalArgumentException.class);
        assertThat(map.size()).isZero();
    }

    @Test
    void collidingKeyFixturesReallyCollide() {
        assertThat(WRAPPING).hasSize(12).doesNotHaveDuplicates();
        assertThat(WRAPPING).allSatisfy(key -> assertThat(mixedLowBits(key)).isEqualTo(0xff));
    }

    private static List<Long> allKeys() {
        List<Long> keys = new ArrayList<>(WRAPPING);
        keys.addAll(AT_ZERO);
        keys.addAll(AT_LAST_BUT_ONE);
        for (long k = -20; k <= 60; k++) {
            keys.add(k);
        }
        keys.addAll(List.of(Long.MIN_VALUE, Long.MAX_VALUE));
        return keys;
    }

    private static List<Long> keysWithLowBits(int bits, int count) {
        List<Long> keys = new ArrayList<>();
        for (long key = 1_000; keys.size() < count; key++) {
            if (mixedLowBits(key) == bits) {
                keys.add(key);
            }
        }
        return List.copyOf(keys);
    }

    private static int mixedLowBits(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & 0xff;
    }
}
