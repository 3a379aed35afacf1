package lor.director.cluster;

import java.sql.PreparedStatement;
import java.sql.ResultSet;

import lor.director.db.Database;
import lor.director.world.UnknownWorldException;

/** Which director runs a world now, as its live lease says, and the spawn it runs. Blocking. */
final class LeaseOwners {

    private final Database db;

    LeaseOwners(Database db) {
        this.db = db;
    }

    /**
     * A world's owner and its current spawn.
     *
     * @param director  whose lease on the world is live; null when none is (any director may claim it)
     * @param spawn     the record of the spawn under the world's current epoch; null while it is starting (a spawn
     *                  is recorded once it runs), or when nobody runs it
     */
    record Owner(String director, Spawn spawn) {
    }

    /**
     * A running spawn, as recorded.
     *
     * @param ticketKeyId the key its ticket secret is derived from; null for a random secret
     */
    record Spawn(long epoch, byte[] spawnTokenSha256, String gameUrl, String ticketKeyId) {
    }

    /** @throws UnknownWorldException when the database has no such world */
    Owner find(String worldId) {
        return db.inTransaction("find world owner", c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT CASE WHEN w.lease_expires_at > now() "
                    + "THEN w.lease_owner END, s.epoch, s.spawn_token_sha256, s.game_url, s.ticket_key_id "
                    + "FROM worlds w LEFT JOIN world_spawns s ON s.world_id = w.world_id AND s.epoch = w.epoch "
                    + "WHERE w.world_id = ?")) {
                s.setString(1, worldId);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next()) {
                        throw new UnknownWorldException(worldId);
                    }
                    String director = rs.getString(1);
                    long epoch = rs.getLong(2);
                    if (director == null || rs.wasNull()) {
                        return new Owner(director, null);
                    }
                    return new Owner(director, new Spawn(epoch, rs.getBytes(3), rs.getString(4), rs.getString(5)));
                }
            }
        });
    }
}
