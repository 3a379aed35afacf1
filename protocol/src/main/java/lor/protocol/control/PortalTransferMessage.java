package lor.protocol.control;

import lor.protocol.Message;

/**
 * World → director: account {@code accountId} stepped onto a portal to cell {@code (x, y, layer)} of world
 * {@code targetWorldId}. The director answers {@code portal_granted} or {@code portal_refused} with the same
 * {@code transferId}. {@code name} is the player's username as its ticket gave it, for the director to put in the
 * ticket to the target world; null (and absent on the wire) when the ticket had none.
 */
public record PortalTransferMessage(String worldId, long transferId, long accountId, String targetWorldId, int x,
                                    int y, int layer, String name) implements Message {

    public static final String TYPE = "portal_transfer";

    /** A transfer of a player without a name. */
    public PortalTransferMessage(String worldId, long transferId, long accountId, String targetWorldId, int x, int y,
                                 int layer) {
        this(worldId, transferId, accountId, targetWorldId, x, y, layer, null);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
