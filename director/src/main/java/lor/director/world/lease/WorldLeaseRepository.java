package lor.director.world.lease;

import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

import lor.director.db.Database;
import lor.director.world.UnknownWorldException;
import lor.director.world.store.WorldRepository;

/**
 * {@link WorldLeases} in the {@code worlds} table, spawn records in {@code world_spawns}. A claim is one conditional
 * {@code UPDATE}: PostgreSQL's row lock makes concurrent claims of one world (by this director or another) take
 * turns, and only one finds the lease free.
 * Times are the database's, so directors on machines with skewed clocks still agree.
 */
public final class WorldLeaseRepository implements WorldLeases {

    private final Database db;
    private final String owner;
    private final long ttlMillis;
    private final Predicate<String> ownerGone;

    /** For a director that never takes worlds back: no other director's lease is ever thought gone. */
    public WorldLeaseRepository(Database db, String owner, Duration ttl) {
        this(db, owner, ttl, other -> false);
    }

    /**
     * @param owner     this director's identity, unique per director process
     * @param ttl       how long a lease lives unrenewed; renew well within it
     * @param ownerGone whether another owner's identity names a director of this host that no longer runs
     */
    public WorldLeaseRepository(Database db, String owner, Duration ttl, Predicate<String> ownerGone) {
        this.db = db;
        this.owner = owner;
        this.ttlMillis = ttl.toMillis();
        this.ownerGone = ownerGone;
    }

    public String owner() {
        return owner;
    }

