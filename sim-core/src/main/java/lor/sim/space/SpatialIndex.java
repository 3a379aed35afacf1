package lor.sim.space;

import java.util.Arrays;

import lor.sim.grid.GridSize;

/**
 * Entities bucketed by {@value #BUCKET}×{@value #BUCKET}-cell squares of each layer, for "who is within r cells of
 * here" queries. Rebuilt in one counting-sort pass over the entity arrays (no per-entity objects, no allocation once
 * the arrays have grown to the entity count); a query visits only the buckets its square overlaps. Not
 * thread-safe.
 */
public final class SpatialIndex {

    public static final int BUCKET = 16;
    private static final int SHIFT = 4;

    private final int bucketsX;
    private final int bucketsY;
    private final int layerCount;
    private final int[] bucketStart;
    private int[] items = new int[64];
    private int[] xs;
    private int[] ys;
    private int[] layers;

    public SpatialIndex(GridSize size) {
        this.bucketsX = (size.width() + BUCKET - 1) >> SHIFT;
        this.bucketsY = (size.height() + BUCKET - 1) >> SHIFT;
        this.layerCount = size.layers();
        this.bucketStart = new int[bucketsX * bucketsY * size.layers() + 1];
    }

    /**
     * Indexes slots {@code 0..count-1} whose {@code live[slot]} is non-zero. The arrays are kept by reference and
     * read by {@link #query}: rebuild after any of them changes.
     */
    public void rebuild(int count, int[] live, int[] x, int[] y, int[] layer) {
        this.xs = x;
        this.ys = y;
        this.layers = layer;
        Arrays.fill(bucketStart, 0);
        int indexed = 0;
        for (int slot = 0; slot < count; slot++) {
            if (live[slot] != 0) {
                bucketStart[bucketOf(x[slot], y[slot], layer[slot]) + 1]++;
                indexed++;
            }
        }
        for (int b = 1; b < bucketStart.length; b++) {
            bucketStart[b] += bucketStart[b - 1];
        }
        if (items.length < indexed) {
            items = new int[Math.max(indexed, items.length * 2)];
        }
        // Fill backwards from each bucket's end, so slots within a bucket stay in ascending order.
        for (int slot = count - 1; slot >= 0; slot--) {
            if (live[slot] != 0) {
                items[--bucketStart[bucketOf(x[slot], y[slot], layer[slot]) + 1]] = slot;
            }
        }
        // bucketStart[b + 1] was decremented down to bucket b's start; shift back so bucket b spans [b, b + 1).
        System.arraycopy(bucketStart, 1, bucketStart, 0, bucketStart.length - 1);
        bucketStart[bucketStart.length - 1] = indexed;
    }

    /**
     * Writes to {@code out} the slots of the entities within Chebyshev distance {@code radius} of {@code (x, y)} on
     * {@code layer}, in ascending slot order.
     *
     * @return how many were written; at most {@code out.length} (the nearest are not preferred: size {@code out} for
     *         the worst case you accept)
     */
    public int query(int x, int y, int layer, int radius, int[] out) {
        int minBx = Math.max(0, (x - radius) >> SHIFT);
        int maxBx = Math.min(bucketsX - 1, (x + radius) >> SHIFT);
        int minBy = Math.max(0, (y - radius) >> SHIFT);
        int maxBy = Math.min(bucketsY - 1, (y + radius) >> SHIFT);
        if (layer < 0 || layer >= layerCount || x + radius < 0 || y + radius < 0 || minBx > maxBx || minBy > maxBy) {
            return 0;
        }
        int layerBase = layer * bucketsX * bucketsY;
        int count = 0;
        for (int by = minBy; by <= maxBy; by++) {
            for (int bx = minBx; bx <= maxBx; bx++) {
                int bucket = layerBase + by * bucketsX + bx;
                for (int i = bucketStart[bucket], end = bucketStart[bucket + 1]; i < end; i++) {
                    int slot = items[i];
                    if (Math.abs(xs[slot] - x) <= radius && Math.abs(ys[slot] - y) <= radius
                            && layers[slot] == layer && count < out.length) {
                        out[count++] = slot;
                    }
                }
            }
        }
        Arrays.sort(out, 0, count);
        return count;
    }

    private int bucketOf(int x, int y, int layer) {
        return (layer * bucketsY + (y >> SHIFT)) * bucketsX + (x >> SHIFT);
    }
}
