package lor.protocol;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON text ↔ message records for one endpoint. It decodes only the types the endpoint accepts ({@code inbound});
 * any other {@code type} is {@link ErrorCode#UNKNOWN_TYPE}. It encodes every type it knows. Thread-safe.
 */
public final class MessageCodec {

    private static final String TYPE = "type";
    private static final String REF = "ref";

    private final Map<String, MessageType<?>> inbound = new HashMap<>();
    private final Map<Class<?>, MessageType<?>> outbound = new HashMap<>();
    private final Set<String> keptAsText;

    public MessageCodec(List<MessageType<?>> inbound, List<MessageType<?>> outbound) {
        this(inbound, outbound, Set.of());
    }

    private MessageCodec(List<MessageType<?>> inbound, List<MessageType<?>> outbound, Set<String> keptAsText) {
        this.keptAsText = Set.copyOf(keptAsText);
        for (MessageType<?> type : inbound) {
            this.inbound.put(type.name(), type);
            this.outbound.put(type.recordClass(), type);
        }
        for (MessageType<?> type : outbound) {
            this.outbound.put(type.recordClass(), type);
        }
    }

    /**
     * A codec that reads the object members named {@code fields} of every inbound message as their text, without
     * building a tree for them ({@link JsonText#readKeeping}): a message's {@link Fields#payload} then holds that text
     * verbatim, for an endpoint that only stores or forwards it. Everything else is decoded and validated as by the
     * plain constructor.
     */
    public static MessageCodec keepingAsText(List<MessageType<?>> inbound, List<MessageType<?>> outbound,
                                             Set<String> fields) {
        return new MessageCodec(inbound, outbound, fields);
    }

    /** Decodes one text frame, or explains precisely why it cannot be accepted. */
    public Message decode(String text) throws ProtocolException {
        JsonNode tree;
        Map<String, String> kept = Map.of();
        try {
            if (keptAsText.isEmpty()) {
                tree = JsonText.read(text);
            } else {
                JsonText.Kept read = JsonText.readKeeping(text, keptAsText);
                tree = read.tree();
                kept = read.kept();
            }
        } catch (JsonText.UnpairedSurrogateException e) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "frame is not valid Unicode text (a surrogate without "
                    + "its pair)", null);
        } catch (JacksonException e) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "frame is not valid JSON", null);
        }
        if (tree == null || !tree.isObject()) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "frame must be a JSON object", null);
        }
        ObjectNode object = (ObjectNode) tree;
        Object ref = readRef(object);
        JsonNode type = object.get(TYPE);
        if (type == null || !type.isString()) {
            throw new ProtocolException(ErrorCode.BAD_REQUEST, "missing string field type", ref);
        }
        MessageType<?> messageType = inbound.get(type.stringValue());
        if (messageType == null) {
            throw new ProtocolException(ErrorCode.UNKNOWN_TYPE, "unknown type " + quoted(type.stringValue()), ref);
        }
        return messageType.decoder().decode(new Fields(object, kept, ref));
    }

    public String encode(Message message) {
        return JsonText.write(toTree(message));
    }

    public ObjectNode toTree(Message message) {
        MessageType<?> type = outbound.get(message.getClass());
        if (type == null) {
            throw new IllegalArgumentException("no codec for " + message.getClass().getName());
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode();
        out.put(TYPE, type.name());
        type.encodeUnchecked(message, out);
        return out;
    }

    /** Writes a ref exactly as the client sent it: a string stays a string, a number a number. */
    public static void putRef(ObjectNode out, Object ref) {
        if (ref == null) {
            return;
        }
        if (ref instanceof String s) {
            out.put(REF, s);
        } else if (ref instanceof JsonNode n) {
            out.set(REF, n);
        } else {
            out.set(REF, Json.MAPPER.valueToTree(ref));
        }
    }

    private static Object readRef(ObjectNode object) throws ProtocolException {
        JsonNode ref = object.get(REF);
        if (ref == null || ref.isNull()) {
            return null;
        }
        if (ref.isString()) {
            if (ref.stringValue().length() > Limits.MAX_STRING_CHARS) {
                throw new ProtocolException(ErrorCode.BAD_REQUEST, "ref is too long", null);
            }
            return ref.stringValue();
        }
        if (ref.isNumber()) {
            // Kept as the node: a big integer or a decimal is echoed with its exact value.
            return ref;
        }
        throw new ProtocolException(ErrorCode.BAD_REQUEST, "ref must be a string or a number", null);
    }

    private static String quoted(String value) {
        // Shortened without splitting a surrogate pair: half of one is text no UTF-8 encoder can send back.
        return "\"" + Names.shorten(value, 40) + "\"";
    }
}
