package lor.protocol.ticket;

/** Why a ticket is refused: the reason goes into the world's log, the client only sees {@code bad_ticket}. */
public final class TicketException extends Exception {

    public TicketException(String reason) {
        super(reason, null, false, false);
    }
}
