package lor.protocol.game;

import lor.protocol.Message;

/**
 * ← {@code map}, once, right after {@code welcome}: the world's static map. {@code cells} holds every cell value
 * (see the README for the cell bits) in index order {@code (layer*height+y)*width+x}, run-length encoded as
 * {@link MapEncoding} describes.
 */
public record MapMessage(int width, int height, int layers, int spawnX, int spawnY, int spawnLayer, String encoding,
                         String cells) implements Message {

    public static final String TYPE = "map";

    @Override
    public String type() {
        return TYPE;
    }
}
