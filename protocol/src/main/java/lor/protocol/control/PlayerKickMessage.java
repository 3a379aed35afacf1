package lor.protocol.control;

import lor.protocol.Message;

/**
 * Director → world: take the account's entity out and close its connection ({@code replaced}): the account entered
 * another world, and a player is in at most one world at a time.
 */
public record PlayerKickMessage(String worldId, long accountId, String reason) implements Message {

    public static final String TYPE = "player_kick";

    @Override
    public String type() {
        return TYPE;
    }
}
