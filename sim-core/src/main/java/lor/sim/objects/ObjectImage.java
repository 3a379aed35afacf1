package lor.sim.objects;

import lor.sim.content.ContentPack;

/**
 * A copy of every object's columns and the stock pool, as they were at the end of one tick: what a snapshot
 * persists. Taking it is a handful of array copies, cheap enough for the tick thread even with a million objects;
 * encoding it ({@link ObjectImageCodec}) is left to another thread. Immutable once made.
 */
public final class ObjectImage {

    /** Set in {@link #flags} of an object that was queued to run: it must run after a restore too. */
    static final byte AWAKE = 4;

    final ContentPack pack;
    final long tick;
    final int line;
    final int slotCount;
    final short[] kind;
    final int[] cell;
    final short[] recipe;
    final byte[] flags;
    final long[] due;
    final int[] stockBase;
    final short[] stockItems;
    final int[] stockCounts;

    ObjectImage(ContentPack pack, long tick, int line, int slotCount, short[] kind, int[] cell, short[] recipe,
                byte[] flags, long[] due, int[] stockBase, short[] stockItems, int[] stockCounts) {
        this.pack = pack;
        this.tick = tick;
        this.line = line;
        this.slotCount = slotCount;
        this.kind = kind;
        this.cell = cell;
        this.recipe = recipe;
        this.flags = flags;
        this.due = due;
        this.stockBase = stockBase;
        this.stockItems = stockItems;
        this.stockCounts = stockCounts;
    }

    /** The pack whose indices the image holds. */
    public ContentPack pack() {
        return pack;
    }

    /** The tick the restored engine runs next. */
    public long tick() {
        return tick;
    }

    /** Objects in the image. */
    public int count() {
        int n = 0;
        for (int s = 0; s < slotCount; s++) {
            if (kind[s] != 0) {
                n++;
            }
        }
        return n;
    }

    /**
     * Equal when every object is: id, kind, cell, recipe, state, due tick (where it means something: while crafting,
     * or for a formula or rule) and stock slots.
     */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ObjectImage other) || other.tick != tick || other.line != line) {
            return false;
        }
        int n = Math.max(slotCount, other.slotCount);
        for (int s = 0; s < n; s++) {
            int k = s < slotCount ? kind[s] : 0;
            if (k != (s < other.slotCount ? other.kind[s] : 0)) {
                return false;
            }
            if (k == 0) {
                continue;
            }
            boolean timed = (flags[s] & ObjectColumns.CRAFTING) != 0 || pack.kind(k - 1).rule() != null;
            if (cell[s] != other.cell[s] || recipe[s] != other.recipe[s] || flags[s] != other.flags[s]
                    || timed && due[s] != other.due[s]) {
                return false;
            }
            for (int i = 0, slots = pack.kind(k - 1).slots(); i < slots; i++) {
                if (stockItems[stockBase[s] + i] != other.stockItems[other.stockBase[s] + i]
                        || stockCounts[stockBase[s] + i] != other.stockCounts[other.stockBase[s] + i]) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(tick) * 31 + count();
    }

    @Override
    public String toString() {
        return "ObjectImage[tick=" + tick + ", line=" + line + ", objects=" + count() + "]";
    }
}
