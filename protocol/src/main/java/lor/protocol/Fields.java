package lor.protocol;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Typed, validating access to the fields of one decoded JSON object. Every failure is a
 * {@link ErrorCode#BAD_REQUEST} naming the field, carrying the frame's {@code ref}.
 */
public final class Fields {

    private final ObjectNode node;
    private final Object ref;

    Fields(ObjectNode node, Object ref) {
        this.node = node;
        this.ref = ref;
    }

    public Object ref() {
        return ref;
    }

    public boolean has(String name) {
        JsonNode value = node.get(name);
        return value != null && !value.isNull();
    }

    /** A required string of at most {@link Limits#MAX_STRING_CHARS} characters. */
    public String string(String name) throws ProtocolException {
        JsonNode value = node.get(name);
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
        JsonNode value = node.get(name);
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

    private JsonNode required(String name) throws ProtocolException {
        JsonNode value = node.get(name);
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
