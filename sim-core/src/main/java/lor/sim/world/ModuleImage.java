package lor.sim.world;

import java.util.List;

/**
 * What one game module keeps in a world, as a snapshot carries it: its field's occupied cells, its NPCs, every
 * player's attributes and entity data by account, and its wakes. Attributes, data columns and cell values are named,
 * so that a world hydrates after the module has added some (they start at their defaults) or dropped some (their
 * values are let go). Arrays are flat, a fixed number of ints per entry; the snapshot codec encodes them.
 *
 * @param attributes    the module's attributes when the image was taken, in its order then
 * @param data          its entity data columns, likewise
 * @param cellNames     the names of the values in {@code cells}, by value: {@code cellNames.get(v - 1)} (null where
 *                      the module declared no value {@code v})
 * @param cells         per occupied cell: grid index, value, set tick's low 32 bits
 * @param npcs          per NPC, ascending id: id, x, y, layer
 * @param npcValues     per NPC: its attributes then its data, as listed above
 * @param accounts      the players the world knows, online or not
 * @param accountValues per account: its attributes then its data
 * @param wakes         per wake: due tick, key, tag
 * @param watches       per watched cell, ascending: grid index, tag (none in snapshots taken before watches existed)
 */
public record ModuleImage(String module, List<String> attributes, List<String> data, List<String> cellNames,
                          int[] cells, int[] npcs, int[] npcValues, long[] accounts, int[] accountValues,
                          long[] wakes, int[] watches) {

    public static final int CELL_INTS = 3;
    public static final int NPC_INTS = 4;
    public static final int WAKE_LONGS = 3;
    public static final int WATCH_INTS = 2;

    public ModuleImage {
        attributes = List.copyOf(attributes);
        data = List.copyOf(data);
        cellNames = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(cellNames));
        watches = watches == null ? new int[0] : watches;
    }

    /** An image without watches: what a snapshot taken before watches existed holds. */
    public ModuleImage(String module, List<String> attributes, List<String> data, List<String> cellNames,
                       int[] cells, int[] npcs, int[] npcValues, long[] accounts, int[] accountValues, long[] wakes) {
        this(module, attributes, data, cellNames, cells, npcs, npcValues, accounts, accountValues, wakes, null);
    }

    /** Ints of each NPC's and each account's values. */
    public int valuesPerEntity() {
        return attributes.size() + data.size();
    }
}
