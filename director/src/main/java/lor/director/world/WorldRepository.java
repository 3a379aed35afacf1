package lor.director.world;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.director.db.Database;
import lor.protocol.MessageCodec;

/**
 * The world registry. Every update touches only the columns or settings keys it names: two writers changing
 * different fields of one world never erase each other's change.
 */
public final class WorldRepository {

    private final Database db;

    public WorldRepository(Database db) {
        this.db = db;
    }

    /** A registered world as stored. */
    public record WorldRecord(String worldId, String name, long lastSnapshotSeq, String settingsJson) {
    }

    public List<WorldRecord> all() {
        return db.inTransaction("list worlds", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT world_id, name, last_snapshot_seq, settings::text FROM worlds ORDER BY world_id");
                 ResultSet rs = s.executeQuery()) {
                List<WorldRecord> worlds = new ArrayList<>();
                while (rs.next()) {
                    worlds.add(new WorldRecord(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4)));
                }
                return worlds;
            }
        });
    }

    /** Merges {@code patch} into the world's settings: keys not in the patch keep their values. */
    public void mergeSettings(String worldId, Map<String, ?> patch) {
        String json = MessageCodec.MAPPER.writeValueAsString(patch);
        db.inTransaction("merge world settings", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE worlds SET settings = settings || ?::jsonb, updated_at = now() WHERE world_id = ?")) {
                s.setString(1, json);
                s.setString(2, worldId);
                return s.executeUpdate();
            }
        });
    }

    public void rename(String worldId, String name) {
        db.inTransaction("rename world", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE worlds SET name = ?, updated_at = now() WHERE world_id = ?")) {
                s.setString(1, name);
                s.setString(2, worldId);
                return s.executeUpdate();
            }
        });
    }
}
