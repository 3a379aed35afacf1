package lor.protocol.director;

import lor.protocol.Message;

/** → {@code login} with username and password. */
public record LoginMessage(String username, String password, Object ref) implements Message {

    public static final String TYPE = "login";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "LoginMessage[username=" + username + ", password=<redacted>]";
    }
}
