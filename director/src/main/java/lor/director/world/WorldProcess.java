package lor.director.world;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.ticket.TicketSigner;

/**
 * One spawn of a world: the OS process, the secrets it was started with, and how far it got. Fields are guarded
 * by the owning {@link WorldInstance}'s monitor.
 */
final class WorldProcess {

    final String spawnToken;
    final TicketSigner signer;
    final CompletableFuture<JoinTarget> ready = new CompletableFuture<>();
    Process process;
    long pid;
    int gamePort;
    ControlChannel control;
    boolean hydrated;
    boolean shutdownAcked;
    ScheduledFuture<?> timeout;
    /** When it last proved alive (registration, heartbeat); 0 before it registered. */
    long lastHeartbeatNanos;
    /** Missed its heartbeats and was killed; its exit is the end of it. */
    boolean unhealthy;
    /** A spare's snapshot, read while it builds its world; taken by the first hydration. */
    CompletableFuture<WorldHydrateMessage> prefetchedHydration;

    WorldProcess(String spawnToken, TicketSigner signer) {
        this.spawnToken = spawnToken;
        this.signer = signer;
    }
}
