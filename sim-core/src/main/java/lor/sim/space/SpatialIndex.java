package lor.sim.space;

import java.util.Arrays;

import lor.sim.grid.GridSize;

/**
 * Entities bucketed by {@value #BUCKET}×{@value #BUCKET}-cell squares of each layer, for "who is within r cells of
 * here" queries. Rebuilt in one counting-sort pass over the entity arrays (no per-entity objects, no allocation once
 * the arrays have grown to the entity count); a query visits only the buckets its square overlaps. Between rebuilds
 * it follows single moves ({@link #moved}): a query reads positions from the entity arrays themselves, so a move
 * within a bucket changes nothing, and an entity that left its bucket is kept on a short list every query scans;
 * a game module's NPCs stepping one by one between queries so cost no rebuild each. Not thread-safe.
 */
public final class SpatialIndex {

    public static final int BUCKET = 16;
    private static final int SHIFT = 4;
    /** Entities that may have left the bucket they were indexed in before {@link #moved} asks for a rebuild. */
    static final int MAX_DISPLACED = 64;
    /** Query results up to this many are sorted in place by insertion (runs of ascending slots, no allocation). */
    private static final int INSERTION_SORT_MAX = 64;

    private final int bucketsX;
    private final int bucketsY;
    private final int layerCount;
    private final int[] bucketStart;
    private int[] items = new int[64];
    private int[] xs;
    private int[] ys;
    private int[] layers;
    private int[] live;
    private int count;
    /** By slot: whether it left the bucket it was indexed in; those are {@link #displacedSlots}' only. */
    private boolean[] displaced = new boolean[64];
    private final int[] displacedSlots = new int[MAX_DISPLACED];
    private int displacedCount;

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
        this.live = live;
        this.count = count;
        for (int i = 0; i < displacedCount; i++) {
            displaced[displacedSlots[i]] = false;
        }
        displacedCount = 0;
        if (displaced.length < count) {
            displaced = new boolean[Math.max(count, displaced.length * 2)];
        }
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
     * The entity in {@code slot} has moved from {@code (fromX, fromY, fromLayer)} to where the arrays given to the
     * last {@link #rebuild} now hold it; no other slot has changed (no entity added, removed or reordered).
     *
     * @return false when the index cannot follow (too many entities out of their buckets): rebuild before the next
     *         query
     */
    public boolean moved(int slot, int fromX, int fromY, int fromLayer) {
        if (displaced[slot] || bucketOf(fromX, fromY, fromLayer) == bucketOf(xs[slot], ys[slot], layers[slot])) {
            return true;
        }
        if (displacedCount == MAX_DISPLACED) {
            return false;
        }
        displaced[slot] = true;
        displacedSlots[displacedCount++] = slot;
        return true;
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
        int found = 0;
        boolean full = false;
        for (int by = minBy; by <= maxBy; by++) {
            for (int bx = minBx; bx <= maxBx; bx++) {
                int bucket = layerBase + by * bucketsX + bx;
                for (int i = bucketStart[bucket], end = bucketStart[bucket + 1]; i < end; i++) {
                    int slot = items[i];
                    if (!displaced[slot] && within(slot, x, y, layer, radius)) {
                        full |= found == out.length;
                        found = add(out, found, slot);
                    }
                }
            }
        }
        for (int i = 0; i < displacedCount; i++) {
            int slot = displacedSlots[i];
            if (live[slot] != 0 && within(slot, x, y, layer, radius)) {
                full |= found == out.length;
                found = add(out, found, slot);
            }
        }
        if (full && displacedCount > 0) {
            // Which entities a full answer leaves out depends on the bucket order: answer as a fresh index would.
            rebuild(count, live, xs, ys, layers);
            return query(x, y, layer, radius, out);
        }
        sort(out, found);
        return found;
    }

    private boolean within(int slot, int x, int y, int layer, int radius) {
        return Math.abs(xs[slot] - x) <= radius && Math.abs(ys[slot] - y) <= radius && layers[slot] == layer;
    }

    private static int add(int[] out, int found, int slot) {
        if (found == out.length) {
            return found;
        }
        out[found] = slot;
        return found + 1;
    }

    /**
     * Ascending; by insertion up to {@link #INSERTION_SORT_MAX}: {@code Arrays.sort} allocates a buffer to merge
     * runs, and an answer is a few runs (a bucket's slots are ascending).
     */
    private static void sort(int[] out, int n) {
        if (n > INSERTION_SORT_MAX) {
            Arrays.sort(out, 0, n);
            return;
        }
        for (int i = 1; i < n; i++) {
            int v = out[i];
            int j = i - 1;
            while (j >= 0 && out[j] > v) {
                out[j + 1] = out[j];
                j--;
            }
            out[j + 1] = v;
        }
    }

    private int bucketOf(int x, int y, int layer) {
        return (layer * bucketsY + (y >> SHIFT)) * bucketsX + (x >> SHIFT);
    }
}
