package lor.protocol.control;

import lor.protocol.Message;

/**
 * World → director, first frame on {@code /control} (and again after every reconnect): proves the process is the
 * one the director spawned with {@code spawnToken} and says where it serves players.
 */
public record WorldRegisterMessage(String worldId, String spawnToken, int gamePort, long pid) implements Message {

    public static final String TYPE = "world_register";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "WorldRegisterMessage[worldId=" + worldId + ", spawnToken=<redacted>, gamePort=" + gamePort
                + ", pid=" + pid + "]";
    }
}
