package lor.protocol.game;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import lor.protocol.Message;

/**
 * → {@code act}: an intent to run the game module action {@code action} with its declared fields, numbered by the
 * intents' {@code seq} and applied at a tick like a {@code move}; the world checks the action and its fields against
 * what its modules declare and refuses with a {@code rejected} reason, not a protocol error.
 *
 * <p>As decoded: {@code action} is null when the frame's is missing, not a string or not a name (1-32 of {@code a-z
 * 0-9 _}, starting with a letter), so that the world answers {@code unknown_action} for this {@code seq} and no
 * client text that cannot name an action is kept. {@code fields} holds the frame's other members (all but {@code
 * type}, {@code action}, {@code seq} and {@code ref}) in the frame's order: an integer that fits a long as a
 * {@link Long}, a string as a {@link String}, anything else as an {@link Unsupported} naming its JSON type, which the
 * world refuses as {@code bad_field}.
 *
 * <p>Bounds, so that nothing keyed by client input grows without limit on its way to the world's queue: at most
 * {@value #MAX_FIELDS} fields are kept and the rest ignored (no action declares more than 16, so 17 always include
 * one the action does not declare and the act is refused as {@code bad_field} whatever followed). A key longer than
 * {@value #MAX_KEY_CHARS} characters ends the reading with one entry under {@link #LONG_KEY}, {@code ""}, holding
 * {@link Unsupported#LONG_KEY}: no field is named {@code ""}, so that too is {@code bad_field}, where a key cut to
 * its first characters could have become a field the action declares.
 */
public record ActMessage(String action, long seq, Map<String, Object> fields, Object ref) implements Message {

    public static final String TYPE = "act";

    /** The most fields a decoded {@code act} keeps: one more than any action declares. */
    public static final int MAX_FIELDS = 17;
    /** The longest key a decoded {@code act} keeps as a field's name: longer than any name the contract allows. */
    public static final int MAX_KEY_CHARS = 64;
    /** The key that stands for a key longer than {@link #MAX_KEY_CHARS}: never a field's name. */
    public static final String LONG_KEY = "";
    /** The keys that are never a field's name. */
    public static final Set<String> RESERVED_KEYS = Set.of("type", "action", "seq", "ref");

    /**
     * @param fields field → {@link Long} (an {@link Integer} is kept as a {@link Long}, as a decoded one would be),
     *               {@link String} or {@link Unsupported}; encoded in its order, an {@link Unsupported} left out; null
     *               for none
     */
    public ActMessage {
        Map<String, Object> copy = new LinkedHashMap<>();
        if (fields != null) {
            for (Map.Entry<String, Object> e : fields.entrySet()) {
                String key = Objects.requireNonNull(e.getKey(), "field name");
                if (RESERVED_KEYS.contains(key)) {
                    // Encoded, it would overwrite the frame's own member of that name.
                    throw new IllegalArgumentException(key + " is never a field's name");
                }
                copy.put(key, value(key, e.getValue()));
            }
        }
        fields = Collections.unmodifiableMap(copy);
    }

    private static Object value(String key, Object value) {
        if (value instanceof Integer i) {
            return i.longValue();
        }
        if (value instanceof Long || value instanceof String || value instanceof Unsupported) {
            return value;
        }
        throw new IllegalArgumentException("field " + key + " must be a Long, a String or an Unsupported, not "
                + (value == null ? "null" : value.getClass().getSimpleName()));
    }

    @Override
    public String type() {
        return TYPE;
    }

    /**
     * A field's value of a JSON type no field takes ({@code boolean}, {@code number} for a decimal or an integer
     * beyond a long, {@code object}, {@code array}, {@code null}), or {@code long key}: kept only so that the world
     * refuses it as {@code bad_field}. Its {@code toString} is that name, which a refusal may quote.
     */
    public record Unsupported(String type) {

        /** The value under {@link ActMessage#LONG_KEY}. */
        public static final Unsupported LONG_KEY = new Unsupported("long key");

        public Unsupported {
            Objects.requireNonNull(type, "type");
        }

        @Override
        public String toString() {
            return type;
        }
    }
}
