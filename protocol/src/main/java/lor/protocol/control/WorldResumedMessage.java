package lor.protocol.control;

import lor.protocol.Message;

/**
 * Director → world, answer to a registration after a reconnect of an already hydrated world: the world goes on
 * and resends its unacknowledged snapshot, if it has one. A restarted director that adopts a running world (it
 * never knew the secret the world's tickets are signed with) sends a new {@code ticketSecret}; the world signs
 * with it from then on. Null after an ordinary reconnect to the same director.
 */
public record WorldResumedMessage(String worldId, String ticketSecret) implements Message {

    public static final String TYPE = "world_resumed";

    /** An ordinary reconnect: the ticket secret is unchanged. */
    public WorldResumedMessage(String worldId) {
        this(worldId, null);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "WorldResumedMessage[worldId=" + worldId + ", ticketSecret="
                + (ticketSecret == null ? "unchanged" : "<redacted>") + "]";
    }
}
