package lor.world.game;

import java.util.function.LongSupplier;

import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketException;
import lor.protocol.ticket.TicketSigner;

/** Admits a ticket once: signed with this spawn's secret, for this world, unexpired, never seen before. */
public final class TicketGate {

    /** Tickets live at most 60 s, so this bounds admissions per minute, far above any real join rate. */
    static final int NONCE_CAPACITY = 100_000;

    private final TicketSigner signer;
    private final String worldId;
    private final LongSupplier clock;
    private final NonceRegistry nonces = new NonceRegistry(NONCE_CAPACITY);

    public TicketGate(TicketSigner signer, String worldId, LongSupplier clockMillis) {
        this.signer = signer;
        this.worldId = worldId;
        this.clock = clockMillis;
    }

    public Ticket admit(String token) throws TicketException {
        long now = clock.getAsLong();
        Ticket ticket = signer.verify(token, worldId, now);
        if (!nonces.consume(ticket.nonce(), ticket.expiresAtMillis(), now)) {
            throw new TicketException("ticket already used");
        }
        return ticket;
    }
}
