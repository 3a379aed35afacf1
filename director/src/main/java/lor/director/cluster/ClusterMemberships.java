package lor.director.cluster;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import lor.director.db.DataAccessException;
import lor.director.db.Database;
import lor.director.world.WorldSupervisor;
import lor.director.world.presence.MembershipLedger;
import lor.protocol.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * One account in one world at a time, across the directors: every player a world reports is recorded in
 * {@code memberships}, and an account recorded in another world is let go by it: the directors are told over the
 * {@link ClusterBus}, and the one that runs that world kicks the player there. The row lock on the account's
 * membership orders two worlds admitting one account at once: the second learns of the first.
 */
final class ClusterMemberships implements MembershipLedger {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterMemberships.class);

    private final Database db;
    private final ClusterBus bus;
    private final WorldSupervisor supervisor;

    ClusterMemberships(Database db, ClusterBus bus, WorldSupervisor supervisor) {
        this.db = db;
        this.bus = bus;
        this.supervisor = supervisor;
    }

    @Override
    public void joined(long accountId, String worldId) {
        try {
            String previous = db.inTransaction("record membership", c -> record(c, accountId, worldId));
            if (previous != null) {
                entered(accountId, previous);
            }
        } catch (DataAccessException e) {
            LOG.warn("cannot record account {} in world {}: {}", accountId, worldId, e.getMessage());
        }
    }

    @Override
    public void left(long accountId, String worldId) {
        try {
            db.inTransaction("forget membership", c -> {
                try (PreparedStatement s = c.prepareStatement("DELETE FROM memberships WHERE account_id = ? "
                        + "AND world_id = ?")) {
                    s.setLong(1, accountId);
                    s.setString(2, worldId);
                    return s.executeUpdate();
                }
            });
        } catch (DataAccessException e) {
            LOG.warn("cannot record account {} leaving world {}: {}", accountId, worldId, e.getMessage());
        }
    }

    @Override
    public void replaced(String worldId, Collection<Long> accountIds) {
        try {
            List<Moved> displaced = db.inTransaction("replace memberships", c -> {
                List<Moved> moved = new ArrayList<>();
                Array ids = c.createArrayOf("bigint", accountIds.toArray());
                try (PreparedStatement s = c.prepareStatement("DELETE FROM memberships WHERE world_id = ? "
                        + "AND NOT (account_id = ANY (?))")) {
                    s.setString(1, worldId);
                    s.setArray(2, ids);
                    s.executeUpdate();
                }
                for (long account : accountIds) {
                    String previous = record(c, account, worldId);
                    if (previous != null) {
                        moved.add(new Moved(account, previous));
                    }
                }
                return moved;
            });
            for (Moved m : displaced) {
                entered(m.accountId(), m.previousWorld());
            }
        } catch (DataAccessException e) {
            LOG.warn("cannot record the players of world {}: {}", worldId, e.getMessage());
        }
    }

    /** An account recorded in another world before. */
    private record Moved(long accountId, String previousWorld) {
    }

    /** @return the other world the account was recorded in, if any */
    private static String record(Connection c, long accountId, String worldId) throws SQLException {
        String previous = null;
        try (PreparedStatement s = c.prepareStatement("SELECT world_id FROM memberships WHERE account_id = ? "
                + "FOR UPDATE")) {
            s.setLong(1, accountId);
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    previous = rs.getString(1);
                }
            }
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO memberships (account_id, world_id) VALUES (?, ?) "
                + "ON CONFLICT (account_id) DO UPDATE SET world_id = EXCLUDED.world_id, joined_at = now()")) {
            s.setLong(1, accountId);
            s.setString(2, worldId);
            s.executeUpdate();
        }
        return previous == null || previous.equals(worldId) ? null : previous;
    }

    /** Tells every director (this one too) that the account left {@code previousWorld} for another. */
    private void entered(long accountId, String previousWorld) {
        if (supervisor.runsHere(previousWorld)) {
            supervisor.enteredElsewhere(previousWorld, accountId);
            return;
        }
        try {
            bus.send(ClusterBus.SHARED, Json.MAPPER.createObjectNode().put("t", "entered")
                    .put("world", previousWorld).put("account", accountId).toString());
        } catch (RuntimeException e) {
            LOG.warn("cannot tell the other directors that account {} left world {}: {}", accountId, previousWorld,
                    e.getMessage());
        }
    }

    /** Another director's world admitted an account that may be in a world of this one. */
    void enteredElsewhere(JsonNode message) {
        supervisor.enteredElsewhere(message.path("world").asString(), message.path("account").asLong());
    }
}
