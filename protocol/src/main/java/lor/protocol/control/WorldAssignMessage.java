package lor.protocol.control;

import lor.protocol.Message;

/**
 * Director → spare: become world {@code worldId} with these settings and this spawn's ticket secret. The process
 * then connects as that world ({@code world_register} with its spawn token) and is hydrated like any other.
 * {@code seedObjects} is the world server's {@code --seed-objects} value ({@code KIND:COUNT:LAYER}), or null.
 */
public record WorldAssignMessage(String worldId, String ticketSecret, String map, String content,
                                 String seedObjects, int npcs, int viewRadius, String spawn,
                                 long snapshotIntervalMs) implements Message {

    public static final String TYPE = "world_assign";

    /** A world without seeded objects. */
    public WorldAssignMessage(String worldId, String ticketSecret, String map, String content, int npcs,
                              int viewRadius, String spawn, long snapshotIntervalMs) {
        this(worldId, ticketSecret, map, content, null, npcs, viewRadius, spawn, snapshotIntervalMs);
    }

    /** A world without a content pack. */
    public WorldAssignMessage(String worldId, String ticketSecret, String map, int npcs, int viewRadius, String spawn,
                              long snapshotIntervalMs) {
        this(worldId, ticketSecret, map, null, null, npcs, viewRadius, spawn, snapshotIntervalMs);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "WorldAssignMessage[worldId=" + worldId + ", ticketSecret=<redacted>, map=" + map
                + ", content=" + content + ", seedObjects=" + seedObjects + ", npcs=" + npcs
                + ", viewRadius=" + viewRadius + ", spawn=" + spawn
                + ", snapshotIntervalMs=" + snapshotIntervalMs + "]";
    }
}
