package lor.world.snapshot;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

import lor.sim.content.ContentPack;
import lor.sim.objects.ObjectImage;
import lor.sim.world.PlayerRecord;
import lor.sim.world.WorldSnapshot;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The persisted form of a world's state, as JSON the director stores without reading it. Format 3:
 * <pre>
 * {"format":3,"tick":T,"nextEntityId":N,
 *  "players":{"count":C,"items":[…],"data":BASE64},
 *  "objects":{"pack":NAME,"kinds":[…],"items":[…],"recipes":[…],"count":C,"data":BASE64},
 *  "modules":[…]}
 * </pre>
 * The players' {@code data} is {@link PlayerRecordsCodec}'s bytes (place and inventory of every player who visited
 * the world), {@code objects}' {@link ObjectImageCodec}'s; their kind, item and recipe indices are positions in the
 * lists beside them: a pack reordered or extended since the snapshot still reads it, by name. {@code items} and
 * {@code objects} are absent in a world without content. Formats 1 (players as JSON objects, no inventories, no
 * objects) and 2 (players as JSON objects {@code {"accountId":A,"x":X,"y":Y,"layer":L,"inventory":{ITEM:N,…}}})
 * still read. {@code modules}, in a world that runs game modules, is {@link ModuleImagesCodec}'s: what each module
 * keeps, by name, so that a world hydrates after a module update (and refuses to when its pack dropped a module
 * whose state the snapshot holds).
 */
public final class SnapshotCodec {

    public static final int FORMAT = 3;
    static final int FORMAT_PLAYERS_AS_JSON = 2;
    static final int FORMAT_WITHOUT_OBJECTS = 1;

    private SnapshotCodec() {
    }

