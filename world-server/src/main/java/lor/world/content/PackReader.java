package lor.world.content;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import lor.sim.content.PackDef;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.cfg.MapperBuilder;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLParser;

/**
 * Reads a pack file into a {@link PackDef}, strictly: a typo in a studio's file must be an error, not a silently
 * different game. The file is first read as a tree (syntax errors, duplicate keys and trailing content are reported
 * by line and column), then bound to the records (unknown fields and values of the wrong type are reported by their
 * path, with the value found there).
 */
final class PackReader {

    enum Format { JSON, YAML }

    private static final ObjectMapper JSON = strict(JsonMapper.builder());
    private static final ObjectMapper YAML = strict(YAMLMapper.builder());

    private PackReader() {
    }

    /**
     * Jackson 3's defaults are lenient where a pack must not be: unknown properties are ignored (the 2.x default was
     * to fail), {@code 1.5} binds to an int as 1, {@code "12"} to 12, and a repeated key silently replaces the first.
     */
    private static <M extends ObjectMapper, B extends MapperBuilder<M, B>> M strict(B builder) {
        return builder
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                // A null inside a list or map ("in": [null]) is a mistake; a null field is the same as leaving it out.
                .changeDefaultNullHandling(n -> JsonSetter.Value.forContentNulls(Nulls.FAIL))
                .build();
    }

    /** @param file how messages name the file */
    static PackDef read(String file, byte[] bytes, Format format) {
        ObjectMapper mapper = format == Format.JSON ? JSON : YAML;
        JsonNode tree;
        try {
            if (format == Format.YAML) {
                rejectAliases(file, bytes);
            }
            tree = mapper.readTree(bytes);
        } catch (JacksonException e) {
            throw new ContentLoadException(file + ": " + JsonProblems.syntax(e));
        }
        if (tree == null || tree.isMissingNode() || tree.isNull()) {
            throw new ContentLoadException(file + ": the file is empty");
        }
        try {
            return mapper.treeToValue(tree, PackDef.class);
        } catch (JacksonException e) {
            throw new ContentLoadException(file + ": " + JsonProblems.binding(e, tree, PackDef.class));
        }
    }

    /**
     * Jackson reads a YAML alias ({@code *name}) as the string {@code "name"}, not as the value it refers to: refuse
     * it rather than let it mean something else than the author thought.
     */
    private static void rejectAliases(String file, byte[] bytes) {
        try (JsonParser parser = YAML.createParser(bytes)) {
            while (parser.nextToken() != null) {
                if (parser instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
                    throw new ContentLoadException(file + ": " + JsonProblems.at(parser.currentTokenLocation())
                            + "the alias *" + parser.getString() + " is not supported: write the value out");
                }
            }
        }
    }
}
