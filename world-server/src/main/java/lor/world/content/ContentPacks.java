package lor.world.content;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Loads a world's content pack: {@code DIR/NAME.json} from the directory a studio edits ({@code --content-dir}),
 * else {@code content/NAME.json} shipped in this jar. The JSON is read strictly (unknown fields, duplicate keys and
 * values of the wrong type are errors: a typo must not silently change the game), then validated and compiled by
 * {@link ContentPack#compile}. Every failure is one {@link ContentLoadException} naming the file and the entry.
 */
public final class ContentPacks {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Built-in packs are compiled once per process: a warm spare loads them before it knows its world. */
    private static final Map<String, ContentPack> BUILT_IN = new ConcurrentHashMap<>();

    private ContentPacks() {
    }

    /**
     * @param contentDir the studio's directory, or null for the packs of this build only
     * @throws ContentLoadException naming the file and the entry at fault
     */
    public static ContentPack load(String name, Path contentDir, RuleRegistry rules) {
        if (name == null || !name.matches("[a-z0-9_-]{1,32}")) {
            throw new ContentLoadException("a content pack name is 1-32 of [a-z0-9_-], not \"" + name + "\"");
        }
        if (contentDir != null) {
            Path file = contentDir.resolve(name + ".json");
            if (Files.isRegularFile(file)) {
                try {
                    return compile(file.toString(), Files.readAllBytes(file), rules);
                } catch (IOException e) {
                    throw new ContentLoadException(file + ": cannot be read: " + e.getMessage());
                }
            }
        }
        String resource = "content/" + name + ".json";
        ContentPack cached = BUILT_IN.get(name);
        if (cached != null) {
            return cached;
        }
        try (InputStream in = ContentPacks.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new ContentLoadException("no content pack named " + name + " (looked in "
                        + (contentDir == null ? "" : contentDir + " and in ") + "this build)");
            }
            ContentPack pack = compile(resource + " (built in)", in.readAllBytes(), rules);
            BUILT_IN.put(name, pack);
            return pack;
        } catch (IOException e) {
            throw new ContentLoadException(resource + ": cannot be read: " + e.getMessage());
        }
    }

    /** Parses and compiles one file's bytes; {@code file} is how errors name it. */
    static ContentPack compile(String file, byte[] json, RuleRegistry rules) {
        PackDef def;
        try {
            def = MAPPER.readValue(json, PackDef.class);
        } catch (JacksonException e) {
            throw new ContentLoadException(file + ": " + JsonProblems.describe(e));
        }
        try {
            return ContentPack.compile(def, rules);
        } catch (ContentException e) {
            throw new ContentLoadException(file + ": " + e.getMessage());
        }
    }
}
