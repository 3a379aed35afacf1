package lor.director.world;

import lor.protocol.Json;
import lor.protocol.Names;
import lor.protocol.control.ObjectSeed;
import lor.protocol.control.WorldSpec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * What the director tells a world process to load, read from the world's {@code settings} document: {@code map},
 * {@code content} (its content pack), {@code seedObjects}, {@code npcs}, {@code viewRadius}, {@code spawn}. Missing
 * keys take defaults; invalid values are refused when the director starts, not when a player joins.
 * {@code seedObjects} is held in the world server's argument form, {@code KIND:COUNT:LAYER}, or null.
 */
public record WorldSettings(String map, String content, String seedObjects, int npcs, int viewRadius,
                            String spawn) {

    public static final int DEFAULT_VIEW_RADIUS = 24;
    private static final String SEED_FORM = "seedObjects must be {\"kind\": NAME, \"count\": 1.."
            + ObjectSeed.MAX_COUNT + ", \"fromLayer\": 0.." + ObjectSeed.MAX_LAYER + "} with a content pack";

    public WorldSettings {
        if (map != null && !Names.isContentName(map)) {
            throw new IllegalArgumentException("map name must be 1-32 of [a-z0-9_-], got " + Names.shorten(map, 40));
        }
        if (content != null && !Names.isContentName(content)) {
            throw new IllegalArgumentException("content pack name must be 1-32 of [a-z0-9_-], got "
                    + Names.shorten(content, 40));
        }
        if (seedObjects != null && (content == null || !isSeed(seedObjects))) {
            throw new IllegalArgumentException(SEED_FORM);
        }
        if (npcs < 0 || npcs > 1_000_000) {
            throw new IllegalArgumentException("npcs must be 0..1000000, got " + npcs);
        }
        if (viewRadius < 1 || viewRadius > 256) {
            throw new IllegalArgumentException("viewRadius must be 1..256, got " + viewRadius);
        }
        if (spawn == null || !spawn.equals("nearest") && !spawn.equals("hashed")) {
            throw new IllegalArgumentException("spawn must be nearest or hashed, got "
                    + (spawn == null ? null : Names.shorten(spawn, 40)));
        }
    }

    public WorldSettings(String map, int npcs, int viewRadius) {
        this(map, null, null, npcs, viewRadius, "nearest");
    }

    public WorldSettings(String map, int npcs, int viewRadius, String spawn) {
        this(map, null, null, npcs, viewRadius, spawn);
    }

    public WorldSettings(String map, String content, int npcs, int viewRadius, String spawn) {
        this(map, content, null, npcs, viewRadius, spawn);
    }

    /** What world {@code worldId} is started with, on its command line or in {@code world_assign}. */
    public WorldSpec spec(String worldId, long snapshotIntervalMs) {
        return new WorldSpec(worldId, map, content, seedObjects == null ? null : ObjectSeed.parse(seedObjects), npcs,
                viewRadius, spawn, snapshotIntervalMs);
    }

    public static WorldSettings parse(String worldId, String json) {
        JsonNode root;
        try {
            root = json == null ? null : Json.MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("world " + worldId + ": settings are not JSON");
        }
        if (root == null || !root.isObject()) {
            return new WorldSettings(null, null, null, 0, DEFAULT_VIEW_RADIUS, "nearest");
        }
        try {
            JsonNode map = root.get("map");
            JsonNode content = root.get("content");
            return new WorldSettings(map == null || map.isNull() ? null : map.asString(),
                    content == null || content.isNull() ? null : content.asString(),
                    seedArgument(root.get("seedObjects")), root.path("npcs").asInt(0),
                    root.path("viewRadius").asInt(DEFAULT_VIEW_RADIUS),
                    root.path("spawn").asString("nearest"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("world " + worldId + ": " + e.getMessage());
        }
    }

    /** {@code {"kind": "pump", "count": 100000, "fromLayer": 1}} as {@code pump:100000:1}; null when absent. */
    private static String seedArgument(JsonNode seed) {
        if (seed == null || seed.isNull()) {
            return null;
        }
        JsonNode count = seed.path("count");
        JsonNode fromLayer = seed.path("fromLayer");
        // Exactly these three keys: anything else would be stored with the world and never read.
        if (!seed.isObject() || seed.size() != 3 || !seed.path("kind").isString() || !count.isInt()
                || !fromLayer.isInt()) {
            throw new IllegalArgumentException(SEED_FORM);
        }
        try {
            return new ObjectSeed(seed.path("kind").asString(), count.asInt(), fromLayer.asInt()).toArgument();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(SEED_FORM);
        }
    }

    /** Whether {@code argument} is a world server's {@code --seed-objects} value. */
    private static boolean isSeed(String argument) {
        try {
            ObjectSeed.parse(argument);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
