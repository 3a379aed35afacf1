package lor.protocol.game;

/**
 * → {@code put}: an intent to move {@code count} of {@code item} from the inventory into the stock of the object on
 * side {@code dir}. Applied at a tick like a {@code move}, numbered by the same {@code seq}; refused with a {@code
 * rejected} reason when the world does not allow it then.
 */
public record PutMessage(String dir, String item, long count, long seq, Object ref) implements ObjectActionMessage {

    public static final String TYPE = "put";

    @Override
    public String type() {
        return TYPE;
    }
}
