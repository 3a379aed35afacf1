package lor.world.snapshot;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.util.VarBytes;
import lor.sim.world.PlayerRecord;
import lor.sim.world.WorldSnapshot;

/**
 * The players of a snapshot (format 3) as varints, each as
 * <pre>
 * account, x, y, layer (zigzag), inventory (0: none; else 1 + its entries), then each entry's item and count
 * </pre>
 * Items are indices into the names stored beside the data, as objects' are. About 8 bytes a player where the JSON of
 * format 2 took 42: a world keeps every player who ever visited it, and reading thousands of them as JSON objects
 * was most of a big world's hydration (about 30 ms on a JVM that had not run the parser yet, 5 ms on one that had).
 */
final class PlayerRecordsCodec {

    private PlayerRecordsCodec() {
    }

    /**
     * @param pack the pack whose item indices the inventories hold (the data names them in its order), or null for
     *             a world without content: then no player carries an inventory
     */
    static byte[] encode(WorldSnapshot snapshot, ContentPack pack) {
        Map<Long, int[]> carried = new HashMap<>();
        for (WorldSnapshot.InventoryRecord record : snapshot.inventories()) {
            carried.put(record.accountId(), record.counts());
        }
        VarBytes out = new VarBytes(16 + snapshot.players().size() * 10);
        for (PlayerRecord p : snapshot.players()) {
            out.writeLong(p.accountId());
            out.writeSigned(p.x());
            out.writeSigned(p.y());
            out.writeSigned(p.layer());
            int[] counts = pack == null ? null : carried.get(p.accountId());
            if (counts == null) {
                out.writeLong(0);
                continue;
            }
            int entries = 0;
            for (int count : counts) {
                entries += count != 0 ? 1 : 0;
            }
            out.writeLong(1 + entries);
            for (int item = 0; item < counts.length; item++) {
                if (counts[item] != 0) {
                    out.writeLong(item);
                    out.writeLong(counts[item]);
                }
            }
        }
        return out.toByteArray();
    }

    /** What {@link #decode} gives: the players, and the inventories of those who carried one. */
    record Players(List<PlayerRecord> records, List<WorldSnapshot.InventoryRecord> inventories) {
    }

    /**
     * @param itemMap stored item index → the pack's, -1 for a name the pack lacks
     * @param itemNames the stored names, for errors
     * @throws IllegalArgumentException for data that is not {@code count} players, naming the player and what is
     *                                  wrong
     */
    static Players decode(byte[] data, int count, ContentPack pack, int[] itemMap, List<String> itemNames) {
        if (count > data.length) {
            // Every player takes at least five bytes: a count beyond the data is a damaged row, not a big world.
            throw new IllegalArgumentException("snapshot lists " + count + " players in " + data.length + " bytes");
        }
        VarBytes in = VarBytes.reading(data);
        List<PlayerRecord> records = new ArrayList<>(count);
        List<WorldSnapshot.InventoryRecord> inventories = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long account = in.readLong();
            records.add(new PlayerRecord(account, coordinate(in, account, "x"), coordinate(in, account, "y"),
                    coordinate(in, account, "layer")));
            int entries = bounded(in.readLong(), itemMap.length + 1, account, "inventory size");
            if (entries == 0) {
                continue;
            }
            int[] counts = new int[pack.itemCount()];
            for (int e = 1; e < entries; e++) {
                int stored = bounded(in.readLong(), itemMap.length - 1, account, "item");
                int n = bounded(in.readLong(), ContentPack.MAX_COUNT, account, "count");
                int item = itemMap[stored];
                if (item < 0) {
                    throw new IllegalArgumentException("account " + account + " carries item "
                            + itemNames.get(stored) + ", which pack " + pack.name() + " does not define");
                }
                if (counts[item] != 0) {
                    throw new IllegalArgumentException("account " + account + " carries item "
                            + itemNames.get(stored) + " twice");
                }
                counts[item] = n;
            }
            inventories.add(new WorldSnapshot.InventoryRecord(account, counts));
        }
        if (!in.atEnd()) {
            throw new IllegalArgumentException("snapshot players' data goes on after its " + count + " players");
        }
        return new Players(records, inventories);
    }

    /** The message is built only for a bad value: thousands of players are read per hydration. */
    private static int bounded(long value, int max, long account, String what) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException("account " + account + "'s " + what + " " + value
                    + " is out of range 0.." + max);
        }
        return (int) value;
    }

    private static int coordinate(VarBytes in, long account, String what) {
        long value = in.readSigned();
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("account " + account + "'s " + what + " is out of range: " + value);
        }
        return (int) value;
    }
}
