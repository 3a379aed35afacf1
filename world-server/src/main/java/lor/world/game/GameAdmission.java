package lor.world.game;

import lor.protocol.ticket.Ticket;

/** How a game connection hands players to the tick thread. Implementations only enqueue; they never block. */
public interface GameAdmission {

    /**
     * @param binary the player asked for binary state frames
     * @param names the player asked for the names of the other players ({@code names} messages)
     * @return false when the world cannot take the request now (queue full or shutting down)
     */
    boolean admit(PlayerConnection connection, Ticket ticket, boolean binary, boolean names, Object ref);

    /**
     * The player's connection closed.
     *
     * @param clean the client closed it itself (a WebSocket close frame): the player left. Otherwise the connection
     *              was lost, and the world holds the player for its reconnect window.
     */
    void leave(PlayerConnection connection, boolean clean);
}
