package lor.protocol.control;

import lor.protocol.JsonPayload;
import lor.protocol.Message;

/**
 * Director → world, answer to the first registration of a spawn: the last persisted snapshot, or {@code seq} 0
 * and no state for a world that was never saved. The director sends the state as it stored it, without reading it.
 */
public record WorldHydrateMessage(String worldId, long seq, JsonPayload state) implements Message {

    public static final String TYPE = "world_hydrate";

    @Override
    public String type() {
        return TYPE;
    }
}
