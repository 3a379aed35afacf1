package lor.protocol;

import java.util.Objects;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.util.RawValue;

/**
 * A JSON object a message carries whole, for a hop that may never look inside: a world's state, which the director
 * stores and hands back without reading it. Held either as the tree its writer built or as the text a codec kept
 * ({@link MessageCodec#keepingAsText}); one is turned into the other only when asked for, so text that only passes
 * through is never parsed, and a tree that is only read is never written. Equal when the objects are equal.
 */
public final class JsonPayload {

    private final ObjectNode tree;
    private final String text;

    private JsonPayload(ObjectNode tree, String text) {
        this.tree = tree;
        this.text = text;
    }

    public static JsonPayload of(ObjectNode tree) {
        return new JsonPayload(Objects.requireNonNull(tree, "tree"), null);
    }

    /**
     * Text the caller vouches is one JSON object (what a codec kept, or a stored copy of it): it is not read here,
     * which is the point; {@link #tree()} is where malformed text would show.
     */
    public static JsonPayload ofText(String text) {
        return new JsonPayload(null, Objects.requireNonNull(text, "text"));
    }

    /** The object as a tree, parsed now if it is held as text. */
    public ObjectNode tree() {
        if (tree != null) {
            return tree;
        }
        JsonNode parsed = JsonText.read(text);
        if (!(parsed instanceof ObjectNode object)) {
            throw new IllegalStateException("the payload is not a JSON object");
        }
        return object;
    }

    /** The object as compact JSON text, written now if it is held as a tree. */
    public String text() {
        return text != null ? text : JsonText.write(tree);
    }

    /** What a message's encoder puts in its tree: the tree, or the text as a raw value written out verbatim. */
    public JsonNode node() {
        return tree != null ? tree : JsonNodeFactory.instance.rawValueNode(new RawValue(text));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonPayload other && tree().equals(other.tree());
    }

    @Override
    public int hashCode() {
        return tree().hashCode();
    }

    @Override
    public String toString() {
        return tree != null ? "JsonPayload[tree]" : "JsonPayload[text, " + text.length() + " chars]";
    }
}
