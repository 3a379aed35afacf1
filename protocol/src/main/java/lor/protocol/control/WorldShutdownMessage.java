package lor.protocol.control;

import lor.protocol.Message;

/** Director → world: stop, after a final snapshot that the director acknowledges. */
public record WorldShutdownMessage(String worldId, String reason) implements Message {

    public static final String TYPE = "world_shutdown";

    @Override
    public String type() {
        return TYPE;
    }
}
