package lor.director.registry;

import java.util.List;
import java.util.Map;

import lor.director.world.WorldSettings;
import lor.protocol.Json;
import lor.protocol.JsonText;
import lor.protocol.Names;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and checks what an operator sends to create or change a world or a template: ids, names, and a settings
 * document checked key by key (every key known, every value in range, the map and content pack existing). Every
 * refusal names the field and what would be accepted.
 */
final class WorldDefinitions {

    /** The settings keys a world reads (see {@link WorldSettings}). */
    static final List<String> SETTINGS_KEYS = List.of("map", "content", "seedObjects", "npcs", "viewRadius", "spawn");

    private final KnownContent content;

    WorldDefinitions(KnownContent content) {
        this.content = content;
    }

    /** The kinds of id an operator names: each with its documented form. */
    enum IdKind {
        WORLD("worldId", 32), TEMPLATE("templateId", 24);

        final String field;
        final int max;

        IdKind(String field, int max) {
            this.field = field;
            this.max = max;
        }

        boolean accepts(String id) {
            return this == WORLD ? Names.isWorldId(id) : Names.isTemplateId(id);
        }
    }

    static JsonNode body(String json) {
        JsonNode body;
        try {
            body = json == null || json.isBlank() ? null : JsonText.read(json);
        } catch (JsonText.UnpairedSurrogateException e) {
            throw RegistryException.invalid("the request body is not valid Unicode text (a surrogate without its "
                    + "pair)");
        } catch (RuntimeException e) {
            throw RegistryException.invalid("the request body is not JSON");
        }
        if (body == null || !body.isObject()) {
            throw RegistryException.invalid("the request body must be a JSON object");
        }
        return body;
    }

    static String id(JsonNode body, IdKind kind) {
        JsonNode id = body.get(kind.field);
        if (id == null || !id.isString() || !kind.accepts(id.asString())) {
            throw RegistryException.invalid(kind.field + " must be 1 to " + kind.max + " of a-z, 0-9, _ and -");
        }
        return id.asString();
    }

    /**
     * An id from a request's path, checked before anything is looked up by it: one of another form names nothing.
     *
     * @throws RegistryException not found, naming the id (shortened)
     */
    static String pathId(String id, IdKind kind) {
        if (!kind.accepts(id)) {
            throw RegistryException.notFound("no " + (kind == IdKind.WORLD ? "world " : "template ")
                    + Names.shorten(id, 40));
        }
        return id;
    }

    /** The body's {@code name}, or {@code fallback} when it has none. */
    static String name(JsonNode body, String fallback) {
        JsonNode name = body.get("name");
        if (name == null || name.isNull()) {
            if (fallback == null) {
                throw RegistryException.invalid("name is required");
            }
            return fallback;
        }
        if (!name.isString() || !Names.isDisplayName(name.asString())) {
            throw RegistryException.invalid("name must be 1 to " + Names.MAX_DISPLAY_NAME + " printable characters");
        }
        return name.asString().strip();
    }

    /**
     * The settings document after applying the body's {@code settings} to {@code current} as a JSON merge patch (a
     * key set to null is removed), checked.
     */
    ObjectNode settings(JsonNode body, ObjectNode current, String subject) {
        ObjectNode merged = current.deepCopy();
        JsonNode patch = body.get("settings");
        if (patch != null && !patch.isNull()) {
            if (!patch.isObject()) {
                throw RegistryException.invalid("settings must be a JSON object");
            }
            for (Map.Entry<String, JsonNode> e : patch.properties()) {
                if (!SETTINGS_KEYS.contains(e.getKey())) {
                    throw RegistryException.invalid("settings." + Names.shorten(e.getKey(), 40) + " is not a world "
                            + "setting; the settings are " + String.join(", ", SETTINGS_KEYS));
                }
                if (e.getValue().isNull()) {
                    merged.remove(e.getKey());
                } else {
                    merged.set(e.getKey(), e.getValue());
                }
            }
        }
        check(merged, subject);
        return merged;
    }

    static ObjectNode emptySettings() {
        return JsonNodeFactory.instance.objectNode();
    }

    static ObjectNode stored(String settingsJson) {
        JsonNode node = Json.MAPPER.readTree(settingsJson);
        return node instanceof ObjectNode object ? object : emptySettings();
    }

    private void check(ObjectNode settings, String subject) {
        for (String key : List.of("map", "content")) {
            JsonNode value = settings.get(key);
            if (value != null && !value.isString()) {
                throw RegistryException.invalid("settings." + key + " must be a name");
            }
        }
        for (String key : List.of("npcs", "viewRadius")) {
            JsonNode value = settings.get(key);
            if (value != null && !value.isInt()) {
                throw RegistryException.invalid("settings." + key + " must be a whole number");
            }
        }
        JsonNode spawn = settings.get("spawn");
        if (spawn != null && !spawn.isString()) {
            throw RegistryException.invalid("settings.spawn must be nearest or hashed");
        }
        WorldSettings parsed;
        try {
            parsed = WorldSettings.parse(subject, Json.MAPPER.writeValueAsString(settings));
        } catch (IllegalArgumentException e) {
            throw RegistryException.invalid("settings: " + e.getMessage().replaceFirst("^world [^:]*: ", ""));
        }
        if (parsed.map() != null && !content.hasMap(parsed.map())) {
            throw RegistryException.invalid("settings.map: no map named " + parsed.map() + "; the maps are "
                    + String.join(", ", content.maps()));
        }
        if (parsed.content() != null && !content.hasPack(parsed.content())) {
            throw RegistryException.invalid("settings.content: no content pack named " + parsed.content()
                    + "; the packs are " + String.join(", ", content.packs()));
        }
    }
}
