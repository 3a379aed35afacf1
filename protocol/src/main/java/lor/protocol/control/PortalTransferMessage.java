package lor.protocol.control;

import lor.protocol.Message;

/**
 * World → director: account {@code accountId} stepped onto a portal to cell {@code (x, y, layer)} of world
 * {@code targetWorldId}. The director answers {@code portal_granted} or {@code portal_refused} with the same
 * {@code transferId}.
 */
public record PortalTransferMessage(String worldId, long transferId, long accountId, String targetWorldId, int x,
                                    int y, int layer) implements Message {

    public static final String TYPE = "portal_transfer";

    @Override
    public String type() {
        return TYPE;
    }
}
