package lor.protocol;

import java.util.Map;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Typed, validating access to the fields of one decoded JSON object. Every failure is a
 * {@link ErrorCode#BAD_REQUEST} naming the field, carrying the frame's {@code ref}.
 */
public final class Fields {

    private final ObjectNode node;
    /** Object members the codec kept as their text (see {@link MessageCodec#keepingAsText}), by name. */
    private final Map<String, String> kept;
    private final Object ref;

    Fields(ObjectNode node, Map<String, String> kept, Object ref) {
        this.node = node;
        this.kept = kept;
        this.ref = ref;
    }

    public Object ref() {
        return ref;
    }

    public boolean has(String name) {
        JsonNode value = node.get(name);
        return kept.containsKey(name) || value != null && !value.isNull();
    }

    /**
     * The object's members in the frame's order, for a message whose keys are data (an {@code act}'s fields). A
     * member the codec kept as text is not among them.
     */
    public Iterable<Map.Entry<String, JsonNode>> members() {
        return node.properties();
    }

    /**
     * The member's value as read, null when absent, unchecked: for a member whose malformation means the same as its
     * absence ({@code welcome.modules}). A member the codec kept as text is absent here.
     */
    public JsonNode member(String name) {
        return node.get(name);
    }

    /** A required string of at most {@link Limits#MAX_STRING_CHARS} characters. */
    public String string(String name) throws ProtocolException {
        JsonNode value = value(name);
        if (value == null || value.isNull()) {
            throw missing(name);
        }
        if (!value.isString()) {
            throw bad(name + " must be a string");
        }
        String text = value.stringValue();
        if (text.length() > Limits.MAX_STRING_CHARS) {
            throw bad(name + " is longer than " + Limits.MAX_STRING_CHARS + " characters");
        }
        return text;
    }

    /**
     * A required string of any length, for data a server sends (a map's cells) that only the reader's frame limit
     * bounds: {@link Limits#MAX_STRING_CHARS} is a limit on what clients send, not on what they are sent.
     */
    public String longString(String name) throws ProtocolException {
        JsonNode value = required(name);
        if (!value.isString()) {
            throw bad(name + " must be a string");
        }
        return value.stringValue();
    }

    /** The field if it is a string of acceptable length, else {@code null}: for fields whose absence and
     * malformation mean the same refusal (a ticket). */
    public String stringOrNull(String name) {
        // A member kept as text is an object: no string either way.
        JsonNode value = node.get(name);
        if (value == null || !value.isString() || value.stringValue().length() > Limits.MAX_STRING_CHARS) {
            return null;
        }
        return value.stringValue();
    }

    /** An optional string; {@code null} when absent. */
    public String optionalString(String name) throws ProtocolException {
        return has(name) ? string(name) : null;
    }

    public long longValue(String name) throws ProtocolException {
        JsonNode value = required(name);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw bad(name + " must be an integer");
        }
        return value.longValue();
    }

    public int intValue(String name) throws ProtocolException {
        JsonNode value = required(name);
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw bad(name + " must be a 32-bit integer");
        }
        return value.intValue();
    }

    public double doubleValue(String name) throws ProtocolException {
        JsonNode value = required(name);
        if (!value.isNumber()) {
            throw bad(name + " must be a number");
        }
        return value.doubleValue();
    }

    public boolean booleanValue(String name, boolean fallback) throws ProtocolException {
        JsonNode value = value(name);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isBoolean()) {
            throw bad(name + " must be true or false");
        }
        return value.booleanValue();
    }

    /** A required JSON object. */
    public ObjectNode object(String name) throws ProtocolException {
        JsonNode value = required(name);
        if (!value.isObject()) {
            throw bad(name + " must be an object");
        }
        return (ObjectNode) value;
    }

    /** A required JSON array. */
    public JsonNode array(String name) throws ProtocolException {
        JsonNode value = required(name);
        if (!value.isArray()) {
            throw bad(name + " must be an array");
        }
        return value;
    }

    /** An optional JSON object; {@code null} when absent or null. */
    public ObjectNode optionalObject(String name) throws ProtocolException {
        return has(name) ? object(name) : null;
    }

    /** A required JSON object carried whole: the text the codec kept if it kept it, else the tree. */
    public JsonPayload payload(String name) throws ProtocolException {
        String text = kept.get(name);
        return text != null ? JsonPayload.ofText(text) : JsonPayload.of(object(name));
    }

    /** An optional {@link #payload}; {@code null} when absent or null. */
    public JsonPayload optionalPayload(String name) throws ProtocolException {
        return has(name) ? payload(name) : null;
    }

    /**
     * The member's value as a tree. One the codec kept as text is parsed here: only a message type that reads as a
     * tree a member the codec keeps for others comes this way.
     */
    private JsonNode value(String name) throws ProtocolException {
        JsonNode value = node.get(name);
        String text = value == null ? kept.get(name) : null;
        if (text == null) {
            return value;
        }
        try {
            return JsonText.read(text);
        } catch (JacksonException e) {
            throw bad(name + " is not valid Unicode text");
        }
    }

    private JsonNode required(String name) throws ProtocolException {
        JsonNode value = value(name);
        if (value == null || value.isNull()) {
            throw missing(name);
        }
        return value;
    }

    private ProtocolException missing(String name) {
        return bad("missing field " + name);
    }

    private ProtocolException bad(String message) {
        return new ProtocolException(ErrorCode.BAD_REQUEST, message, ref);
    }
}
