package lor.sim.space;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import lor.sim.grid.GridSize;
import lor.sim.util.SplitMix64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SpatialIndexTest {

    /** Random entities (some dead), then queries centred anywhere from well off the grid to its far side. */
    @Property(tries = 300)
    void queryEqualsABruteForceScan(@ForAll @IntRange(min = 1, max = 70) int width,
                                    @ForAll @IntRange(min = 1, max = 70) int height,
                                    @ForAll @IntRange(min = 1, max = 3) int layers,
                                    @ForAll @IntRange(min = 0, max = 400) int count,
                                    @ForAll long seed) {
        GridSize size = new GridSize(width, height, layers);
        SplitMix64 random = new SplitMix64(seed);
        Scattered e = Scattered.of(random, count, size);
        int[] live = e.live();
        int[] xs = e.xs();
        int[] ys = e.ys();
        int[] ls = e.ls();
        SpatialIndex index = new SpatialIndex(size);
        index.rebuild(count, live, xs, ys, ls);
        int[] out = new int[count + 1];
        for (int q = 0; q < 40; q++) {
            int x = random.nextInt(width + 60) - 30;
            int y = random.nextInt(height + 60) - 30;
            int layer = random.nextInt(layers);
            int radius = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(45);

            int found = index.query(x, y, layer, radius, out);

            List<Integer> expected = bruteForce(count, live, xs, ys, ls, x, y, layer, radius);
            assertThat(slice(out, found)).as("(%d,%d,%d) r=%d", x, y, layer, radius).isEqualTo(expected);
        }
    }

    @Property(tries = 200)
    void queryFillsAShortOutputWithMatchesOnlyInAscendingOrder(@ForAll @IntRange(min = 0, max = 300) int count,
                                                               @ForAll @IntRange(min = 0, max = 20) int capacity,
                                                               @ForAll long seed) {
        GridSize size = new GridSize(50, 50, 1);
        SplitMix64 random = new SplitMix64(seed);
        int[] live = new int[count];
        int[] xs = new int[count];
        int[] ys = new int[count];
        int[] ls = new int[count];
        for (int slot = 0; slot < count; slot++) {
            live[slot] = 1;
            xs[slot] = random.nextInt(50);
            ys[slot] = random.nextInt(50);
        }
        SpatialIndex index = new SpatialIndex(size);
        index.rebuild(count, live, xs, ys, ls);
        int[] out = new int[count + 1];
        int[] shortOut = new int[capacity];
        int x = random.nextInt(50);
        int y = random.nextInt(50);

        int found = index.query(x, y, 0, 20, shortOut);

        List<Integer> all = bruteForce(count, live, xs, ys, ls, x, y, 0, 20);
        assertThat(found).isEqualTo(Math.min(capacity, all.size()));
        assertThat(slice(shortOut, found)).isSorted().doesNotHaveDuplicates().isSubsetOf(all);
        assertThat(slice(out, index.query(x, y, 0, 20, out))).isEqualTo(all);
    }

    /**
     * An index that follows moves answers every query, a full short answer included, exactly as one rebuilt after
     * them would: a world hydrated from a snapshot (whose index is fresh) must sense what the original sensed.
     */
    @Property(tries = 200)
    void followingMovesAnswersAsAFreshRebuild(@ForAll @IntRange(min = 1, max = 300) int count,
                                              @ForAll @IntRange(min = 0, max = 40) int capacity,
                                              @ForAll long seed) {
        GridSize size = new GridSize(70, 70, 2);
        SplitMix64 random = new SplitMix64(seed);
        Scattered e = Scattered.of(random, count, size);
        int[] xs = e.xs();
        int[] ys = e.ys();
        SpatialIndex followed = new SpatialIndex(size);
        followed.rebuild(count, e.live(), xs, ys, e.ls());
        SpatialIndex fresh = new SpatialIndex(size);
        int[] out = new int[capacity];
        int[] expected = new int[capacity];
        for (int move = 0; move < 300; move++) {
            int slot = random.nextInt(count);
            int fromX = xs[slot];
            int fromY = ys[slot];
            int fromLayer = e.ls()[slot];
            if (random.nextInt(10) == 0) {
                xs[slot] = random.nextInt(70);
                ys[slot] = random.nextInt(70);
                e.ls()[slot] = random.nextInt(2);
            } else {
                xs[slot] = Math.max(0, Math.min(69, xs[slot] + random.nextInt(3) - 1));
                ys[slot] = Math.max(0, Math.min(69, ys[slot] + random.nextInt(3) - 1));
            }
            if (!followed.moved(slot, fromX, fromY, fromLayer)) {
                followed.rebuild(count, e.live(), xs, ys, e.ls());
            }
            fresh.rebuild(count, e.live(), xs, ys, e.ls());
            int x = random.nextInt(70);
            int y = random.nextInt(70);
            int layer = random.nextInt(2);
            int radius = random.nextInt(30);

            int found = followed.query(x, y, layer, radius, out);

            int wanted = fresh.query(x, y, layer, radius, expected);
            assertThat(slice(out, found)).as("move %d: (%d,%d,%d) r=%d", move, x, y, layer, radius)
                    .isEqualTo(slice(expected, wanted));
        }
    }

    @Test
    void rebuildForgetsEntitiesThatMovedOrDied() {
        SpatialIndex index = new SpatialIndex(new GridSize(64, 64, 1));
        int[] live = {1, 1, 1};
        int[] xs = {5, 6, 40};
        int[] ys = {5, 5, 40};
        int[] ls = {0, 0, 0};
        index.rebuild(3, live, xs, ys, ls);
        int[] out = new int[8];
        assertThat(index.query(5, 5, 0, 2, out)).isEqualTo(2);

        xs[1] = 50;
        ys[1] = 40;
        live[0] = 0;
        index.rebuild(3, live, xs, ys, ls);

        assertThat(index.query(5, 5, 0, 2, out)).isZero();
        assertThat(slice(out, index.query(45, 40, 0, 5, out))).containsExactly(1, 2);
    }

    @Test
    void findsAnEntityOnTheQueryCellWithRadiusZeroOnItsLayerOnly() {
        SpatialIndex index = new SpatialIndex(new GridSize(16, 16, 2));
        index.rebuild(2, new int[] {1, 1}, new int[] {15, 15}, new int[] {15, 15}, new int[] {0, 1});
        int[] out = new int[4];

        assertThat(slice(out, index.query(15, 15, 1, 0, out))).containsExactly(1);
        assertThat(index.query(14, 15, 1, 0, out)).isZero();
    }

    @Test
    void aLayerOffTheGridHoldsNobody() {
        SpatialIndex index = new SpatialIndex(new GridSize(16, 16, 2));
        index.rebuild(1, new int[] {1}, new int[] {3}, new int[] {3}, new int[] {1});
        int[] out = new int[4];

        assertThat(index.query(3, 3, 2, 5, out)).isZero();
        assertThat(index.query(3, 3, -1, 5, out)).isZero();
    }

    /** Entities at random cells of a grid, one in eight dead (a live one's kind code 1 or 2). */
    record Scattered(int[] live, int[] xs, int[] ys, int[] ls) {
        static Scattered of(SplitMix64 random, int count, GridSize size) {
            Scattered e = new Scattered(new int[count], new int[count], new int[count], new int[count]);
            for (int slot = 0; slot < count; slot++) {
                e.live[slot] = random.nextInt(8) == 0 ? 0 : 1 + random.nextInt(2);
                e.xs[slot] = random.nextInt(size.width());
                e.ys[slot] = random.nextInt(size.height());
                e.ls[slot] = random.nextInt(size.layers());
            }
            return e;
        }
    }

    static List<Integer> bruteForce(int count, int[] live, int[] xs, int[] ys, int[] ls, int x, int y, int layer,
                                    int radius) {
        List<Integer> found = new ArrayList<>();
        for (int slot = 0; slot < count; slot++) {
            if (live[slot] != 0 && ls[slot] == layer && Math.abs(xs[slot] - x) <= radius
                    && Math.abs(ys[slot] - y) <= radius) {
                found.add(slot);
            }
        }
        return found;
    }

    static List<Integer> slice(int[] out, int count) {
        List<Integer> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(out[i]);
        }
        return list;
    }
}
