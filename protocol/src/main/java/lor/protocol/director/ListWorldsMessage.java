package lor.protocol.director;

import lor.protocol.Message;

/** → {@code list_worlds}. */
public record ListWorldsMessage(Object ref) implements Message {

    public static final String TYPE = "list_worlds";

    @Override
    public String type() {
        return TYPE;
    }
}
