package lor.protocol.game;

/**
 * → {@code set_recipe}: an intent to select the recipe the object on side {@code dir} runs. Applied at a tick like a
 * {@code move}, numbered by the same {@code seq}; refused with a {@code rejected} reason when the world does not
 * allow it then.
 */
public record SetRecipeMessage(String dir, String recipe, long seq, Object ref) implements ObjectActionMessage {

    public static final String TYPE = "set_recipe";

    @Override
    public String type() {
        return TYPE;
    }
}
