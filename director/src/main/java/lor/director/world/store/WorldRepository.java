package lor.director.world.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lor.director.db.Database;

/**
 * The world registry. Every update touches only the columns it names (a world's name and settings here, its last
 * snapshot's seq in {@link SnapshotRepository}): writers of different columns never erase each other's change.
 */
public final class WorldRepository {

    private final Database db;

    public WorldRepository(Database db) {
        this.db = db;
    }

    /** A registered world as stored. */
    public record WorldRecord(String worldId, String name, long lastSnapshotSeq, String settingsJson) {
    }

    /** What {@link #remove} did. */
    public enum Removal { REMOVED, UNKNOWN, RUN_ELSEWHERE }

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

    /** The world as stored, if it exists. */
    public Optional<WorldRecord> find(String worldId) {
        return db.inTransaction("find world", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT world_id, name, last_snapshot_seq, settings::text FROM worlds WHERE world_id = ?")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next()
                            ? Optional.of(new WorldRecord(rs.getString(1), rs.getString(2), rs.getLong(3),
                                    rs.getString(4)))
                            : Optional.empty();
                }
            }
        });
    }

    /** Adds a world with no snapshot yet. @return false when a world with that id exists already */
    public boolean create(String worldId, String name, String settingsJson) {
        return db.inTransaction("create world", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO worlds (world_id, name, settings) "
                    + "VALUES (?, ?, ?::jsonb) ON CONFLICT (world_id) DO NOTHING")) {
                s.setString(1, worldId);
                s.setString(2, name);
                s.setString(3, settingsJson);
                return s.executeUpdate() == 1;
            }
        });
    }

    /**
     * Replaces the world's name and settings document (the caller merged and checked it).
     *
     * @return false for an unknown world
     */
    public boolean replace(String worldId, String name, String settingsJson) {
        return db.inTransaction("change world", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE worlds SET name = ?, settings = ?::jsonb, updated_at = now() WHERE world_id = ?")) {
                s.setString(1, name);
                s.setString(2, settingsJson);
                s.setString(3, worldId);
                return s.executeUpdate() == 1;
            }
        });
    }

    /**
     * Deletes the world and its snapshots, unless another director than {@code self} holds a live lease on it (it
     * runs the world). The world's spawn record goes with it.
     */
    public Removal remove(String worldId, String self) {
        return db.inTransaction("remove world", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT lease_owner IS NOT NULL AND lease_owner <> ? "
                    + "AND lease_expires_at > now() FROM worlds WHERE world_id = ? FOR UPDATE")) {
                s.setString(1, self);
                s.setString(2, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        return Removal.UNKNOWN;
                    }
                    if (rs.getBoolean(1)) {
                        return Removal.RUN_ELSEWHERE;
                    }
                }
            }
            for (String sql : List.of("DELETE FROM world_snapshots WHERE world_id = ?",
                    "DELETE FROM worlds WHERE world_id = ?")) {
                try (PreparedStatement s = c.prepareStatement(sql)) {
                    s.setString(1, worldId);
                    s.executeUpdate();
                }
            }
            return Removal.REMOVED;
        });
    }
}
