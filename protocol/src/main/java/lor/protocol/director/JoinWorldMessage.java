package lor.protocol.director;

import lor.protocol.Message;

/** → {@code join_world}: ask for a seat in a world, starting its process if none runs. */
public record JoinWorldMessage(String worldId, Object ref) implements Message {

    public static final String TYPE = "join_world";

    @Override
    public String type() {
        return TYPE;
    }
}
