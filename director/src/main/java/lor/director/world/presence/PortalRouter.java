package lor.director.world.presence;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import lor.director.world.WorldUnavailableException;
import lor.director.world.admission.Admissions;
import lor.protocol.Message;
import lor.protocol.Names;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.ticket.Ticket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends players through portals between worlds: the target world is started or reused like any join, and the
 * answer carries a ticket that places the player at the portal's target cell, or says why the way is shut.
 */
public final class PortalRouter {

    private static final Logger LOG = LoggerFactory.getLogger(PortalRouter.class);

    /** Whether this director knows the world: a portal to any other leads nowhere. */
    private final Predicate<String> known;
    /** This director's own admissions until several directors share the worlds; see {@link #routeThrough}. */
    private volatile Admissions admissions;

    public PortalRouter(Predicate<String> known, Admissions admissions) {
        this.known = known;
        this.admissions = admissions;
    }

    /** Portals lead to worlds wherever they run: the admissions of the directors sharing the database. */
    public void routeThrough(Admissions admissions) {
        this.admissions = admissions;
    }

    public CompletableFuture<Message> transfer(String registeredWorldId, PortalTransferMessage message,
                                               long timeoutMs) {
        if (!registeredWorldId.equals(message.worldId())) {
            return CompletableFuture.completedFuture(refusal(message, "portal from another world"));
        }
        if (!known.test(message.targetWorldId())) {
            LOG.warn("world {} has a portal to unknown world {}", message.worldId(), message.targetWorldId());
            return CompletableFuture.completedFuture(refusal(message, "this portal leads nowhere"));
        }
        Ticket.Arrival arrival;
        try {
            arrival = new Ticket.Arrival(message.x(), message.y(), message.layer());
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(refusal(message, "this portal leads nowhere"));
        }
        // The name only labels the player for others: one the world got wrong costs the label, not the transfer.
        String name = message.name();
        if (name != null && !Names.isUsername(name)) {
            LOG.warn("world {} sent a transfer of account {} with a name that is no username; it goes without",
                    message.worldId(), message.accountId());
            name = null;
        }
        return admissions.admit(message.targetWorldId(), message.accountId(), name, arrival)
                .orTimeout(timeoutMs, TimeUnit.MILLISECONDS)
                .handle((admission, error) -> {
                    if (error != null) {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        String reason = cause instanceof WorldUnavailableException ? cause.getMessage()
                                : "the other world did not start in time";
                        LOG.warn("portal from {} to {} refused for account {}: {}", message.worldId(),
                                message.targetWorldId(), message.accountId(), reason);
                        return refusal(message, message.targetWorldId() + " is unavailable: " + reason);
                    }
                    return new PortalGrantedMessage(message.worldId(), message.transferId(), message.accountId(),
                            admission.worldId(), admission.gameUrl(), admission.ticket());
                });
    }

    private static Message refusal(PortalTransferMessage message, String reason) {
        return new PortalRefusedMessage(message.worldId(), message.transferId(), message.accountId(), reason);
    }
}
