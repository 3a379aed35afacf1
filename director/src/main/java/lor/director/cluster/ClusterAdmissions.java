package lor.director.cluster;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import lor.director.world.RunElsewhereException;
import lor.director.world.UnknownWorldException;
import lor.director.world.WorldSupervisor;
import lor.director.world.WorldUnavailableException;
import lor.director.world.admission.Admission;
import lor.director.world.admission.Admissions;
import lor.protocol.Json;
import lor.protocol.ticket.Ticket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Admissions when several directors share the database: a player may join through any of them. A world this director
 * runs, or one nobody runs (this director claims and starts it), is admitted here; when that start loses its claim to
 * another director's (joins racing through several directors), every join that waited on it goes to the winner, as a
 * join that arrives later would. A world another director runs is admitted here too when its spawn's ticket secret
 * derives from the key the directors share ({@link KnownOwners}): this director signs the ticket itself, and tells the
 * owner at most once a second that its world is joined (lest it stop it as idle). The player then connects to the world
 * directly, as always: a join costs the same wherever it arrives, so directors add up. Otherwise (a spawn not recorded
 * yet, one that is ending, one whose secret is random) the owner is asked over the {@link ClusterBus}: it signs the
 * ticket, and this director passes the answer on, for two notifications.
 *
 * <p>An owner that does not answer within {@link #ATTEMPT_MILLIS} (dead, or fenced off) or no longer runs the world
 * is asked again after the owner is looked up again: once its worlds are adopted by another director, or its
 * leases have expired, the join goes there, or here.
 */
public final class ClusterAdmissions implements Admissions {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterAdmissions.class);

    static final long ATTEMPT_MILLIS = 1_000;
    /** How often at most the owner of a world is told that players join it through this director. */
    private static final long TOUCH_MILLIS = 1_000;
    private static final long RETRY_MILLIS = 100;
    /** Requests to other directors awaiting their answer; beyond, a join is refused as busy rather than queued. */
    static final int MAX_PENDING = 4_096;

    private final WorldSupervisor supervisor;
    private final LeaseOwners leases;
    private final ClusterCatalog catalog;
    private final ClusterBus bus;
    private final String directorId;
    private final Executor blocking;
    private final long deadlineMillis;
    private final Map<String, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final KnownOwners owners;
    /** When the owner of each world was last told of a join here; keyed by worlds the database has. */
    private final Map<String, Long> touched = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();

    ClusterAdmissions(WorldSupervisor supervisor, LeaseOwners leases, ClusterCatalog catalog, ClusterBus bus,
                      String directorId, Executor blocking, long deadlineMillis) {
        this.supervisor = supervisor;
        this.leases = leases;
        this.catalog = catalog;
        this.bus = bus;
        this.directorId = directorId;
        this.blocking = blocking;
        this.deadlineMillis = deadlineMillis;
        this.owners = new KnownOwners(supervisor.spawnSecrets());
    }

    @Override
    public CompletableFuture<Admission> admit(String worldId, long accountId, String username,
                                              Ticket.Arrival arrival) {
        if (supervisor.fenced()) {
            return supervisor.admitHere(worldId, accountId, username, arrival);
        }
        Request request = new Request(worldId, accountId, username, arrival,
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadlineMillis));
        // A world this director is starting may yet lose its claim to another director: here() hands the join over.
        return supervisor.runsHere(worldId) ? here(request) : route(request);
    }

    private record Request(String worldId, long accountId, String username, Ticket.Arrival arrival,
                           long deadlineNanos) {

        boolean timeLeft() {
            return System.nanoTime() - deadlineNanos < 0;
        }
    }

    private CompletableFuture<Admission> route(Request r) {
        KnownOwners.Known known = owners.fresh(r.worldId());
        if (known != null) {
            return elsewhere(r, known);
        }
        return CompletableFuture.supplyAsync(() -> {
                    catalog.knowOrLookUp(r.worldId());
                    return leases.find(r.worldId());
                }, blocking)
                .thenCompose(owner -> {
                    if (owner.director() == null || owner.director().equals(directorId)) {
                        owners.forget(r.worldId());
                        return here(r);
                    }
                    return elsewhere(r, owners.learn(r.worldId(), owner.director(), owner.spawn()));
                });
    }

    /** A world another director runs: its ticket signed here when this director can, else by that director. */
    private CompletableFuture<Admission> elsewhere(Request r, KnownOwners.Known known) {
        if (known.direct() == null) {
            return there(r, known.director());
        }
        Admission admission = supervisor.admitElsewhere(known.direct(), r.accountId(), r.username(), r.arrival());
        touch(r.worldId(), known.director());
        return CompletableFuture.completedFuture(admission);
    }

    /** Tells the world's owner it is joined, so that it does not stop it as idle before the player arrives. */
    private void touch(String worldId, String owner) {
        long now = System.nanoTime();
        Long last = touched.get(worldId);
        if (last != null && now - last < TimeUnit.MILLISECONDS.toNanos(TOUCH_MILLIS)) {
            return;
        }
        if (last == null ? touched.putIfAbsent(worldId, now) != null : !touched.replace(worldId, last, now)) {
            return; // a join at the same moment tells it
        }
        send(ClusterBus.channelOf(owner), Json.MAPPER.createObjectNode().put("t", "joined")
                .put("world", worldId));
    }

    /** Another director admitted a player to a world this one runs. */
    void joinedElsewhere(JsonNode message) {
        String worldId = message.path("world").asString();
        if (supervisor.runsHere(worldId)) {
            supervisor.touch(worldId);
        }
    }

    /** The director that runs a world says its spawn {@code epoch} ends: its joins go to it from now on. */
    void spawnEnding(JsonNode message) {
        String worldId = message.path("world").asString();
        long epoch = message.path("epoch").asLong();
        if (epoch > 0 && supervisor.exists(worldId)) {
            owners.ending(worldId, epoch);
        }
    }

    /**
     * Claims and starts the world here (or waits for the start under way), unless another director got it first:
     * then that one is asked, for every join that waited on the lost start.
     */
    private CompletableFuture<Admission> here(Request r) {
        return supervisor.admitHere(r.worldId(), r.accountId(), r.username(), r.arrival())
                .exceptionallyCompose(error -> {
                    if (unwrap(error) instanceof RunElsewhereException elsewhere && r.timeLeft()) {
                        // No owner: it gave the world up as the claim was refused; look again.
                        return elsewhere.owner() == null ? later(r) : there(r, elsewhere.owner());
                    }
                    return CompletableFuture.failedFuture(unwrap(error));
                });
    }

    private CompletableFuture<Admission> there(Request r, String owner) {
        if (pending.size() >= MAX_PENDING) {
            return CompletableFuture.failedFuture(new WorldUnavailableException("too many joins at once; try again"));
        }
        String id = directorId.hashCode() + "-" + requests.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        ObjectNode message = Json.MAPPER.createObjectNode()
                .put("t", "admit")
                .put("id", id)
                .put("reply", bus.ownChannel())
                .put("world", r.worldId())
                .put("account", r.accountId());
        if (r.username() != null) {
            message.put("name", r.username());
        }
        if (r.arrival() != null) {
            message.put("x", r.arrival().x()).put("y", r.arrival().y()).put("layer", r.arrival().layer());
        }
        CompletableFuture.runAsync(() -> bus.send(ClusterBus.channelOf(owner), message.toString()), blocking)
                .whenComplete((sent, error) -> {
                    if (error != null) {
                        answer.completeExceptionally(unwrap(error));
                    }
                });
        return answer.orTimeout(ATTEMPT_MILLIS, TimeUnit.MILLISECONDS)
                .whenComplete((reply, error) -> pending.remove(id))
                .handle((reply, error) -> {
                    if (error == null && reply.path("t").asString().equals("admitted")) {
                        return CompletableFuture.completedFuture(new Admission(r.worldId(),
                                reply.path("gameUrl").asString(), reply.path("ticket").asString()));
                    }
                    if (error == null && reply.path("t").asString().equals("refused")) {
                        return CompletableFuture.<Admission>failedFuture(refusal(r.worldId(), reply));
                    }
                    // No answer (a dead or fenced director), or it does not run the world any more.
                    owners.forget(r.worldId());
                    if (!r.timeLeft()) {
                        return CompletableFuture.<Admission>failedFuture(new WorldUnavailableException(
                                "the world's director does not answer; try again"));
                    }
                    if (error != null && !(unwrap(error) instanceof TimeoutException)) {
                        LOG.debug("asking director {} to admit to {} failed: {}", owner, r.worldId(),
                                unwrap(error).toString());
                    }
                    return later(r);
                })
                .thenCompose(next -> next);
    }

    /** Routes the join again after a moment. */
    private CompletableFuture<Admission> later(Request r) {
        return CompletableFuture.supplyAsync(() -> r, CompletableFuture.delayedExecutor(RETRY_MILLIS,
                TimeUnit.MILLISECONDS, blocking)).thenCompose(this::route);
    }

    private static RuntimeException refusal(String worldId, JsonNode reply) {
        String message = reply.path("message").asString();
        return reply.path("code").asString().equals("unknown_world") ? new UnknownWorldException(worldId)
                : new WorldUnavailableException(message.isEmpty() ? "the world is unavailable" : message);
    }

    /** Another director's answer to a request of this one. */
    void answered(JsonNode reply) {
        CompletableFuture<JsonNode> waiting = pending.get(reply.path("id").asString());
        if (waiting != null) {
            waiting.complete(reply);
        }
    }

    /** Another director asks this one to admit a player to a world it runs. Called on the bus's thread. */
    void asked(JsonNode request) {
        String worldId = request.path("world").asString();
        String replyTo = request.path("reply").asString();
        String id = request.path("id").asString();
        if (!replyTo.startsWith("lor_d_") || worldId.isEmpty() || id.isEmpty()) {
            LOG.warn("ignored a malformed admission request on the cluster bus");
            return;
        }
        ObjectNode reply = Json.MAPPER.createObjectNode().put("id", id);
        if (!supervisor.runsHere(worldId)) {
            send(replyTo, reply.put("t", "not_here"));
            return;
        }
        Ticket.Arrival arrival = null;
        String username = request.hasNonNull("name") ? request.path("name").asString() : null;
        try {
            if (request.has("x")) {
                arrival = new Ticket.Arrival(request.path("x").asInt(), request.path("y").asInt(),
                        request.path("layer").asInt());
            }
        } catch (IllegalArgumentException e) {
            send(replyTo, reply.put("t", "refused").put("code", "world_unavailable")
                    .put("message", "this portal leads nowhere"));
            return;
        }
        supervisor.admitHere(worldId, request.path("account").asLong(), username, arrival)
                .orTimeout(deadlineMillis, TimeUnit.MILLISECONDS)
                .whenComplete((admission, error) -> {
                    if (error == null) {
                        send(replyTo, reply.put("t", "admitted").put("gameUrl", admission.gameUrl())
                                .put("ticket", admission.ticket()));
                        return;
                    }
                    Throwable cause = unwrap(error);
                    if (cause instanceof UnknownWorldException) {
                        send(replyTo, reply.put("t", "refused").put("code", "unknown_world"));
                    } else if (cause instanceof RunElsewhereException) {
                        send(replyTo, reply.put("t", "not_here"));
                    } else if (cause instanceof WorldUnavailableException) {
                        send(replyTo, reply.put("t", "refused").put("code", "world_unavailable")
                                .put("message", cause.getMessage()));
                    } else {
                        LOG.error("admitting a player of another director to {} failed", worldId, cause);
                        send(replyTo, reply.put("t", "refused").put("code", "world_unavailable")
                                .put("message", "the world is unavailable; try again"));
                    }
                });
    }

    private void send(String channel, ObjectNode message) {
        try {
            blocking.execute(() -> {
                try {
                    bus.send(channel, message.toString());
                } catch (RuntimeException e) {
                    LOG.warn("cannot answer another director: {}", e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.warn("cannot answer another director: the director is busy");
        }
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
