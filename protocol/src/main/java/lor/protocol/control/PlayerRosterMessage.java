package lor.protocol.control;

import java.util.List;

import lor.protocol.Message;

/**
 * World → director, after every (re)registration: every account in the world, so that the director's membership
 * is right again after a control connection was lost and {@code player_joined}/{@code player_left} with it.
 */
public record PlayerRosterMessage(String worldId, List<Long> accountIds) implements Message {

    public static final String TYPE = "player_roster";

    public PlayerRosterMessage {
        accountIds = List.copyOf(accountIds);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
