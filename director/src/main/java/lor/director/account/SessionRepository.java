package lor.director.account;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;

import lor.director.db.Database;

/** Login sessions, stored only as the SHA-256 of their token, each with an expiry. */
public final class SessionRepository {

    private final Database db;

    public SessionRepository(Database db) {
        this.db = db;
    }

    public void create(byte[] tokenHash, long accountId, Instant expiresAt) {
        db.inTransaction("create session", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "INSERT INTO sessions (token_hash, account_id, expires_at) VALUES (?, ?, ?)")) {
                s.setBytes(1, tokenHash);
                s.setLong(2, accountId);
                s.setTimestamp(3, Timestamp.from(expiresAt));
                s.executeUpdate();
                return null;
            }
        });
    }

    /** The account a session belongs to: its id and its username as registered. */
    public record Owner(long accountId, String username) {
    }

    /** The account of an unexpired session, if any. */
    public Optional<Owner> accountFor(byte[] tokenHash, Instant now) {
        return db.inTransaction("find session", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT s.account_id, a.username FROM sessions s JOIN accounts a ON a.id = s.account_id "
                            + "WHERE s.token_hash = ? AND s.expires_at > ?")) {
                s.setBytes(1, tokenHash);
                s.setTimestamp(2, Timestamp.from(now));
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next() ? Optional.of(new Owner(rs.getLong(1), rs.getString(2))) : Optional.empty();
                }
            }
        });
    }

    /** Revokes one session. @return whether it existed */
    public boolean delete(byte[] tokenHash) {
        return db.inTransaction("delete session", c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM sessions WHERE token_hash = ?")) {
                s.setBytes(1, tokenHash);
                return s.executeUpdate() > 0;
            }
        });
    }

    /** @return how many expired sessions were deleted */
    public int deleteExpired(Instant now) {
        return db.inTransaction("delete expired sessions", c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM sessions WHERE expires_at <= ?")) {
                s.setTimestamp(1, Timestamp.from(now));
                return s.executeUpdate();
            }
        });
    }
}
