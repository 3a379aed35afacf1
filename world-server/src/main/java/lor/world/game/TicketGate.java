package lor.world.game;

import java.util.function.LongSupplier;

import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.protocol.ticket.TicketSigner;

/**
 * Admits a ticket once: signed with this spawn's secret, for this world, unexpired, never seen before. Tickets are
 * admitted on network threads while the control thread may {@link #rekey} the gate.
 */
public final class TicketGate {

    /** Tickets live at most 60 s, so this bounds admissions per minute, far above any real join rate. */
    static final int NONCE_CAPACITY = 100_000;
    /**
     * How long tickets signed with the secret before a {@link #rekey} are still admitted: those a director handed
     * out just before it died, to players who are connecting now. Tickets live at most this long.
     */
    static final long PREVIOUS_SECRET_GRACE_MILLIS = 60_000;

    private final String worldId;
    private final LongSupplier clock;
    private final NonceRegistry nonces = new NonceRegistry(NONCE_CAPACITY);
    private volatile Keys keys;

    public TicketGate(TicketSigner signer, String worldId, LongSupplier clockMillis) {
        this.keys = new Keys(signer, null, 0);
        this.worldId = worldId;
        this.clock = clockMillis;
    }

    public Ticket admit(String token) throws TicketException {
        long now = clock.getAsLong();
        Ticket ticket = verify(keys, token, now);
        if (!nonces.consume(ticket.nonce(), ticket.expiresAtMillis(), now)) {
            throw new TicketException("ticket already used");
        }
        return ticket;
    }

    /**
     * Signs with {@code next} from now on: a restarted director adopted this world and signs its tickets with a
     * secret of its own. The previous secret's tickets are admitted for {@link #PREVIOUS_SECRET_GRACE_MILLIS} more.
     */
    public void rekey(TicketSigner next) {
        keys = new Keys(next, keys.current, clock.getAsLong() + PREVIOUS_SECRET_GRACE_MILLIS);
    }

    private Ticket verify(Keys k, String token, long now) throws TicketException {
        try {
            return k.current.verify(token, worldId, now);
        } catch (TicketException e) {
            if (k.previous == null || now >= k.previousUntilMillis) {
                throw e;
            }
            try {
                return k.previous.verify(token, worldId, now);
            } catch (TicketException ignored) {
                // The current secret's reason is the one to report: the previous one is on its way out.
                throw e;
            }
        }
    }

    /** Swapped as one value, so that a ticket is never checked against a half-made change. */
    private record Keys(TicketSigner current, TicketSigner previous, long previousUntilMillis) {
    }
}
