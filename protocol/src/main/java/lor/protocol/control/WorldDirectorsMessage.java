package lor.protocol.control;

import java.util.List;

import lor.protocol.Message;

/**
 * Director → world: the {@code /control} addresses of every director sharing the database, the sender's first. A
 * world whose director goes away reconnects to one of these and is adopted there; sent on registration and when the
 * directors change, so that a world outlives the list it was started with (a director started after it, or all of
 * them restarted one by one).
 */
public record WorldDirectorsMessage(String worldId, List<String> controlUrls) implements Message {

    public static final String TYPE = "world_directors";
    /** As many as a world's {@code --control-url} may list. */
    public static final int MAX_URLS = 16;

    public WorldDirectorsMessage {
        controlUrls = List.copyOf(controlUrls);
    }

    @Override
    public String type() {
        return TYPE;
    }
}