    @Override
    public Claim claim(String worldId) throws LeaseHeldException {
        Claimed claimed = db.inTransaction("claim world", c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET epoch = epoch + 1, lease_owner = ?, "
                    + "lease_expires_at = now() + ? * interval '1 millisecond' WHERE world_id = ? "
                    + "AND (lease_owner IS NULL OR lease_owner = ? OR lease_expires_at < now()) "
                    + "RETURNING epoch, name, last_snapshot_seq, settings::text")) {
                s.setString(1, owner);
                s.setLong(2, ttlMillis);
                s.setString(3, worldId);
                s.setString(4, owner);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        Claim claim = new Claim(rs.getLong(1), new WorldRepository.WorldRecord(worldId,
                                rs.getString(2), rs.getLong(3), rs.getString(4)));
                        forgetMembers(c, worldId);
                        return new Claimed(claim, null);
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement("SELECT lease_owner FROM worlds WHERE world_id = ?")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new UnknownWorldException(worldId);
                    }
                    return new Claimed(null, rs.getString(1));
                }
            }
        });
        if (claimed.claim() == null) {
            // heldBy is null when the holder gave the world up between the two statements: a lost race all the same.
            throw new LeaseHeldException(worldId, claimed.heldBy());
        }
        return claimed.claim();
    }

    /** A new epoch is a new process, which starts with nobody in it, whatever its predecessor's players were. */
    private static void forgetMembers(Connection c, String worldId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM memberships WHERE world_id = ?")) {
            s.setString(1, worldId);
            s.executeUpdate();
        }
    }

    /** A won claim, or the owner of the live lease that refused it (null once that lease is gone). */
    private record Claimed(Claim claim, String heldBy) {
    }

    @Override
    public Set<String> renewAll(Set<String> running) {
        return db.inTransaction("renew world leases", c -> {
            Set<String> held = new HashSet<>();
            // Seen alive: the other directors go on handing out this one's address to their worlds.
            try (PreparedStatement s = c.prepareStatement("UPDATE directors SET seen_at = now() "
                    + "WHERE director_id = ?")) {
                s.setString(1, owner);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_expires_at = now() + ? * "
                    + "interval '1 millisecond' WHERE lease_owner = ? AND world_id = ANY (?) RETURNING world_id")) {
                s.setLong(1, ttlMillis);
                s.setString(2, owner);
                s.setArray(3, c.createArrayOf("text", running.toArray()));
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        held.add(rs.getString(1));
                    }
                }
            }
            return held;
        });
    }

    @Override
    public void release(String worldId, long epoch) {
        db.inTransaction("release world", c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM world_spawns WHERE world_id = ? "
                    + "AND epoch = ?")) {
                s.setString(1, worldId);
                s.setLong(2, epoch);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_owner = NULL, "
                    + "lease_expires_at = NULL WHERE world_id = ? AND epoch = ? AND lease_owner = ?")) {
                s.setString(1, worldId);
                s.setLong(2, epoch);
                s.setString(3, owner);
                return s.executeUpdate();
            }
        });
    }

    @Override
    public void releaseAll() {
        db.inTransaction("release worlds", c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM world_spawns WHERE director = ?")) {
                s.setString(1, owner);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_owner = NULL, "
                    + "lease_expires_at = NULL WHERE lease_owner = ?")) {
                s.setString(1, owner);
                return s.executeUpdate();
            }
        });
    }

    @Override
    public void recordSpawn(String worldId, long epoch, long pid, Instant processStartedAt, int gamePort,
                            byte[] spawnTokenSha256, String gameUrl, String ticketKeyId) {
        db.inTransaction("record spawn", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO world_spawns (world_id, epoch, pid, "
                    + "process_started_at, game_port, spawn_token_sha256, director, game_url, ticket_key_id) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    + "ON CONFLICT (world_id) DO UPDATE SET epoch = EXCLUDED.epoch, pid = EXCLUDED.pid, "
                    + "process_started_at = EXCLUDED.process_started_at, game_port = EXCLUDED.game_port, "
                    + "spawn_token_sha256 = EXCLUDED.spawn_token_sha256, director = EXCLUDED.director, "
                    + "game_url = EXCLUDED.game_url, ticket_key_id = EXCLUDED.ticket_key_id, spawned_at = now() "
                    + "WHERE world_spawns.epoch < EXCLUDED.epoch")) {
                s.setString(1, worldId);
                s.setLong(2, epoch);
                s.setLong(3, pid);
                if (processStartedAt == null) {
                    s.setNull(4, Types.TIMESTAMP_WITH_TIMEZONE);
                } else {
                    s.setTimestamp(4, Timestamp.from(processStartedAt));
                }
                s.setInt(5, gamePort);
                s.setBytes(6, spawnTokenSha256);
                s.setString(7, owner);
                s.setString(8, gameUrl);
                s.setString(9, ticketKeyId);
                return s.executeUpdate();
            }
        });
    }

    @Override
    public List<SpawnRecord> leftBehind() {
        return db.inTransaction("find worlds left behind", c -> {
            List<SpawnRecord> records = new ArrayList<>();
            List<String> gone = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT w.world_id, w.epoch, w.lease_owner, s.epoch, "
                    + "s.pid, s.process_started_at, s.game_port, s.spawn_token_sha256, s.director, s.game_url "
                    + "FROM worlds w LEFT JOIN world_spawns s ON s.world_id = w.world_id "
                    + "WHERE w.lease_owner IS NOT NULL AND w.lease_owner <> ? ORDER BY w.world_id FOR UPDATE OF w")) {
                s.setString(1, owner);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        String leaseOwner = rs.getString(3);
                        if (!ownerGone.test(leaseOwner)) {
                            continue;
                        }
                        if (!gone.contains(leaseOwner)) {
                            gone.add(leaseOwner);
                        }
                        long spawnEpoch = rs.getLong(4);
                        // A record of an older spawn, or of another director, is no account of who runs it now.
                        if (!rs.wasNull() && spawnEpoch == rs.getLong(2) && leaseOwner.equals(rs.getString(9))) {
                            Timestamp started = rs.getTimestamp(6);
                            records.add(new SpawnRecord(rs.getString(1), spawnEpoch, rs.getLong(5),
                                    started == null ? null : started.toInstant(), rs.getInt(7), rs.getBytes(8),
                                    leaseOwner, rs.getString(10)));
                        }
                    }
                }
            }
            // What the gone directors held and no record accounts for is free now, not in a lease's lifetime.
            for (String previous : gone) {
                try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_owner = NULL, "
                        + "lease_expires_at = NULL WHERE lease_owner = ? AND world_id NOT IN (SELECT world_id "
                        + "FROM world_spawns WHERE director = ? AND epoch = worlds.epoch)")) {
                    s.setString(1, previous);
                    s.setString(2, previous);
                    s.executeUpdate();
                }
            }
            return records;
        });
    }

    @Override
    public boolean takeOver(String worldId, long epoch, String previousOwner, String ticketKeyId) {
        return db.inTransaction("take over world", c -> {
            int taken;
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_owner = ?, lease_expires_at = "
                    + "now() + ? * interval '1 millisecond' WHERE world_id = ? AND epoch = ? AND lease_owner = ?")) {
                s.setString(1, owner);
                s.setLong(2, ttlMillis);
                s.setString(3, worldId);
                s.setLong(4, epoch);
                s.setString(5, Objects.requireNonNull(previousOwner));
                taken = s.executeUpdate();
            }
            if (taken == 1) {
                try (PreparedStatement s = c.prepareStatement("UPDATE world_spawns SET director = ?, "
                        + "ticket_key_id = ? WHERE world_id = ? AND epoch = ?")) {
                    s.setString(1, owner);
                    s.setString(2, ticketKeyId);
                    s.setString(3, worldId);
                    s.setLong(4, epoch);
                    s.executeUpdate();
                }
            }
            return taken == 1;
        });
    }

    @Override
    public Adoption adopt(String worldId, byte[] spawnTokenSha256, String ticketKeyId) {
        return db.inTransaction("adopt world", c -> {
            SpawnRecord record;
            try (PreparedStatement s = c.prepareStatement("SELECT s.epoch, s.pid, s.process_started_at, s.game_port, "
                    + "s.spawn_token_sha256, s.director, s.game_url, w.lease_owner IS NOT NULL FROM worlds w "
                    + "LEFT JOIN world_spawns s ON s.world_id = w.world_id AND s.epoch = w.epoch "
                    + "WHERE w.world_id = ? FOR UPDATE OF w")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next() || !rs.getBoolean(8)) {
                        // No world, or nobody runs it: its processes have all been given up.
                        return Adoption.STALE;
                    }
                    byte[] recorded = rs.getBytes(5);
                    if (recorded == null) {
                        return Adoption.UNRECORDED;
                    }
                    if (!MessageDigest.isEqual(recorded, spawnTokenSha256)) {
                        return Adoption.STALE;
                    }
                    Timestamp started = rs.getTimestamp(3);
                    record = new SpawnRecord(worldId, rs.getLong(1), rs.getLong(2),
                            started == null ? null : started.toInstant(), rs.getInt(4), recorded,
                            rs.getString(6), rs.getString(7));
                }
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_owner = ?, lease_expires_at = "
                    + "now() + ? * interval '1 millisecond' WHERE world_id = ?")) {
                s.setString(1, owner);
                s.setLong(2, ttlMillis);
                s.setString(3, worldId);
                s.executeUpdate();
            }
            // The secret the world's tickets are signed with is this director's choice from now on.
            try (PreparedStatement s = c.prepareStatement("UPDATE world_spawns SET director = ?, ticket_key_id = ? "
                    + "WHERE world_id = ?")) {
                s.setString(1, owner);
                s.setString(2, ticketKeyId);
                s.setString(3, worldId);
                s.executeUpdate();
            }
            return Adoption.of(record);
        });
    }
}
