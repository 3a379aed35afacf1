package lor.protocol;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ContainerNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.POJONode;
import tools.jackson.databind.util.RawValue;

/**
 * JSON text ↔ trees on jackson-core's streaming parser and generator alone, for the message codecs. It reads what
 * {@link Json#MAPPER}'s {@code readTree} reads, into the same nodes (int, long or big-integer nodes by size, decimal
 * nodes with their trailing zeros; duplicate keys, trailing content and decimals out of {@code BigDecimal}'s range
 * refused; nothing but blanks is a missing node), and writes what its {@code writeValueAsString} writes. Why not the
 * mapper: building a databind mapper costs a cold JVM about 80 ms (its java.time support, locale data, method handles),
 * which a world server paid on the way to registering with the director, and it needs nothing of it but trees.
 * Thread-safe.
 */
public final class JsonText {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonText() {
    }

    /**
     * A string or key with a surrogate without its other half: well-formed JSON (an escape of U+D800 alone), but
     * text that no UTF-8 encoder can write back, nor PostgreSQL store, nor a client find in an echo. Refused on
     * reading, so no message carries one past its codec.
     */
    public static final class UnpairedSurrogateException extends StreamReadException {

        UnpairedSurrogateException(JsonParser parser) {
            super(parser, "a string holds a surrogate without its pair: not valid Unicode text");
        }
    }

