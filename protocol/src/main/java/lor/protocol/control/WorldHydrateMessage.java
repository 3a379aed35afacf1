package lor.protocol.control;

import lor.protocol.Message;
import tools.jackson.databind.node.ObjectNode;

/**
 * Director → world, answer to the first registration of a spawn: the last persisted snapshot, or {@code seq} 0
 * and no state for a world that was never saved.
 */
public record WorldHydrateMessage(String worldId, long seq, ObjectNode state) implements Message {

    public static final String TYPE = "world_hydrate";

    @Override
    public String type() {
        return TYPE;
    }
}
