package lor.protocol;

/** Every error code of the public contract, with its wire name. */
public enum ErrorCode {
    BAD_REQUEST("bad_request"),
    UNKNOWN_TYPE("unknown_type"),
    USERNAME_TAKEN("username_taken"),
    INVALID_USERNAME("invalid_username"),
    WEAK_PASSWORD("weak_password"),
    BAD_CREDENTIALS("bad_credentials"),
    BAD_TOKEN("bad_token"),
    NOT_AUTHENTICATED("not_authenticated"),
    UNKNOWN_WORLD("unknown_world"),
    WORLD_UNAVAILABLE("world_unavailable"),
    BAD_TICKET("bad_ticket"),
    /** A message that is well formed but not legal in the connection's current state. */
    NOT_ALLOWED("not_allowed"),
    /**
     * Too many requests at once on one connection or from one address, or the server is saturated; nothing was
     * changed.
     */
    RATE_LIMITED("rate_limited"),
    /** Too many failed logins for this account or from this address: refused without checking the password. */
    TOO_MANY_ATTEMPTS("too_many_attempts"),
    /** The same account connected again; this connection is about to close. */
    REPLACED("replaced"),
    /**
     * The service cannot answer for now (its database is away); nothing was changed, and the same request may
     * succeed later.
     */
    UNAVAILABLE("unavailable"),
    /** A failure inside the server; the message never says more than that. */
    INTERNAL_ERROR("internal_error");

    private final String wireName;

    ErrorCode(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
