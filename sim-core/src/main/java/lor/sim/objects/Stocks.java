package lor.sim.objects;

import java.util.Arrays;

import lor.sim.content.Recipe;
import lor.sim.util.IntList;

/**
 * Every object's stock in two flat arrays: a block of {@code slots} consecutive entries per object, each an item
 * (index + 1, 0 for an empty slot) and its count. An item sits in one slot only, at most the kind's capacity of it;
 * a new item takes the first empty slot, and a slot whose count reaches 0 is empty again. Blocks of freed objects
 * are kept per size and reused.
 */
final class Stocks {

    private short[] items;
    private int[] counts;
    private int top;
    /** Freed blocks, by size (1..{@link lor.sim.content.ContentPack#MAX_SLOTS}). */
    private final IntList[] freeBlocks = new IntList[17];

    Stocks(int capacity) {
        items = new short[Math.max(16, capacity)];
        counts = new int[items.length];
    }

    int allocate(int slots) {
        IntList free = freeBlocks[slots];
        if (free != null && !free.isEmpty()) {
            return free.removeLast();
        }
        if (top + slots > items.length) {
            int size = Math.max(top + slots, items.length * 2);
            items = Arrays.copyOf(items, size);
            counts = Arrays.copyOf(counts, size);
        }
        int base = top;
        top += slots;
        return base;
    }

    void free(int base, int slots) {
        Arrays.fill(items, base, base + slots, (short) 0);
        Arrays.fill(counts, base, base + slots, 0);
        if (freeBlocks[slots] == null) {
            freeBlocks[slots] = new IntList(16);
        }
        freeBlocks[slots].add(base);
    }

    /** Entries in use, freed blocks included: what the arrays hold. */
    int size() {
        return top;
    }

    short[] copyItems() {
        return Arrays.copyOf(items, top);
    }

    int[] copyCounts() {
        return Arrays.copyOf(counts, top);
    }

    int itemAt(int entry) {
        return items[entry] - 1;
    }

    int countAt(int entry) {
        return counts[entry];
    }

    /** Writes an entry as it was persisted (restoring a snapshot): the item index or -1, and its count. */
    void put(int entry, int item, int count) {
        items[entry] = (short) (item + 1);
        counts[entry] = count;
    }

    int count(int base, int slots, int item) {
        short code = (short) (item + 1);
        for (int i = base, end = base + slots; i < end; i++) {
            if (items[i] == code) {
                return counts[i];
            }
        }
        return 0;
    }

    /**
     * Notes in {@code entryOf}, by item, the entry of every item the block holds, so that a run that reads and sets
     * the same few items many times finds each at once instead of scanning the block: see the two methods below,
     * which answer exactly as the scanning ones do. Entries of items the block does not hold keep whatever they
     * held: those methods check an entry before trusting it (it must lie in the block and hold the item), so the
     * array never needs clearing. An item beyond the array (none of the pack's) is left to the scanning methods.
     *
     * @param entryOf one int per item of the pack
     */
    void index(int base, int slots, int[] entryOf) {
        // Backwards, so that the first slot wins, as in a scan, should a restored stock hold an item twice.
        for (int i = base + slots - 1; i >= base; i--) {
            int code = items[i];
            if (code > 0 && code <= entryOf.length) {
                entryOf[code - 1] = i;
            }
        }
    }

    /** {@link #count(int, int, int)} for a block {@link #index indexed} into {@code entryOf}. */
    int count(int base, int slots, int item, int[] entryOf) {
        int e = entryOf[item];
        return e >= base && e < base + slots && items[e] == (short) (item + 1) ? counts[e] : 0;
    }

    /**
     * {@link #set(int, int, int, int, int)} for a block {@link #index indexed} into {@code entryOf}, which it keeps
     * up to date.
     */
    int set(int base, int slots, int capacity, int item, int count, int[] entryOf) {
        int target = Math.max(0, Math.min(capacity, count));
        short code = (short) (item + 1);
        int e = entryOf[item];
        int end = base + slots;
        if (e >= base && e < end && items[e] == code) {
            int delta = target - counts[e];
            counts[e] = target;
            if (target == 0) {
                items[e] = 0;
                // Should a restored stock hold the item twice, its next slot is now the one a scan finds.
                for (int i = e + 1; i < end; i++) {
                    if (items[i] == code) {
                        entryOf[item] = i;
                        break;
                    }
                }
            }
            return delta;
        }
        if (target == 0) {
            return 0;
        }
        for (int i = base; i < end; i++) {
            if (items[i] == 0) {
                items[i] = code;
                counts[i] = target;
                entryOf[item] = i;
                return target;
            }
        }
        return 0;
    }

