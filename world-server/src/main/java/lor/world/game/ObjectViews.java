package lor.world.game;

import java.util.LinkedHashMap;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.objects.Inventories;

/** How a world's content reads in messages: counts by item name. */
public final class ObjectViews {

    private ObjectViews() {
    }

    /** The items an inventory holds (counts above 0), by name, in the pack's order. */
    public static Map<String, Integer> counts(ContentPack pack, Inventories.Inventory inventory) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (int item = 0; item < pack.itemCount(); item++) {
            if (inventory.count(item) > 0) {
                counts.put(pack.item(item), inventory.count(item));
            }
        }
        return counts;
    }
}
