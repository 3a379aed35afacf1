package lor.director.world.admission;

import lor.protocol.ticket.TicketSigner;

/**
 * A running world's address for players and the signer of its tickets (the secret of its current spawn).
 *
 * @param takesNames whether its process verifies v2 tickets, those that carry the player's username. A process
 *                   this director started (or a spare it assigned) runs this director's world server, which does.
 *                   One it adopted was left running by an earlier director ({@code --on-stop leave-worlds}, a
 *                   crash) and may be a world server from before names, which refuses a v2 ticket as an unknown
 *                   version: it gets v1 tickets, as before, until it ends and its world is started anew.
 */
public record JoinTarget(String worldId, String gameUrl, TicketSigner signer, boolean takesNames) {
}
