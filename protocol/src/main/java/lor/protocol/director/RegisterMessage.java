package lor.protocol.director;

import lor.protocol.Message;

/** → {@code register}: create an account. */
public record RegisterMessage(String username, String password, Object ref) implements Message {

    public static final String TYPE = "register";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "RegisterMessage[username=" + username + ", password=<redacted>]";
    }
}
