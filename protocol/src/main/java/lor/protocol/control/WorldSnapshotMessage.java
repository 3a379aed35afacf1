package lor.protocol.control;

import lor.protocol.JsonPayload;
import lor.protocol.Message;

/**
 * World → director: the full world state at one tick. Idempotent by {@code (worldId, seq)}; {@code last} marks the
 * final snapshot of a shutdown. The director never reads the state: its codec keeps it as the text the world sent,
 * which it stores and later hands back in {@link WorldHydrateMessage}.
 */
public record WorldSnapshotMessage(String worldId, long seq, JsonPayload state, boolean last) implements Message {

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
