package lor.director.account;

import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Failed logins, limited per account name and per remote address ({@link FailureBackoff}); logins in flight at once
 * are capped apart from that (at most {@value #ADDRESS_MAX_IN_FLIGHT} from one address), and a login over the cap
 * is told it is busy, not that it failed. An account earns a
 * back-off after {@value #ACCOUNT_FREE_FAILURES} consecutive failures, an address (many accounts, or people behind
 * one NAT) after {@value #ADDRESS_FREE_FAILURES}; the back-off starts at the configured base, doubles with each
 * further failure up to {@value #MAX_DELAY_MS} ms, and is forgotten after {@value #FORGET_AFTER_MS} ms without a
 * failure. A correct password forgives the account's failures (not the address's: one valid account must not
 * launder guesses at others). Refused attempts never reach the password hash, so guessing costs the server nothing.
 *
 * <p>Unknown names count like existing ones: the back-off must not tell which accounts exist.
 */
public final class LoginThrottle {

    public static final int ACCOUNT_FREE_FAILURES = 5;
    /** Failures from one address before it is backed off, unless configured otherwise; 0 turns it off. */
    public static final int ADDRESS_FREE_FAILURES = 20;
    /**
     * Logins from one address in flight at once (a NAT or a campus full of players signing in together): more are
     * answered {@code rate_limited}, never counted as failures. Each one waits for a slow password hash, so this
     * also bounds what one address can queue.
     */
    public static final int ADDRESS_MAX_IN_FLIGHT = 64;
    public static final long MAX_DELAY_MS = 60_000;
    public static final long FORGET_AFTER_MS = 15 * 60_000;
    /** Keys remembered per kind; beyond, the least recently used is forgotten. */
    public static final int CAPACITY = 10_000;
    /** Longer names are no account's (at most 32 characters); the key keeps memory per entry bounded. */
    private static final int MAX_KEY_CHARS = 64;

    private final FailureBackoff accounts;
    private final FailureBackoff addresses;
    private volatile Peers peers = Peers.NONE;

    /**
     * The other directors sharing the accounts: each verdict here is told to them, so that an account's failures
     * count wherever it is tried (see {@code lor.director.cluster.ClusterLogins}).
     */
    public interface Peers {
        Peers NONE = new Peers() {
            @Override
            public void failed(String accountKey, String addressKey) {
            }

            @Override
            public void succeeded(String accountKey) {
            }
        };

        void failed(String accountKey, String addressKey);

        void succeeded(String accountKey);
    }

    /** @param baseDelayMs the first back-off; doubled per further failure, at most {@link #MAX_DELAY_MS} */
    public LoginThrottle(long baseDelayMs, LongSupplier clockMillis) {
        this(baseDelayMs, ADDRESS_FREE_FAILURES, clockMillis);
    }

    /**
     * @param addressFreeFailures failures from one address before it is backed off; 0 limits only accounts (behind
     *                            a reverse proxy every player has the proxy's address)
     */
    public LoginThrottle(long baseDelayMs, int addressFreeFailures, LongSupplier clockMillis) {
        long max = Math.max(MAX_DELAY_MS, baseDelayMs);
        this.accounts = new FailureBackoff(new FailureBackoff.Policy(ACCOUNT_FREE_FAILURES, ACCOUNT_FREE_FAILURES,
                baseDelayMs, max, FORGET_AFTER_MS, CAPACITY), clockMillis);
        this.addresses = addressFreeFailures == 0 ? null : new FailureBackoff(new FailureBackoff.Policy(
                addressFreeFailures, Math.max(addressFreeFailures, ADDRESS_MAX_IN_FLIGHT), baseDelayMs, max,
                FORGET_AFTER_MS, CAPACITY), clockMillis);
    }

    /** One login attempt that was let through; report how it ended exactly once. */
    public final class Attempt {

        private final String account;
        private final String address;
        private boolean ended;

        private Attempt(String account, String address) {
            this.account = account;
            this.address = address;
        }

        public void succeeded() {
            if (end()) {
                accounts.succeeded(account);
                peers.succeeded(account);
                if (addresses != null) {
                    addresses.released(address);
                }
            }
        }

        public void failed() {
            if (end()) {
                accounts.failed(account);
                peers.failed(account, address);
                if (addresses != null) {
                    addresses.failed(address);
                }
            }
        }

        /** Ended without a verdict (an internal error). */
        public void released() {
            if (end()) {
                accounts.released(account);
                if (addresses != null) {
                    addresses.released(address);
                }
            }
        }

        private synchronized boolean end() {
            boolean first = !ended;
            ended = true;
            return first;
        }
    }

    /**
     * Either an attempt that may go ahead, or how long to wait: {@code busy} when too many logins are in flight at
     * once for the account or the address (nothing failed), else a back-off earned by failed logins.
     */
    public record Decision(Attempt attempt, long retryAfterMs, boolean busy) {

        public boolean allowed() {
            return attempt != null;
        }
    }

    /** @param address the client's IP address, without port */
    public Decision begin(String username, String address) {
        String account = accountKey(username);
        String addressKey = truncate(address);
        FailureBackoff.Verdict accountVerdict = accounts.tryAcquire(account);
        if (!accountVerdict.allowed()) {
            return new Decision(null, accountVerdict.retryAfterMs(), accountVerdict.busy());
        }
        FailureBackoff.Verdict addressVerdict = addresses == null ? FailureBackoff.Verdict.GO
                : addresses.tryAcquire(addressKey);
        if (!addressVerdict.allowed()) {
            accounts.released(account);
            return new Decision(null, addressVerdict.retryAfterMs(), addressVerdict.busy());
        }
        return new Decision(new Attempt(account, addressKey), 0, false);
    }

    public void shareWith(Peers peers) {
        this.peers = peers;
    }

    /** A failed login on another director: counted here as if it had been tried here. Keys as {@link Peers} got. */
    public void failedElsewhere(String accountKey, String addressKey) {
        accounts.failedElsewhere(truncate(accountKey));
        if (addresses != null && addressKey != null) {
            addresses.failedElsewhere(truncate(addressKey));
        }
    }

    /** A successful login on another director forgives the account here too (never the address). */
    public void succeededElsewhere(String accountKey) {
        accounts.forgivenElsewhere(truncate(accountKey));
    }

    /** Usernames are unique regardless of case, so their failures are too. */
    static String accountKey(String username) {
        return truncate(username.toLowerCase(Locale.ROOT));
    }

    private static String truncate(String key) {
        return key.length() <= MAX_KEY_CHARS ? key : key.substring(0, MAX_KEY_CHARS);
    }
}