    /**
     * Reads one JSON document; any malformed text is a {@link JacksonException}, an unpaired surrogate in a string
     * or key an {@link UnpairedSurrogateException}.
     */
    public static JsonNode read(String text) throws JacksonException {
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return MissingNode.getInstance();
            }
            return end(parser, value(parser, first));
        }
    }

    /**
     * A document read with some members of its top-level object kept as their text: {@code tree} holds the rest,
     * {@code kept} the text of each kept member, by name.
     */
    public record Kept(JsonNode tree, Map<String, String> kept) {
    }

    /**
     * Reads one JSON document as {@link #read} does, except that a member of the top-level object named in
     * {@code names} whose value is an object is kept as its text, exactly as it stands in {@code text}: it is
     * tokenized (so it must be well-formed JSON, without duplicate keys) but no tree is built for it, and its strings
     * are not decoded, so an escaped surrogate without its pair inside it passes unnoticed. For a member only passed
     * on: a world's state crossing the director.
     */
    public static Kept readKeeping(String text, Set<String> names) throws JacksonException {
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), text)) {
            JsonToken first = parser.nextToken();
            if (first != JsonToken.START_OBJECT) {
                JsonNode root = first == null ? MissingNode.getInstance() : value(parser, first);
                return new Kept(end(parser, root), Map.of());
            }
            ObjectNode root = NODES.objectNode();
            Map<String, String> kept = new HashMap<>();
            for (JsonToken token = parser.nextToken(); token != JsonToken.END_OBJECT; token = parser.nextToken()) {
                String name = checked(parser, parser.currentName());
                JsonToken start = parser.nextToken();
                if (start == null) {
                    throw new StreamReadException(parser, "unexpected end of input");
                }
                if (start == JsonToken.START_OBJECT && names.contains(name)) {
                    int from = (int) parser.currentTokenLocation().getCharOffset();
                    parser.skipChildren();
                    int to = (int) parser.currentTokenLocation().getCharOffset() + 1;
                    kept.put(name, text.substring(from, to));
                } else {
                    root.set(name, value(parser, start));
                }
            }
            return new Kept(end(parser, root), kept);
        }
    }

    /** The value that starts at {@code token}, a container or a scalar. */
    private static JsonNode value(JsonParser parser, JsonToken token) {
        return token.isStructStart() ? container(parser, token) : scalar(parser, token);
    }

    private static JsonNode end(JsonParser parser, JsonNode root) {
        if (parser.nextToken() != null) {
            throw new StreamReadException(parser, "trailing content after the document");
        }
        return root;
    }

    /** Writes a tree as compact JSON. */
    public static String write(JsonNode tree) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            if (!write(generator, tree)) {
                // A node no message holds (binary, a POJO, a missing value inside a container): as the mapper does.
                return Json.MAPPER.writeValueAsString(tree);
            }
        }
        return out.toString();
    }

    /** Iterative, not recursive: a document's depth is the parser's limit, not the thread's stack. */
    private static JsonNode container(JsonParser parser, JsonToken first) {
        ContainerNode<?> root = open(first);
        ArrayDeque<ContainerNode<?>> open = new ArrayDeque<>();
        open.push(root);
        while (!open.isEmpty()) {
            ContainerNode<?> current = open.peek();
            JsonToken token = parser.nextToken();
            String name = null;
            if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                open.pop();
                continue;
            }
            if (token == JsonToken.PROPERTY_NAME) {
                name = checked(parser, parser.currentName());
                token = parser.nextToken();
            }
            if (token == null) {
                throw new StreamReadException(parser, "unexpected end of input");
            }
            JsonNode child;
            if (token.isStructStart()) {
                ContainerNode<?> inner = open(token);
                open.push(inner);
                child = inner;
            } else {
                child = scalar(parser, token);
            }
            if (current instanceof ObjectNode object) {
                object.set(name, child);
            } else {
                ((ArrayNode) current).add(child);
            }
        }
        return root;
    }

    private static ContainerNode<?> open(JsonToken token) {
        return token == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
    }

    private static JsonNode scalar(JsonParser parser, JsonToken token) {
        return switch (token) {
            case VALUE_STRING -> NODES.stringNode(checked(parser, parser.getString()));
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(decimal(parser));
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new StreamReadException(parser, "unexpected token " + token);
        };
    }

    private static String checked(JsonParser parser, String text) {
        if (Names.hasUnpairedSurrogate(text)) {
            throw new UnpairedSurrogateException(parser);
        }
        return text;
    }

    /**
     * A decimal whose exponent no {@code BigDecimal} holds ({@code 1e9999999999}) is refused as malformed JSON is:
     * the mapper let it out as a {@code NumberFormatException}, which no caller expected.
     */
    private static BigDecimal decimal(JsonParser parser) {
        try {
            return parser.getDecimalValue();
        } catch (NumberFormatException e) {
            throw new StreamReadException(parser, "a number out of range");
        }
    }

    /** @return false at a node it does not write (the caller then leaves the whole tree to the mapper) */
    private static boolean write(JsonGenerator generator, JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                generator.writeStartObject();
                for (Map.Entry<String, JsonNode> property : node.properties()) {
                    generator.writeName(property.getKey());
                    if (!write(generator, property.getValue())) {
                        return false;
                    }
                }
                generator.writeEndObject();
            }
            case ARRAY -> {
                generator.writeStartArray();
                for (JsonNode element : node) {
                    if (!write(generator, element)) {
                        return false;
                    }
                }
                generator.writeEndArray();
            }
            case STRING -> generator.writeString(node.stringValue());
            case NUMBER -> {
                switch (node.numberType()) {
                    case INT -> generator.writeNumber(node.intValue());
                    case LONG -> generator.writeNumber(node.longValue());
                    case BIG_INTEGER -> generator.writeNumber(node.bigIntegerValue());
                    case FLOAT -> generator.writeNumber(node.floatValue());
                    case DOUBLE -> generator.writeNumber(node.doubleValue());
                    default -> generator.writeNumber(node.decimalValue());
                }
            }
            case BOOLEAN -> generator.writeBoolean(node.booleanValue());
            case NULL -> generator.writeNull();
            case POJO -> {
                // A payload kept as text (JsonPayload): spliced in as it is.
                if (!(((POJONode) node).getPojo() instanceof RawValue raw && raw.rawValue() instanceof String s)) {
                    return false;
                }
                generator.writeRawValue(s);
            }
            default -> {
                return false;
            }
        }
        return true;
    }
}
