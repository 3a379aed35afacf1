package lor.director.world;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lor.director.db.Database;

/**
 * World snapshots, idempotent by {@code (worldId, seq)}. A store commits before it returns, so an ack sent after
 * it names a durable snapshot. Only the newest {@code kept} snapshots of a world are kept.
 */
public final class SnapshotRepository {

    private final Database db;
    private final int kept;

    public SnapshotRepository(Database db, int kept) {
        this.db = db;
        this.kept = kept;
    }

    /** A stored snapshot. */
    public record StoredSnapshot(String worldId, long seq, String stateJson) {
    }

    /**
     * Stores the snapshot and advances the world's {@code last_snapshot_seq}, in one transaction.
     *
     * @return true if it was written now, false if this {@code (worldId, seq)} was already stored
     */
    public boolean store(String worldId, long seq, String stateJson) {
        return db.inTransaction("store snapshot", c -> {
            if (!insert(c, worldId, seq, stateJson)) {
                return false;
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET last_snapshot_seq = "
                    + "GREATEST(last_snapshot_seq, ?), updated_at = now() WHERE world_id = ?")) {
                s.setLong(1, seq);
                s.setString(2, worldId);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM world_snapshots WHERE world_id = ? AND seq < "
                    + "(SELECT min(seq) FROM (SELECT seq FROM world_snapshots WHERE world_id = ? "
                    + "ORDER BY seq DESC LIMIT ?) newest)")) {
                s.setString(1, worldId);
                s.setString(2, worldId);
                s.setInt(3, kept);
                s.executeUpdate();
            }
            return true;
        });
    }

    /** The newest snapshot of a world, the one it hydrates from. */
    public Optional<StoredSnapshot> latest(String worldId) {
        return db.inTransaction("load latest snapshot", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT seq, state::text FROM world_snapshots "
                    + "WHERE world_id = ? ORDER BY seq DESC LIMIT 1")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next()
                            ? Optional.of(new StoredSnapshot(worldId, rs.getLong(1), rs.getString(2)))
                            : Optional.empty();
                }
            }
        });
    }

    /** The seqs stored for a world, newest first. */
    public List<Long> seqs(String worldId) {
        return db.inTransaction("list snapshot seqs", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT seq FROM world_snapshots WHERE world_id = ? ORDER BY seq DESC")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    List<Long> seqs = new ArrayList<>();
                    while (rs.next()) {
                        seqs.add(rs.getLong(1));
                    }
                    return seqs;
                }
            }
        });
    }

    private static boolean insert(Connection c, String worldId, long seq, String stateJson) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO world_snapshots (world_id, seq, state, size_bytes) "
                + "VALUES (?, ?, ?::jsonb, ?) ON CONFLICT (world_id, seq) DO NOTHING")) {
            s.setString(1, worldId);
            s.setLong(2, seq);
            s.setString(3, stateJson);
            s.setInt(4, stateJson.getBytes(StandardCharsets.UTF_8).length);
            return s.executeUpdate() == 1;
        }
    }
}
