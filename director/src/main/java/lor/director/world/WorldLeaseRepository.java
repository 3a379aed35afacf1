package lor.director.world;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;

import lor.director.db.DataAccessException;
import lor.director.db.Database;

/**
 * {@link WorldLeases} in the {@code worlds} table. A claim is one conditional {@code UPDATE}: PostgreSQL's row lock
 * makes concurrent claims of one world (by this director or another) take turns, and only one finds the lease free.
 * Times are the database's, so directors on machines with skewed clocks still agree.
 */
public final class WorldLeaseRepository implements WorldLeases {

    private final Database db;
    private final String owner;
    private final long ttlMillis;

    /**
     * @param owner this director's identity, unique per director process
     * @param ttl   how long a lease lives unrenewed; renew well within it
     */
    public WorldLeaseRepository(Database db, String owner, Duration ttl) {
        this.db = db;
        this.owner = owner;
        this.ttlMillis = ttl.toMillis();
    }

    public String owner() {
        return owner;
    }

    @Override
    public long claim(String worldId) throws LeaseHeldException {
        Claim claim = db.inTransaction("claim world", c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET epoch = epoch + 1, lease_owner = ?, "
                    + "lease_expires_at = now() + ? * interval '1 millisecond' WHERE world_id = ? "
                    + "AND (lease_owner IS NULL OR lease_owner = ? OR lease_expires_at < now()) RETURNING epoch")) {
                s.setString(1, owner);
                s.setLong(2, ttlMillis);
                s.setString(3, worldId);
                s.setString(4, owner);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        return new Claim(rs.getLong(1), null);
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement("SELECT lease_owner FROM worlds WHERE world_id = ?")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new DataAccessException("claim world", new IllegalStateException("no world " + worldId));
                    }
                    return new Claim(0, rs.getString(1));
                }
            }
        });
        if (claim.heldBy() != null) {
            throw new LeaseHeldException(worldId, claim.heldBy());
        }
        return claim.epoch();
    }

    /** A won claim's epoch, or the owner of the live lease that refused it. */
    private record Claim(long epoch, String heldBy) {
    }

    @Override
    public void renewAll() {
        db.inTransaction("renew world leases", c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_expires_at = now() + ? * "
                    + "interval '1 millisecond' WHERE lease_owner = ?")) {
                s.setLong(1, ttlMillis);
                s.setString(2, owner);
                return s.executeUpdate();
            }
        });
    }

    @Override
    public void release(String worldId, long epoch) {
        db.inTransaction("release world", c -> {
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
            try (PreparedStatement s = c.prepareStatement("UPDATE worlds SET lease_owner = NULL, "
                    + "lease_expires_at = NULL WHERE lease_owner = ?")) {
                s.setString(1, owner);
                return s.executeUpdate();
            }
        });
    }
}
