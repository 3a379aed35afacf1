package lor.director.world.store;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import lor.director.db.Database;
import lor.director.world.lease.WorldLeases;

/**
 * World snapshots, idempotent by {@code (worldId, seq)} and fenced by the world's epoch (see {@link WorldLeases}).
 * A store commits before it returns, so an ack sent after it names a durable snapshot. Only the newest
 * {@code kept} snapshots of a world are kept; older ones go, but never the newest (a bad one stays for inspection).
 * A state is stored as the text the world sent and read back as it was stored: nothing here parses it. Rows from
 * before schema version 12 hold it as jsonb instead, and are read back as that jsonb's text.
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

    /** What became of a snapshot handed to {@link #store}. */
    public enum Outcome {
        /** Committed now. */
        WRITTEN,
        /** This {@code (worldId, seq)} was stored before: acknowledge it again. */
        ALREADY_STORED,
        /** Written by a spawn older than the world's current epoch: a fenced-off process. */
        STALE_EPOCH,
        /** Not above the world's stored seq, and not that seq: it would go back in time. */
        SEQ_NOT_ABOVE;

        public boolean acknowledged() {
            return this == WRITTEN || this == ALREADY_STORED;
        }
    }

    /**
     * Stores the snapshot and advances the world's {@code last_snapshot_seq}, in one transaction that commits
     * synchronously (an ack sent after it names a snapshot on disk). Only the world's current epoch may write, and
     * only a seq above the stored one.
     */
    public Outcome store(String worldId, long epoch, long seq, String stateJson) {
        return db.inTransaction("store snapshot", c -> {
            try (PreparedStatement s = c.prepareStatement("SET LOCAL synchronous_commit = on")) {
                s.execute();
            }
            long currentEpoch;
            long storedSeq;
            // The row lock orders concurrent writers of one world, so the checks below hold until commit.
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT epoch, last_snapshot_seq FROM worlds WHERE world_id = ? FOR UPDATE")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new SQLException("no world " + worldId);
                    }
                    currentEpoch = rs.getLong(1);
                    storedSeq = rs.getLong(2);
                }
            }
            if (exists(c, worldId, seq)) {
                return Outcome.ALREADY_STORED;
            }
            if (epoch != currentEpoch) {
                return Outcome.STALE_EPOCH;
            }
            if (seq <= storedSeq) {
                return Outcome.SEQ_NOT_ABOVE;
            }
            insert(c, worldId, epoch, seq, stateJson);
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE worlds SET last_snapshot_seq = ?, updated_at = now() WHERE world_id = ?")) {
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
            return Outcome.WRITTEN;
        });
    }

    /** The newest snapshot of a world, the one it hydrates from. */
    public Optional<StoredSnapshot> latest(String worldId) {
        return db.inTransaction("load latest snapshot", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT seq, coalesce(state_text, state::text) "
                    + "FROM world_snapshots WHERE world_id = ? ORDER BY seq DESC LIMIT 1")) {
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

    private static boolean exists(Connection c, String worldId, long seq) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT 1 FROM world_snapshots WHERE world_id = ? AND seq = ?")) {
            s.setString(1, worldId);
            s.setLong(2, seq);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    private static void insert(Connection c, String worldId, long epoch, long seq, String stateJson)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO world_snapshots (world_id, seq, epoch, "
                + "state_text, size_bytes) VALUES (?, ?, ?, ?, ?)")) {
            s.setString(1, worldId);
            s.setLong(2, seq);
            s.setLong(3, epoch);
            s.setString(4, stateJson);
            s.setInt(5, stateJson.getBytes(StandardCharsets.UTF_8).length);
            s.executeUpdate();
        }
    }
}
