package lor.sim.objects;

import java.util.LinkedHashMap;
import java.util.Map;

import lor.sim.content.ContentPack;

/**
 * What every player who has been in the world carries, by account: a count per item of the pack. A player seen for
 * the first time starts with the pack's starting inventory. Bounded by the accounts that joined, like the world's
 * record of their positions. Iterated in first-seen order, so hashes and snapshots are stable.
 */
public final class Inventories {

    private final ContentPack pack;
    private final Map<Long, Inventory> byAccount = new LinkedHashMap<>();

    public Inventories(ContentPack pack) {
        this.pack = pack;
    }

    /** One player's items. */
    public static final class Inventory {
        private final int[] counts;
        private boolean changed = true;

        Inventory(int items) {
            this.counts = new int[items];
        }

        public int count(int item) {
            return counts[item];
        }

        /** How many more of {@code item} it holds (each count stops at {@link ContentPack#MAX_COUNT}). */
        public int room(int item) {
            return ContentPack.MAX_COUNT - counts[item];
        }

        public int items() {
            return counts.length;
        }

        /** The caller has checked {@link #room} or {@link #count}. */
        public void add(int item, int n) {
            counts[item] += n;
            changed = true;
        }

        /** Sets a count as persisted. */
        public void set(int item, int n) {
            counts[item] = n;
            changed = true;
        }

        /** Whether it changed since the last {@link #markSeen()}: a broadcaster sends it then. */
        public boolean changedSinceSeen() {
            return changed;
        }

        public void markSeen() {
            changed = false;
        }
    }

    /** The account's inventory, created with the starting items on first sight. */
    public Inventory of(long account) {
        Inventory inventory = byAccount.get(account);
        if (inventory == null) {
            inventory = new Inventory(pack.itemCount());
            for (int i = 0; i < pack.itemCount(); i++) {
                inventory.counts[i] = pack.startCount(i);
            }
            byAccount.put(account, inventory);
        }
        return inventory;
    }

    /** The account's inventory, or null when it has none yet. */
    public Inventory find(long account) {
        return byAccount.get(account);
    }

    /** An inventory as persisted: it replaces whatever the account had. */
    public Inventory restore(long account) {
        Inventory inventory = new Inventory(pack.itemCount());
        byAccount.put(account, inventory);
        return inventory;
    }

    public Iterable<Map.Entry<Long, Inventory>> all() {
        return byAccount.entrySet();
    }

    public int size() {
        return byAccount.size();
    }
}
