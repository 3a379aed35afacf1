package lor.protocol.control;

import lor.protocol.Message;

/** Director → world: the transfer cannot happen ({@code reason} is safe to show the player); the player stays. */
public record PortalRefusedMessage(String worldId, long transferId, long accountId, String reason)
        implements Message {

    public static final String TYPE = "portal_refused";

    @Override
    public String type() {
        return TYPE;
    }
}
