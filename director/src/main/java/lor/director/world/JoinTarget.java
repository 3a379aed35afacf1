package lor.director.world;

import lor.protocol.ticket.TicketSigner;

/** A running world's address for players and the signer of its tickets (the secret of its current spawn). */
public record JoinTarget(String worldId, String gameUrl, TicketSigner signer) {
}
