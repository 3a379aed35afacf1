package lor.protocol.director;

import java.util.List;

import lor.protocol.Message;

/** ← {@code worlds}: every world with its status and player count. */
public record WorldsMessage(List<WorldSummary> worlds, Object ref) implements Message {

    public static final String TYPE = "worlds";

    public WorldsMessage {
        worlds = List.copyOf(worlds);
    }

    @Override
    public String type() {
        return TYPE;
    }

    /** One world as a client sees it; {@code status} is stopped, starting, running or stopping. */
    public record WorldSummary(String worldId, String name, String status, int players) {
    }
}
