package lor.protocol.director;

import lor.protocol.Message;

/** ← {@code logged_in}: the account and a session token for {@code resume}. */
public record LoggedInMessage(long accountId, String token, Object ref) implements Message {

    public static final String TYPE = "logged_in";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "LoggedInMessage[accountId=" + accountId + ", token=<redacted>]";
    }
}
