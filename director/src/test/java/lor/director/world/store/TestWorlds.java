package lor.director.world.store;

import java.sql.PreparedStatement;
import java.util.concurrent.atomic.AtomicInteger;

import lor.director.db.Database;
import lor.protocol.Json;
import tools.jackson.databind.JsonNode;

/** Registers worlds for repository tests (the director itself has no such operation yet) and reads JSON. */
public final class TestWorlds {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private TestWorlds() {
    }

    /** A new world with a unique id, default settings and no snapshot. */
    public static String create(Database db) {
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

    /** A new account with a unique name (and a password hash no login matches), for membership rows. */
    public static long createAccount(Database db) {
        String username = "member" + NEXT.incrementAndGet();
        return db.inTransaction("test: create account", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO accounts (username, password_hash) "
                    + "VALUES (?, 'none') RETURNING id")) {
                s.setString(1, username);
                try (var rs = s.executeQuery()) {
                    rs.next();
                    return rs.getLong(1);
                }
            }
        });
    }

    public static WorldRepository.WorldRecord find(Database db, String worldId) {
        return new WorldRepository(db).all().stream()
                .filter(w -> w.worldId().equals(worldId))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no world " + worldId));
    }

    /** Writes a snapshot row as it is, past every check of the repository: a damaged row. */
    public static void storeRaw(Database db, String worldId, long seq, String stateJson) {
        db.inTransaction("test: store raw snapshot", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO world_snapshots (world_id, seq, state, "
                    + "size_bytes) VALUES (?, ?, ?::jsonb, ?)")) {
                s.setString(1, worldId);
                s.setLong(2, seq);
                s.setString(3, stateJson);
                s.setInt(4, stateJson.length());
                return s.executeUpdate();
            }
        });
    }

    public static void deleteSnapshot(Database db, String worldId, long seq) {
        db.inTransaction("test: delete snapshot", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "DELETE FROM world_snapshots WHERE world_id = ? AND seq = ?")) {
                s.setString(1, worldId);
                s.setLong(2, seq);
                return s.executeUpdate();
            }
        });
    }

    /** Ends the world's lease now, as if its director had stopped renewing it long ago. */
    public static void expireLease(Database db, String worldId) {
        db.inTransaction("test: expire lease", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE worlds SET lease_expires_at = now() - interval '1 second' WHERE world_id = ?")) {
                s.setString(1, worldId);
                return s.executeUpdate();
            }
        });
    }

    public static JsonNode json(String text) {
        return Json.MAPPER.readTree(text);
    }
}
