package lor.director.account;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import lor.protocol.Names;
import lor.protocol.ticket.Secrets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registration, login and session resumption. Blocking (database and a slow KDF): call it from the blocking
 * executor. Unknown user and wrong password are indistinguishable, in answer and in time.
 */
public final class AccountService {

    private static final Logger LOG = LoggerFactory.getLogger(AccountService.class);
    public static final int MIN_PASSWORD_CHARS = 8;
    /** PBKDF2 work grows with the password; anything longer is not a password a person types. */
    public static final int MAX_PASSWORD_CHARS = 1024;

    private final AccountRepository accounts;
    private final SessionRepository sessions;
    private final PasswordHasher hasher;
    private final Duration sessionTtl;
    private final Clock clock;

    public AccountService(AccountRepository accounts, SessionRepository sessions, PasswordHasher hasher,
                          Duration sessionTtl, Clock clock) {
        this.accounts = accounts;
        this.sessions = sessions;
        this.hasher = hasher;
        this.sessionTtl = sessionTtl;
        this.clock = clock;
    }

    /**
     * A logged-in session: the account, its username as registered (whatever case the login was typed in: it goes
     * into world tickets, for other players to see), and the token to resume it.
     */
    public record Session(long accountId, String username, String token) {

        @Override
        public String toString() {
            return "Session[accountId=" + accountId + ", username=" + username + ", token=<redacted>]";
        }
    }

    public long register(String username, String password) throws AccountException {
        if (!Names.isUsername(username)) {
            throw new AccountException(AccountException.Reason.INVALID_USERNAME);
        }
        int characters = password.codePointCount(0, password.length());
        if (characters < MIN_PASSWORD_CHARS || password.length() > MAX_PASSWORD_CHARS) {
            throw new AccountException(AccountException.Reason.WEAK_PASSWORD);
        }
        long id = accounts.create(username, hasher.hash(password));
        LOG.info("registered account {} ({})", id, username);
        return id;
    }

    public Session login(String username, String password) throws AccountException {
        if (password.length() > MAX_PASSWORD_CHARS) {
            throw new AccountException(AccountException.Reason.BAD_CREDENTIALS);
        }
        Optional<AccountRepository.AccountRow> account = Names.isUsername(username)
                ? accounts.findByUsername(username)
                : Optional.empty();
        if (account.isEmpty()) {
            hasher.verifyDecoy(password);
            throw new AccountException(AccountException.Reason.BAD_CREDENTIALS);
        }
        if (!hasher.verify(password, account.get().passwordHash())) {
            throw new AccountException(AccountException.Reason.BAD_CREDENTIALS);
        }
        String token = Secrets.random256();
        sessions.create(Secrets.sha256(token), account.get().id(), clock.instant().plus(sessionTtl));
        return new Session(account.get().id(), account.get().username(), token);
    }

    public Session resume(String token) throws AccountException {
        if (!Names.isToken(token)) {
            // No session has any other form: nothing to look up.
            throw new AccountException(AccountException.Reason.BAD_TOKEN);
        }
        Optional<SessionRepository.Owner> owner = sessions.accountFor(Secrets.sha256(token), clock.instant());
        if (owner.isEmpty()) {
            throw new AccountException(AccountException.Reason.BAD_TOKEN);
        }
        return new Session(owner.get().accountId(), owner.get().username(), token);
    }

    /** Revokes the session of {@code token}: a later {@link #resume} with it is refused. Idempotent. */
    public void logout(String token) {
        sessions.delete(Secrets.sha256(token));
    }

    /** Housekeeping, run periodically. */
    public int purgeExpiredSessions() {
        return sessions.deleteExpired(Instant.now(clock));
    }
}
