package lor.director.cluster;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Optional;

import lor.director.db.Database;
import lor.director.world.UnknownWorldException;

/** Which director runs a world now, as its live lease says. Blocking. */
final class LeaseOwners {

    private final Database db;

    LeaseOwners(Database db) {
        this.db = db;
    }

    /**
     * @return the director whose lease on the world is live; empty when none is (any director may claim it)
     * @throws UnknownWorldException when the database has no such world
     */
    Optional<String> liveOwner(String worldId) {
        return db.inTransaction("find world owner", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT CASE WHEN lease_expires_at > now() "
                    + "THEN lease_owner END FROM worlds WHERE world_id = ?")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new UnknownWorldException(worldId);
                    }
                    return Optional.ofNullable(rs.getString(1));
                }
            }
        });
    }
}
