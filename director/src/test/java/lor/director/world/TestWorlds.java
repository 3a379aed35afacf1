package lor.director.world;

import java.sql.PreparedStatement;
import java.util.concurrent.atomic.AtomicInteger;

import lor.director.db.Database;
import lor.protocol.MessageCodec;
import tools.jackson.databind.JsonNode;

/** Registers worlds for repository tests (the director itself has no such operation yet) and reads JSON. */
final class TestWorlds {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private TestWorlds() {
    }

    /** A new world with a unique id, default settings and no snapshot. */
    static String create(Database db) {
        String worldId = "w" + NEXT.incrementAndGet();
        db.inTransaction("test: create world", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO worlds (world_id, name) VALUES (?, ?)")) {
                s.setString(1, worldId);
                s.setString(2, "World " + worldId);
                return s.executeUpdate();
            }
        });
        return worldId;
    }

    static WorldRepository.WorldRecord find(Database db, String worldId) {
        return new WorldRepository(db).all().stream()
                .filter(w -> w.worldId().equals(worldId))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no world " + worldId));
    }

    static JsonNode json(String text) {
        return MessageCodec.MAPPER.readTree(text);
    }
}
