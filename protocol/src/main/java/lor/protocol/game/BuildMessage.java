package lor.protocol.game;

/**
 * → {@code build}: an intent to place an object of kind {@code kind} from the player's inventory on the cell on side
 * {@code dir}. Applied at a tick like a {@code move}, numbered by the same {@code seq}; refused with a {@code
 * rejected} reason when the world does not allow it then.
 */
public record BuildMessage(String kind, String dir, long seq, Object ref) implements ObjectActionMessage {

    public static final String TYPE = "build";

    @Override
    public String type() {
        return TYPE;
    }
}