    /** How many more of {@code item} fit. */
    int room(int base, int slots, int capacity, int item) {
        short code = (short) (item + 1);
        boolean empty = false;
        for (int i = base, end = base + slots; i < end; i++) {
            if (items[i] == code) {
                // A pack whose capacity shrank since the snapshot may leave a slot over it: no room, not less.
                return Math.max(0, capacity - counts[i]);
            }
            empty |= items[i] == 0;
        }
        return empty ? capacity : 0;
    }

    /**
     * Sets the count of {@code item}, clamped to 0..capacity; an item not held needs an empty slot, else nothing
     * changes.
     *
     * @return the change in count
     */
    int set(int base, int slots, int capacity, int item, int count) {
        int target = Math.max(0, Math.min(capacity, count));
        short code = (short) (item + 1);
        int empty = -1;
        for (int i = base, end = base + slots; i < end; i++) {
            if (items[i] == code) {
                int delta = target - counts[i];
                counts[i] = target;
                if (target == 0) {
                    items[i] = 0;
                }
                return delta;
            }
            if (empty < 0 && items[i] == 0) {
                empty = i;
            }
        }
        if (target == 0 || empty < 0) {
            return 0;
        }
        items[empty] = code;
        counts[empty] = target;
        return target;
    }

    /** Adds {@code n} of {@code item}; the caller has checked {@link #room}. */
    void add(int base, int slots, int item, int n) {
        short code = (short) (item + 1);
        int empty = -1;
        for (int i = base, end = base + slots; i < end; i++) {
            if (items[i] == code) {
                counts[i] += n;
                return;
            }
            if (empty < 0 && items[i] == 0) {
                empty = i;
            }
        }
        items[empty] = code;
        counts[empty] = n;
    }

    /** Removes {@code n} of {@code item}; the caller has checked {@link #count}. */
    void remove(int base, int slots, int item, int n) {
        short code = (short) (item + 1);
        for (int i = base, end = base + slots; i < end; i++) {
            if (items[i] == code) {
                counts[i] -= n;
                if (counts[i] == 0) {
                    items[i] = 0;
                }
                return;
            }
        }
    }

    /** What {@link #fits} checks: the exchange a recipe makes with a stock. */
    enum Exchange {
        /** Inputs out, outputs in: whether it may start (its outputs will fit once it is done). */
        START,
        /** Outputs in: whether its outputs fit now. */
        FINISH,
        /** Inputs back in: whether a cancelled recipe's inputs fit. */
        CANCEL
    }

    /**
     * Whether a recipe's exchange would succeed, every item within its slot's capacity and every new item finding
     * an empty slot; worked out on a scratch copy of the block, so nothing changes.
     */
    boolean fits(int base, int slots, int capacity, Recipe r, Exchange exchange, short[] scratchItems,
                 int[] scratchCounts) {
        System.arraycopy(items, base, scratchItems, 0, slots);
        System.arraycopy(counts, base, scratchCounts, 0, slots);
        if (exchange == Exchange.START) {
            for (int i = 0; i < r.inputCount(); i++) {
                int at = indexOf(scratchItems, slots, (short) (r.inputItem(i) + 1));
                if (at < 0 || scratchCounts[at] < r.inputAmount(i)) {
                    return false;
                }
                scratchCounts[at] -= r.inputAmount(i);
                if (scratchCounts[at] == 0) {
                    scratchItems[at] = 0;
                }
            }
        }
        boolean outputs = exchange != Exchange.CANCEL;
        int n = outputs ? r.outputCount() : r.inputCount();
        for (int i = 0; i < n; i++) {
            int item = outputs ? r.outputItem(i) : r.inputItem(i);
            int amount = outputs ? r.outputAmount(i) : r.inputAmount(i);
            short code = (short) (item + 1);
            int at = indexOf(scratchItems, slots, code);
            if (at < 0) {
                at = indexOf(scratchItems, slots, (short) 0);
                if (at < 0) {
                    return false;
                }
                scratchItems[at] = code;
            }
            if (capacity - scratchCounts[at] < amount) {
                return false;
            }
            scratchCounts[at] += amount;
        }
        return true;
    }

    private static int indexOf(short[] items, int slots, short code) {
        for (int i = 0; i < slots; i++) {
            if (items[i] == code) {
                return i;
            }
        }
        return -1;
    }
}
