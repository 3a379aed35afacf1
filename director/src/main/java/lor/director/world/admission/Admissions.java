package lor.director.world.admission;

import java.util.concurrent.CompletableFuture;

import lor.director.world.UnknownWorldException;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldUnavailableException;
import lor.protocol.ticket.Ticket;

/**
 * Lets a player into a world: the world's process is started if none runs, and a ticket for it is signed. On one
 * director that is {@link WorldSupervisor#admitHere}; with several, the world's owner does it
 * ({@code lor.director.cluster.ClusterAdmissions}).
 */
public interface Admissions {

    /**
     * @param username for the ticket to carry (null for none)
     * @param arrival  the cell a portal sends the player to; null for a plain join
     * @return fails with {@link UnknownWorldException} or {@link WorldUnavailableException}
     */
    CompletableFuture<Admission> admit(String worldId, long accountId, String username, Ticket.Arrival arrival);
}
