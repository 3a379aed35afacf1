package lor.protocol.director;

import lor.protocol.Message;

/** → {@code logout}: end this connection's session and revoke its token. */
public record LogoutMessage(Object ref) implements Message {

    public static final String TYPE = "logout";

    @Override
    public String type() {
        return TYPE;
    }
}
