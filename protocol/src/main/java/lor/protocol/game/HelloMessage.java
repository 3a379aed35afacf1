package lor.protocol.game;

import lor.protocol.Message;

/**
 * → {@code hello}: the first frame on {@code /game}, presenting the ticket from {@code world_joined}; {@code ticket}
 * is null when the frame had none or a non-string one.
 */
public record HelloMessage(String ticket, Object ref) implements Message {

    public static final String TYPE = "hello";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "HelloMessage[ticket=<redacted>]";
    }
}
