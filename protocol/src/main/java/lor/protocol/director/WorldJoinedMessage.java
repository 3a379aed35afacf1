package lor.protocol.director;

import lor.protocol.Message;

/** ← {@code world_joined}: where the world serves and the single-use ticket to present in {@code hello}. */
public record WorldJoinedMessage(String worldId, String gameUrl, String ticket, Object ref) implements Message {

    public static final String TYPE = "world_joined";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "WorldJoinedMessage[worldId=" + worldId + ", gameUrl=" + gameUrl + ", ticket=<redacted>]";
    }
}
