package lor.protocol.control;

import lor.protocol.Message;

/** Director → world: snapshot {@code seq} is committed to the database. */
public record SnapshotAckMessage(String worldId, long seq) implements Message {

    public static final String TYPE = "snapshot_ack";

    @Override
    public String type() {
        return TYPE;
    }
}
