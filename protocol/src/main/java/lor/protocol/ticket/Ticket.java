package lor.protocol.ticket;

/**
 * A seat reservation in one world for one account, valid until {@code expiresAtMillis} and admitted once: the
 * world remembers the {@code nonce} until the ticket expires.
 */
public record Ticket(long accountId, String worldId, long expiresAtMillis, String nonce) {

    /** The longest lifetime a world accepts; the director issues shorter ones. */
    public static final long MAX_LIFETIME_MILLIS = 60_000;
}
