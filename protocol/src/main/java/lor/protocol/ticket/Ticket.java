package lor.protocol.ticket;

import lor.protocol.Names;

/**
 * A seat reservation in one world for one account, valid until {@code expiresAtMillis} and admitted once: the
 * world remembers the {@code nonce} until the ticket expires. A ticket issued for a portal transfer also names the
 * cell the player {@code arrives} at; a plain join has none. {@code name} is the account's username, for the world
 * to show other players; null in a ticket that carries none (a v1 ticket, or one for a world that predates names).
 */
public record Ticket(long accountId, String worldId, long expiresAtMillis, String nonce, Arrival arrival,
                     String name) {

    /** The longest lifetime a world accepts; the director issues shorter ones. */
    public static final long MAX_LIFETIME_MILLIS = 60_000;

    public Ticket {
        if (name != null && !Names.isUsername(name)) {
            throw new IllegalArgumentException("a name is 3 to 32 of A-Z, a-z, 0-9, _ and -");
        }
    }

    public Ticket(long accountId, String worldId, long expiresAtMillis, String nonce) {
        this(accountId, worldId, expiresAtMillis, nonce, null, null);
    }

    public Ticket(long accountId, String worldId, long expiresAtMillis, String nonce, Arrival arrival) {
        this(accountId, worldId, expiresAtMillis, nonce, arrival, null);
    }

    /** The cell a transferred player appears at (or the free cell nearest to it). */
    public record Arrival(int x, int y, int layer) {

        public Arrival {
            if (x < 0 || y < 0 || layer < 0) {
                throw new IllegalArgumentException("arrival cell must not be negative");
            }
        }
    }
}
