package lor.protocol.director;

import lor.protocol.Message;

/** → {@code resume}: log in again with a session token from an earlier {@code logged_in}. */
public record ResumeMessage(String token, Object ref) implements Message {

    public static final String TYPE = "resume";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public String toString() {
        return "ResumeMessage[token=<redacted>]";
    }
}
