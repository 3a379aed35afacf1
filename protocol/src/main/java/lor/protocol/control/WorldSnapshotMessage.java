package lor.protocol.control;

import lor.protocol.Message;
import tools.jackson.databind.node.ObjectNode;

/**
 * World → director: the full world state at one tick. Idempotent by {@code (worldId, seq)}; {@code last} marks the
 * final snapshot of a shutdown.
 */
public record WorldSnapshotMessage(String worldId, long seq, ObjectNode state, boolean last) implements Message {

    public static final String TYPE = "world_snapshot";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "WorldSnapshotMessage[worldId=" + worldId + ", seq=" + seq + ", last=" + last + "]";
    }
}
