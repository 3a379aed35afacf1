package lor.director.cluster;

import java.sql.PreparedStatement;
import java.sql.ResultSet;

import lor.director.db.Database;
import lor.director.world.admission.SpawnSecrets;
import lor.protocol.ticket.Secrets;

/**
 * The key the directors of one database derive their spawns' ticket secrets from ({@link SpawnSecrets}), kept in
 * {@code ticket_key}: made by the first director to ask, read by every other. Blocking.
 */
public final class TicketKey {

    private TicketKey() {
    }

    /** The database's ticket key, made now when it has none. */
    public static SpawnSecrets load(Database db) {
        byte[] key = db.inTransaction("load ticket key", c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO ticket_key (key) VALUES (?) "
                    + "ON CONFLICT (only_row) DO NOTHING")) {
                s.setBytes(1, Secrets.randomBytes(32));
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("SELECT key FROM ticket_key");
                 ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getBytes(1);
            }
        });
        return SpawnSecrets.derivedFrom(key);
    }
}
