package lor.protocol.control;

import lor.protocol.Message;

/**
 * World → director, every second while the world is alive: its tick thread has moved on since the last one (or is
 * busy hydrating). {@code tick} is the loop's tick count. A world that misses three is killed and replaced.
 */
public record WorldHeartbeatMessage(String worldId, long tick) implements Message {

    public static final String TYPE = "world_heartbeat";

    @Override
    public String type() {
        return TYPE;
    }
}
