package lor.protocol.game;

import lor.protocol.Message;

/**
 * ← {@code transfer}: the player stepped onto a portal; its entity has left this world. Connect to {@code gameUrl}
 * and say {@code hello} with {@code ticket} to appear in world {@code worldId} at the portal's target cell.
 */
public record TransferMessage(String worldId, String gameUrl, String ticket) implements Message {

    public static final String TYPE = "transfer";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "TransferMessage[worldId=" + worldId + ", gameUrl=" + gameUrl + ", ticket=<redacted>]";
    }
}
