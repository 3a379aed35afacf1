package lor.protocol.director;

import lor.protocol.Message;

/** ← {@code registered}: the new account's id. */
public record RegisteredMessage(long accountId, Object ref) implements Message {

    public static final String TYPE = "registered";

    @Override
    public String type() {
        return TYPE;
    }
}
