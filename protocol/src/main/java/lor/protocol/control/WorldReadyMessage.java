package lor.protocol.control;

import lor.protocol.Message;

/** World → director: hydration is applied; the world admits players. {@code hydratedSeq} 0 means a fresh world. */
public record WorldReadyMessage(String worldId, long hydratedSeq) implements Message {

    public static final String TYPE = "world_ready";

    @Override
    public String type() {
        return TYPE;
    }
}
