package lor.protocol.control;

import lor.protocol.Message;

/** World → director: the final snapshot {@code lastSeq} is acknowledged and the process is exiting. */
public record ShutdownAckMessage(String worldId, long lastSeq) implements Message {

    public static final String TYPE = "shutdown_ack";

    @Override
    public String type() {
        return TYPE;
    }
}
