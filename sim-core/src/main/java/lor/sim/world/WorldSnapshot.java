package lor.sim.world;

import java.util.Arrays;
import java.util.List;

import lor.sim.objects.ObjectImage;

/**
 * An immutable copy of everything a world must keep across processes: its clock (the tick, from which the clock's
 * line follows), its id counter, every player it has seen, online or not, at the position it was last in, what
 * each of them carries, and its objects. The grid is not part of it: it is the world's static map, and the field is
 * the map as the line transmutes it. Taken on the tick thread, read anywhere.
 *
 * @param inventories per account, counts indexed like the pack's items
 * @param objects     every object; null in a snapshot from before objects existed
 * @param modules     what each game module keeps, by module; empty in a world without modules
 */
public record WorldSnapshot(long tick, int nextEntityId, List<PlayerRecord> players, List<InventoryRecord> inventories,
                            ObjectImage objects, List<ModuleImage> modules) {

    public WorldSnapshot {
        players = List.copyOf(players);
        inventories = List.copyOf(inventories);
        modules = List.copyOf(modules);
    }

    /** A snapshot of a world without game modules. */
    public WorldSnapshot(long tick, int nextEntityId, List<PlayerRecord> players, List<InventoryRecord> inventories,
                         ObjectImage objects) {
        this(tick, nextEntityId, players, inventories, objects, List.of());
    }

    /** A snapshot without content: no inventories, no objects. */
    public WorldSnapshot(long tick, int nextEntityId, List<PlayerRecord> players) {
        this(tick, nextEntityId, players, List.of(), null);
    }

    /** One player's items, a count per item of the pack (a copy: the array is not shared with the world). */
    public record InventoryRecord(long accountId, int[] counts) {

        @Override
        public boolean equals(Object o) {
            return o instanceof InventoryRecord r && r.accountId == accountId && Arrays.equals(r.counts, counts);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(accountId) * 31 + Arrays.hashCode(counts);
        }

        @Override
        public String toString() {
            return "InventoryRecord[accountId=" + accountId + ", counts=" + Arrays.toString(counts) + "]";
        }
    }
}