    public static ObjectNode encode(WorldSnapshot snapshot) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", FORMAT);
        root.put("tick", snapshot.tick());
        root.put("nextEntityId", snapshot.nextEntityId());
        ObjectImage image = snapshot.objects();
        ContentPack pack = image == null ? null : image.pack();
        ObjectNode players = root.putObject("players");
        players.put("count", snapshot.players().size());
        if (pack != null) {
            putNames(players.putArray("items"), pack.itemCount(), pack::item);
        }
        players.put("data", Base64.getEncoder().encodeToString(PlayerRecordsCodec.encode(snapshot, pack)));
        if (pack != null && !pack.isEmpty()) {
            ObjectNode objects = root.putObject("objects");
            objects.put("pack", pack.name());
            putNames(objects.putArray("kinds"), pack.kindCount(), k -> pack.kind(k).id());
            putNames(objects.putArray("items"), pack.itemCount(), pack::item);
            putNames(objects.putArray("recipes"), pack.recipeCount(), r -> pack.recipe(r).id());
            objects.put("count", image.count());
            objects.put("data", Base64.getEncoder().encodeToString(ObjectImageCodec.encode(image, pack)));
        }
        if (!snapshot.modules().isEmpty()) {
            ModuleImagesCodec.encode(snapshot.modules(), root.putArray("modules"));
        }
        return root;
    }

    /** Reads a stored state without content (the pack of a world that has none). */
    public static WorldSnapshot decode(JsonNode root) {
        return decode(root, ContentPack.empty());
    }

    /**
     * Reads a stored state into the world's pack; a state this build or pack cannot read is an error naming what
     * does not fit, never a silently emptier world.
     *
     * @param cells the cells of the world's grid, which every object must stand on
     */
    public static WorldSnapshot decode(JsonNode root, ContentPack pack, int cells) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("snapshot state is not an object");
        }
        JsonNode format = root.path("format");
        if (!format.isIntegralNumber() || !format.canConvertToInt() || format.intValue() != FORMAT
                && format.intValue() != FORMAT_PLAYERS_AS_JSON && format.intValue() != FORMAT_WITHOUT_OBJECTS) {
            throw new IllegalArgumentException("unsupported snapshot format " + format);
        }
        PlayerRecordsCodec.Players players = format.intValue() == FORMAT ? players(root.path("players"), pack)
                : playersAsJson(root.path("players"), pack);
        long tick = requireLong(root, "tick");
        ObjectImage objects = null;
        JsonNode stored = root.get("objects");
        if (stored != null && stored.isObject()) {
            objects = objects(stored, pack, cells);
            if (objects.tick() != tick) {
                throw new IllegalArgumentException("snapshot objects are of tick " + objects.tick() + ", the world's "
                        + tick);
            }
        }
        return new WorldSnapshot(tick, requireInt(root, "nextEntityId"), players.records(), players.inventories(),
                objects, ModuleImagesCodec.decode(root.get("modules")));
    }

    /** As {@link #decode(JsonNode, ContentPack, int)} for a state whose objects need no grid check (tests). */
    public static WorldSnapshot decode(JsonNode root, ContentPack pack) {
        return decode(root, pack, Integer.MAX_VALUE);
    }

    private static PlayerRecordsCodec.Players players(JsonNode players, ContentPack pack) {
        if (!players.isObject()) {
            throw new IllegalArgumentException("snapshot has no players object");
        }
        int count = requireInt(players, "count");
        if (count < 0) {
            throw new IllegalArgumentException("snapshot players' count is negative: " + count);
        }
        JsonNode items = players.get("items");
        int[] itemMap = items == null ? new int[0] : names(items, "item", pack::itemIndex);
        List<String> itemNames = new ArrayList<>();
        if (items != null) {
            items.forEach(name -> itemNames.add(name.asString("")));
        }
        return PlayerRecordsCodec.decode(base64(players, "players"), count, pack, itemMap, itemNames);
    }

    /** Formats 1 and 2: a JSON object per player. */
    private static PlayerRecordsCodec.Players playersAsJson(JsonNode players, ContentPack pack) {
        if (!players.isArray()) {
            throw new IllegalArgumentException("snapshot has no players array");
        }
        List<PlayerRecord> records = new ArrayList<>(players.size());
        List<WorldSnapshot.InventoryRecord> inventories = new ArrayList<>();
        for (JsonNode p : players) {
            long account = requireLong(p, "accountId");
            records.add(new PlayerRecord(account, requireInt(p, "x"), requireInt(p, "y"), requireInt(p, "layer")));
            JsonNode inventory = p.get("inventory");
            if (inventory != null && inventory.isObject()) {
                inventories.add(new WorldSnapshot.InventoryRecord(account, inventory(inventory, pack, account)));
            }
        }
        return new PlayerRecordsCodec.Players(records, inventories);
    }

    private static int[] inventory(JsonNode inventory, ContentPack pack, long account) {
        int[] counts = new int[pack.itemCount()];
        for (Map.Entry<String, JsonNode> e : inventory.properties()) {
            int item = pack.itemIndex(e.getKey());
            if (item < 0) {
                throw new IllegalArgumentException("account " + account + " carries item " + e.getKey()
                        + ", which pack " + pack.name() + " does not define");
            }
            JsonNode n = e.getValue();
            if (!n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < 0
                    || n.intValue() > ContentPack.MAX_COUNT) {
                throw new IllegalArgumentException("account " + account + " carries a bad count of " + e.getKey());
            }
            counts[item] = n.intValue();
        }
        return counts;
    }

    private static ObjectImage objects(JsonNode stored, ContentPack pack, int cells) {
        int[] kinds = names(stored.path("kinds"), "kind", pack::kindIndex);
        int[] items = names(stored.path("items"), "item", pack::itemIndex);
        int[] recipes = names(stored.path("recipes"), "recipe", pack::recipeIndex);
        return ObjectImageCodec.decode(base64(stored, "objects"), pack, kinds, items, recipes, cells);
    }

    /**
     * Maps stored names to the pack's indices. A name the pack lacks maps to -1: only an object or inventory that
     * uses it is an error (a studio may remove a kind nobody built).
     */
    private static int[] names(JsonNode list, String what, ToIntFunction<String> index) {
        if (!list.isArray()) {
            throw new IllegalArgumentException("snapshot has no list of " + what + "s");
        }
        int[] map = new int[list.size()];
        for (int i = 0; i < map.length; i++) {
            map[i] = index.applyAsInt(list.get(i).asString(""));
        }
        return map;
    }

    private static byte[] base64(JsonNode holder, String what) {
        JsonNode data = holder.path("data");
        if (!data.isString()) {
            throw new IllegalArgumentException("snapshot " + what + " have no data");
        }
        try {
            return Base64.getDecoder().decode(data.asString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("snapshot " + what + "' data is not base64");
        }
    }

    private static void putNames(ArrayNode out, int count, IntFunction<String> name) {
        for (int i = 0; i < count; i++) {
            out.add(name.apply(i));
        }
    }

    private static int requireInt(JsonNode node, String field) {
        long value = requireLong(node, field);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("snapshot field " + field + " is out of range: " + value);
        }
        return (int) value;
    }

    private static long requireLong(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
            throw new IllegalArgumentException("snapshot field " + field + " is missing or not an integer");
        }
        return value.longValue();
    }
}
