package lor.sim.objects;

import java.util.Arrays;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;

/**
 * A copy of every object's columns and the stock pool, as they were at the end of one tick: what a snapshot
 * persists. Taking it is a handful of array copies, cheap enough for the tick thread even with a million objects;
 * encoding it (the world server's snapshot codec, which owns the persisted format) is left to another thread: it
 * reads an image object by object through the accessors below and makes one with a {@link Builder}. Immutable once
 * made.
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

    /** The clock's line when the image was taken. */
    public int line() {
        return line;
    }

    /** One past the highest id slot: objects have ids 1..{@code slots()}, slot {@code s} holding id {@code s + 1}. */
    public int slots() {
        return slotCount;
    }

    /** Whether an object has the id of {@code slot}: the accessors below read only such slots. */
    public boolean holds(int slot) {
        return kind[slot] != 0;
    }

    /** The object's kind, an index into the pack's kinds. */
    public int kind(int slot) {
        return kind[slot] - 1;
    }

    public int cell(int slot) {
        return cell[slot];
    }

    /** The recipe it has selected, an index into the pack's recipes, or -1 for none. */
    public int recipe(int slot) {
        return recipe[slot] - 1;
    }

    /** What it was doing, as bits below 128 that a {@link Builder} takes back as they are: persist them whole. */
    public int state(int slot) {
        return flags[slot];
    }

    /** Whether its {@link #due} tick means something: {@link #timed(ContentPack, int, int)}. */
    public boolean timed(int slot) {
        return timed(pack, kind(slot), flags[slot]);
    }

    /**
     * Whether an object of {@code kind} in {@code state} has a due tick: while it crafts, and always for a kind with
     * a formula or rule. A reader needs it to know whether a due tick was written.
     */
    public static boolean timed(ContentPack pack, int kind, int state) {
        return (state & ObjectColumns.CRAFTING) != 0 || pack.kind(kind).rule() != null;
    }

    /** The tick its craft ends or its rule next runs; meaningful only when {@link #timed(int)}. */
    public long due(int slot) {
        return due[slot];
    }

    /** The item in stock slot {@code i} of the object, an index into the pack's items, or -1 when it is empty. */
    public int stockItem(int slot, int i) {
        return stockItems[stockBase[slot] + i] - 1;
    }

    public int stockCount(int slot, int i) {
        return stockCounts[stockBase[slot] + i];
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

    /**
     * Makes an image of {@code count} objects added in ascending id order, checking what the pack lets each hold.
     */
    public static Builder builder(ContentPack pack, long tick, int line, int count) {
        return new Builder(pack, tick, line, count);
    }

    /** Builds an image object by object, as a reader of a persisted image finds them. */
    public static final class Builder {

        private final ContentPack pack;
        private final long tick;
        private final int line;
        private final int[] slotOf;
        private final short[] kind;
        private final int[] cell;
        private final short[] recipe;
        private final byte[] flags;
        private final long[] due;
        private final int[] stockBase;
        private short[] stockItems;
        private int[] stockCounts;
        private int stockSize;
        private int added;

        private Builder(ContentPack pack, long tick, int line, int count) {
            this.pack = pack;
            this.tick = tick;
            this.line = line;
            slotOf = new int[count];
            kind = new short[count];
            cell = new int[count];
            recipe = new short[count];
            flags = new byte[count];
            due = new long[count];
            stockBase = new int[count];
            stockItems = new short[Math.max(16, count * 4)];
            stockCounts = new int[stockItems.length];
        }

        /**
         * Adds the object of id {@code slot + 1}, above the last one added, with an empty stock.
         *
         * @param kind   an index into the pack's kinds
         * @param recipe an index into the pack's recipes, or -1 for none
         * @param state  what {@link ObjectImage#state} gave
         * @param due    what {@link ObjectImage#due} gave; ignored unless {@link ObjectImage#timed} says it counts
         * @throws IllegalArgumentException naming the object when its kind cannot run the recipe, or it crafts
         *                                  without one
         */
        public Builder add(int slot, int kind, int cell, int recipe, int state, long due) {
            if (added == slotOf.length || added > 0 && slot <= slotOf[added - 1] || state < 0 || state > 127) {
                throw new IllegalStateException("object " + (slot + 1) + " is not the next object of the image");
            }
            ObjectKind k = pack.kind(kind);
            if (recipe >= 0 && !k.canRun(recipe)) {
                throw new IllegalArgumentException("object " + (slot + 1) + ": kind " + k.id()
                        + " cannot run recipe " + pack.recipe(recipe).id());
            }
            if ((state & ObjectColumns.CRAFTING) != 0 && recipe < 0) {
                throw new IllegalArgumentException("object " + (slot + 1) + ": crafting without a recipe");
            }
            if (stockSize + k.slots() > stockItems.length) {
                stockItems = Arrays.copyOf(stockItems, (stockSize + k.slots()) * 2);
                stockCounts = Arrays.copyOf(stockCounts, stockItems.length);
            }
            slotOf[added] = slot;
            this.kind[added] = (short) (kind + 1);
            this.cell[added] = cell;
            this.recipe[added] = (short) (recipe + 1);
            flags[added] = (byte) state;
            this.due[added] = timed(pack, kind, state) ? due : 0;
            stockBase[added] = stockSize;
            stockSize += k.slots();
            added++;
            return this;
        }

        /** Fills stock slot {@code i} of the object added last with {@code count} of {@code item} (an index). */
        public Builder stock(int i, int item, int count) {
            stockItems[stockBase[added - 1] + i] = (short) (item + 1);
            stockCounts[stockBase[added - 1] + i] = count;
            return this;
        }

        /** The image, its objects spread onto their id slots as the engine's columns hold them. */
        public ObjectImage build() {
            if (added != slotOf.length) {
                throw new IllegalStateException(added + " of " + slotOf.length + " objects added");
            }
            int slots = added == 0 ? 0 : slotOf[added - 1] + 1;
            short[] k = new short[slots];
            int[] c = new int[slots];
            short[] r = new short[slots];
            byte[] f = new byte[slots];
            long[] d = new long[slots];
            int[] b = new int[slots];
            for (int o = 0; o < added; o++) {
                int s = slotOf[o];
                k[s] = kind[o];
                c[s] = cell[o];
                r[s] = recipe[o];
                f[s] = flags[o];
                d[s] = due[o];
                b[s] = stockBase[o];
            }
            return new ObjectImage(pack, tick, line, slots, k, c, r, f, d, b, Arrays.copyOf(stockItems, stockSize),
                    Arrays.copyOf(stockCounts, stockSize));
        }
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
