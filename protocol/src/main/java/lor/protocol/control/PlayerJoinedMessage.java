package lor.protocol.control;

import lor.protocol.Message;

/** World → director: the account's entity is now in this world. */
public record PlayerJoinedMessage(String worldId, long accountId) implements Message {

    public static final String TYPE = "player_joined";

    @Override
    public String type() {
        return TYPE;
    }
}
