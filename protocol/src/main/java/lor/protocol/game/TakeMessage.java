package lor.protocol.game;

/**
 * → {@code take}: an intent to move {@code count} of {@code item} from the stock of the object on side {@code dir}
 * into the inventory. Applied at a tick like a {@code move}, numbered by the same {@code seq}; refused with a {@code
 * rejected} reason when the world does not allow it then.
 */
public record TakeMessage(String dir, String item, long count, long seq, Object ref) implements ObjectActionMessage {

    public static final String TYPE = "take";

    @Override
    public String type() {
        return TYPE;
    }
}
