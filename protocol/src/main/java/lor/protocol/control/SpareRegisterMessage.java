package lor.protocol.control;

import lor.protocol.Message;

/**
 * Spare → director, first frame of a warm spare process: it is started and waiting for a world. Its spawn token
 * proves the director started it.
 */
public record SpareRegisterMessage(String spawnToken, long pid) implements Message {

    public static final String TYPE = "spare_register";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "SpareRegisterMessage[spawnToken=<redacted>, pid=" + pid + "]";
    }
}
