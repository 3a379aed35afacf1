package lor.protocol.control;

import lor.protocol.Message;

/**
 * Director → world, answer to a registration after a reconnect of an already hydrated world: the world goes on
 * and resends its unacknowledged snapshot, if it has one.
 */
public record WorldResumedMessage(String worldId) implements Message {

    public static final String TYPE = "world_resumed";

    @Override
    public String type() {
        return TYPE;
    }
}
