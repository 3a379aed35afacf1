package lor.protocol.director;

import lor.protocol.Message;

/** ← {@code logged_out}: the session token is revoked and the connection is anonymous again. */
public record LoggedOutMessage(Object ref) implements Message {

    public static final String TYPE = "logged_out";

    @Override
    public String type() {
        return TYPE;
    }
}
