package lor.world.snapshot;

import java.util.ArrayList;
import java.util.List;

import lor.sim.world.PlayerRecord;
import lor.sim.world.WorldSnapshot;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The persisted form of a world's state, as JSON the director stores without reading it:
 * <pre>{"format":1,"tick":T,"nextEntityId":N,"players":[{"accountId":A,"x":X,"y":Y,"layer":L}…]}</pre>
 */
public final class SnapshotCodec {

    public static final int FORMAT = 1;

    private SnapshotCodec() {
    }

    public static ObjectNode encode(WorldSnapshot snapshot) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", FORMAT);
        root.put("tick", snapshot.tick());
        root.put("nextEntityId", snapshot.nextEntityId());
        ArrayNode players = root.putArray("players");
        for (PlayerRecord p : snapshot.players()) {
            players.addObject()
                    .put("accountId", p.accountId())
                    .put("x", p.x())
                    .put("y", p.y())
                    .put("layer", p.layer());
        }
        return root;
    }

    /** Reads a stored state; a state this build cannot read is an error, never a silently empty world. */
    public static WorldSnapshot decode(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("snapshot state is not an object");
        }
        JsonNode format = root.path("format");
        if (!format.isIntegralNumber() || !format.canConvertToInt() || format.intValue() != FORMAT) {
            throw new IllegalArgumentException("unsupported snapshot format " + format);
        }
        JsonNode players = root.path("players");
        if (!players.isArray()) {
            throw new IllegalArgumentException("snapshot has no players array");
        }
        List<PlayerRecord> records = new ArrayList<>(players.size());
        for (JsonNode p : players) {
            records.add(new PlayerRecord(requireLong(p, "accountId"), requireInt(p, "x"), requireInt(p, "y"),
                    requireInt(p, "layer")));
        }
        return new WorldSnapshot(requireLong(root, "tick"), requireInt(root, "nextEntityId"), records);
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
