package lor.protocol.game;

import java.util.List;

import lor.protocol.Message;

/**
 * ← {@code map}, once, right after {@code welcome}: the world's static map. {@code cells} holds every cell value
 * (see the README for the cell bits) in index order {@code (layer*height+y)*width+x}, run-length encoded as
 * {@link MapEncoding} describes.
 */
public record MapMessage(int width, int height, int layers, int spawnX, int spawnY, int spawnLayer, String encoding,
                         String cells, List<PortalInfo> portals) implements Message {

    public static final String TYPE = "map";

    public MapMessage {
        portals = List.copyOf(portals);
    }

    /** Portal {@code number} (the value of cell bits 4-11) leads to world {@code worldId}. */
    public record PortalInfo(int number, String worldId) {
    }

    @Override
    public String type() {
        return TYPE;
    }
}
