package lor.director.account;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

import lor.director.db.DataAccessException;
import lor.director.db.Database;

/** Accounts by username, case-insensitively unique. */
public final class AccountRepository {

    private static final String UNIQUE_VIOLATION = "23505";

    private final Database db;

    public AccountRepository(Database db) {
        this.db = db;
    }

    /** A stored account: its id, its username as registered, and its password hash. */
    public record AccountRow(long id, String username, String passwordHash) {

        @Override
        public String toString() {
            return "AccountRow[id=" + id + ", username=" + username + "]";
        }
    }

    /**
     * @return the new account's id
     * @throws AccountException with {@link AccountException.Reason#USERNAME_TAKEN} when the name exists in any case
     */
    public long create(String username, String passwordHash) throws AccountException {
        try {
            return db.inTransaction("create account", c -> insert(c, username, passwordHash));
        } catch (DataAccessException e) {
            if (e.getCause() instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
                throw new AccountException(AccountException.Reason.USERNAME_TAKEN);
            }
            throw e;
        }
    }

    public Optional<AccountRow> findByUsername(String username) {
        return db.inTransaction("find account", c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT id, username, password_hash FROM accounts WHERE lower(username) = lower(?)")) {
                s.setString(1, username);
                try (ResultSet rs = s.executeQuery()) {
                    return rs.next()
                            ? Optional.of(new AccountRow(rs.getLong(1), rs.getString(2), rs.getString(3)))
                            : Optional.empty();
                }
            }
        });
    }

    private static long insert(Connection c, String username, String passwordHash) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT INTO accounts (username, password_hash) VALUES (?, ?) RETURNING id")) {
            s.setString(1, username);
            s.setString(2, passwordHash);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
