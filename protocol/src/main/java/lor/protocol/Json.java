package lor.protocol;

import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The shared databind mapper, for code that maps objects to JSON and back (registry files, reports, HTTP bodies).
 * The message codecs do not use it: they read and write trees with {@link JsonText}, so a process that only speaks
 * messages (a world server) never builds it. Kept apart from {@link MessageCodec} for that reason: a static field
 * there would build it whenever a codec is first used.
 */
public final class Json {

    /**
     * Strict about duplicate keys, so one document cannot mean two things; decimals kept as {@code BigDecimal} with
     * their trailing zeros, so a ref like {@code 1.50} is echoed exactly. {@link JsonText} reads as this does.
     */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(JsonNodeFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private Json() {
    }
}
