package lor.protocol.game;

/**
 * → {@code dismantle}: an intent to take the object on side {@code dir}, with its stock, back into the inventory.
 * Applied at a tick like a {@code move}, numbered by the same {@code seq}; refused with a {@code rejected} reason
 * when the world does not allow it then.
 */
public record DismantleMessage(String dir, long seq, Object ref) implements ObjectActionMessage {

    public static final String TYPE = "dismantle";

    @Override
    public String type() {
        return TYPE;
    }
}
