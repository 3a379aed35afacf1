package lor.protocol.control;

import lor.protocol.Message;

/** World → director: the account's entity left this world (disconnect, transfer, kick or shutdown). */
public record PlayerLeftMessage(String worldId, long accountId) implements Message {

    public static final String TYPE = "player_left";

    @Override
    public String type() {
        return TYPE;
    }
}
