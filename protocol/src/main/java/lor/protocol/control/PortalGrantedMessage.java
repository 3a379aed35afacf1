package lor.protocol.control;

import lor.protocol.Message;

/** Director → world: the target world runs; hand the player this game URL and ticket, then let it go. */
public record PortalGrantedMessage(String worldId, long transferId, long accountId, String targetWorldId,
                                   String gameUrl, String ticket) implements Message {

    public static final String TYPE = "portal_granted";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "PortalGrantedMessage[worldId=" + worldId + ", transferId=" + transferId + ", accountId=" + accountId
                + ", targetWorldId=" + targetWorldId + ", gameUrl=" + gameUrl + ", ticket=<redacted>]";
    }
}
