package lor.protocol.game;

import lor.protocol.Message;

/**
 * → {@code hello}: the first frame on {@code /game}, presenting the ticket from {@code world_joined}; {@code ticket}
 * is null when the frame had none or a non-string one. {@code encoding} is {@code json} (the default, also when
 * absent) or {@code binary} (state frames in {@link lor.protocol.game.binary.BinaryState}'s encoding). {@code names}
 * (default false) asks for {@link NamesMessage}s: the usernames of the other players, which a client that does not
 * ask never receives.
 */
public record HelloMessage(String ticket, String encoding, boolean names, Object ref) implements Message {

    public static final String TYPE = "hello";
    public static final String JSON = "json";

    /** A plain hello: JSON state frames. */
    public HelloMessage(String ticket, Object ref) {
        this(ticket, null, false, ref);
    }

    /** A hello that does not ask for names. */
    public HelloMessage(String ticket, String encoding, Object ref) {
        this(ticket, encoding, false, ref);
    }

    /** True when the client asked for {@code binary} state frames. */
    public boolean wantsBinary() {
        return "binary".equals(encoding);
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "HelloMessage[ticket=<redacted>, encoding=" + encoding + ", names=" + names + "]";
    }
}
