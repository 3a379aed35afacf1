package lor.director.world;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import lor.director.DirectorMetrics;
import lor.director.db.DataAccessException;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.control.WorldShutdownMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.log.LogRate;
import lor.protocol.ticket.Secrets;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The lifecycle of every world process: spawn on the first join (exactly once, however many joins race), hydrate
 * on registration, persist snapshots, stop when idle, notice exits, stop everything on director shutdown.
 *
 * <p>Thread rules: state transitions happen inside {@code synchronized (world)}; blocking work (the database) runs
 * on {@code blocking}; timers on {@code scheduler}. Nothing here runs on or blocks an event loop for long.
 */
public final class WorldSupervisor {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);
    /** Refused spares are worth an operator's eye, but anyone who can reach /control can repeat them. */
    private static final LogRate REFUSED_SPARES = new LogRate();

    /** How often idle worlds are looked for. */
    static final long IDLE_CHECK_MILLIS = 250;
    /** Longest wait between two attempts to persist a snapshot while the database is unavailable. */
    static final long PERSIST_RETRY_MAX_MILLIS = 2_000;
    /** Joins that may wait for a stopping world to come back, per world. */
    static final int MAX_WAITING_JOINS = 10_000;
    /** How long a world's lease lives unrenewed; a crashed director's worlds are free again after it. */
    public static final Duration LEASE_TTL = Duration.ofSeconds(30);
    /** How often this director renews its leases: a third of their life, so two missed renewals are survived. */
    static final long LEASE_RENEW_MILLIS = LEASE_TTL.toMillis() / 3;
    /**
     * How long a world left running by a previous director has to reconnect to this one. A world retries at least
     * every 5 s (its backoff's cap), so this is several attempts.
     */
    static final long ADOPTION_WINDOW_MILLIS = 20_000;

    /** What a world that no director takes back waits before it ends itself (the world server's figure). */
    private static final long ORPHAN_SECONDS = 60;

    private final Map<String, WorldInstance> worlds;
    private final WorldProcessLauncher launcher;
    private final SnapshotRepository snapshots;
    private final WorldLeases leases;
    private final Executor blocking;
    private final ScheduledExecutorService scheduler;
    private final DirectorMetrics metrics;
    private final Membership membership;
    private final SparePool spares;
    private final TicketIssuer tickets;
    private final String publicHost;
    /** {@code wss} once {@link #serveGamesOverTls} was called: the worlds' game ports speak TLS. */
    private volatile String gameScheme = "ws";
    private final long spawnTimeoutMs;
    private final long idleShutdownMs;
    private final long stopTimeoutMs;
    private volatile boolean shuttingDown;
    private ScheduledFuture<?> idleCheck;
    private ScheduledFuture<?> healthCheck;
    private ScheduledFuture<?> leaseRenewal;

    public WorldSupervisor(Collection<WorldRepository.WorldRecord> records, WorldProcessLauncher launcher,
                           SnapshotRepository snapshots, WorldLeases leases, Executor blocking,
                           ScheduledExecutorService scheduler,
                           DirectorMetrics metrics, Membership membership, TicketIssuer tickets, String publicHost,
                           long spawnTimeoutMs, long idleShutdownMs, long stopTimeoutMs, int warmSpares) {
        Map<String, WorldInstance> byId = new LinkedHashMap<>();
        for (WorldRepository.WorldRecord r : records) {
            byId.put(r.worldId(), new WorldInstance(r.worldId(), r.name(),
                    WorldSettings.parse(r.worldId(), r.settingsJson()), r.lastSnapshotSeq()));
        }
        this.worlds = Map.copyOf(byId);
        this.launcher = launcher;
        this.snapshots = snapshots;
        this.leases = leases;
        this.blocking = blocking;
        this.scheduler = scheduler;
        this.metrics = metrics;
        this.membership = membership;
        this.spares = new SparePool(launcher, metrics, warmSpares);
        this.tickets = tickets;
        this.publicHost = publicHost.contains(":") ? "[" + publicHost + "]" : publicHost;
        this.spawnTimeoutMs = spawnTimeoutMs;
        this.idleShutdownMs = idleShutdownMs;
        this.stopTimeoutMs = stopTimeoutMs;
    }

    /** The worlds serve their game ports over TLS (the director passed them its certificate): gameUrls are wss. */
    public void serveGamesOverTls() {
        gameScheme = "wss";
    }

    public void start() {
        runBlocking(spares::replenish, () -> { });
        WorldHealth health = new WorldHealth(worlds.values(), metrics);
        healthCheck = scheduler.scheduleWithFixedDelay(health::check, WorldHealth.HEARTBEAT_MILLIS,
                WorldHealth.HEARTBEAT_MILLIS, TimeUnit.MILLISECONDS);
        leaseRenewal = scheduler.scheduleWithFixedDelay(() -> runBlocking(this::renewLeases, () -> { }),
                LEASE_RENEW_MILLIS, LEASE_RENEW_MILLIS, TimeUnit.MILLISECONDS);
        if (idleShutdownMs > 0) {
            idleCheck = scheduler.scheduleWithFixedDelay(this::stopIdleWorlds, IDLE_CHECK_MILLIS, IDLE_CHECK_MILLIS,
                    TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Takes back the worlds that a director of this host left running when it died (crashed or was killed): each
     * becomes this director's again, under the same epoch, and is running once its process reconnects and proves
     * itself with the spawn token its record holds the hash of. Joins wait for that meanwhile instead of starting a
     * second process. A world whose process has gone is free to start afresh. Call before {@code /control} accepts
     * connections: a world that reconnected earlier would be refused and end itself.
     *
     * @return how many worlds are waited for
     */
    public int adoptLeftBehind() {
        int waiting = 0;
        try {
            for (SpawnRecord r : leases.leftBehind()) {
                WorldInstance w = worlds.get(r.worldId());
                Optional<AdoptedProcess> process = AdoptedProcess.find(r.pid(), r.processStartedAt());
                boolean taken = w != null && leases.takeOver(r.worldId(), r.epoch(), r.director());
                if (!taken) {
                    LOG.warn("world {} was claimed again since director {} left it; not taking it back", r.worldId(),
                            r.director());
                } else if (process.isEmpty()) {
                    LOG.info("world {}: its process (pid {}) ended with director {}; the next join starts it from "
                            + "its last snapshot", r.worldId(), r.pid(), r.director());
                    leases.release(r.worldId(), r.epoch());
                } else {
                    synchronized (w) {
                        adoptLocked(w, r, process.get());
                    }
                    waiting++;
                }
            }
        } catch (DataAccessException e) {
            LOG.error("cannot look for worlds left running by an earlier director: {}; they end themselves within "
                    + "{} s and start afresh on the next join", e.getMessage(), ORPHAN_SECONDS);
        }
        return waiting;
    }

    private void adoptLocked(WorldInstance w, SpawnRecord r, AdoptedProcess process) {
        WorldProcess p = new WorldProcess();
        p.epoch = r.epoch();
        p.process = process;
        p.pid = r.pid();
        p.spawnTokenSha256 = r.spawnTokenSha256();
        p.adopted = true;
        p.recorded = true;
        p.hydrated = true;
        w.current = p;
        w.status = WorldStatus.STARTING;
        w.lastActiveNanos = System.nanoTime();
        p.timeout = scheduler.schedule(() -> onAdoptionTimeout(w, p), ADOPTION_WINDOW_MILLIS, TimeUnit.MILLISECONDS);
        p.process.onExit().thenAccept(exited -> onExit(w, p, AdoptedProcess.UNKNOWN_EXIT));
        LOG.info("world {}: taking back pid {} (epoch {}) left running by director {}; waiting up to {} s for it to "
                + "reconnect", w.worldId, p.pid, p.epoch, r.director(), ADOPTION_WINDOW_MILLIS / 1000);
    }

    private void onAdoptionTimeout(WorldInstance w, WorldProcess p) {
        synchronized (w) {
            if (w.current != p || p.signer != null) {
                return;
            }
            LOG.error("world {} (pid {}) left running by the previous director did not reconnect within {} ms; "
                    + "killing it: the next join starts it from its last snapshot", w.worldId, p.pid,
                    ADOPTION_WINDOW_MILLIS);
            p.ready.completeExceptionally(new WorldUnavailableException(
                    "the world did not come back after a director restart; try again"));
            p.process.destroyForcibly();
        }
    }

    /** Every world, sorted by id. */
    public List<WorldView> views() {
        List<WorldView> views = new ArrayList<>(worlds.size());
        for (WorldInstance w : worlds.values()) {
            views.add(w.view(membership.count(w.worldId)));
        }
        views.sort((a, b) -> a.worldId().compareTo(b.worldId()));
        return views;
    }

    public boolean exists(String worldId) {
        return worlds.containsKey(worldId);
    }

    // ---- joins --------------------------------------------------------------------------------------------------

    /**
     * Completes with where to send the player once the world's process has registered and hydrated, spawning it
     * first if none runs. Fails with {@link UnknownWorldException} or {@link WorldUnavailableException}.
     */
    public CompletableFuture<JoinTarget> join(String worldId) {
        WorldInstance w = worlds.get(worldId);
        if (w == null) {
            return CompletableFuture.failedFuture(new UnknownWorldException(worldId));
        }
        if (shuttingDown) {
            return CompletableFuture.failedFuture(new WorldUnavailableException("the director is shutting down"));
        }
        synchronized (w) {
            w.lastActiveNanos = System.nanoTime();
            if (w.status == WorldStatus.RUNNING && !w.current.process.isAlive()) {
                // Killed a moment ago and its exit not yet handled: the exit handler starts the next process.
                CompletableFuture<JoinTarget> restarted = new CompletableFuture<>();
                w.waitingForRestart.add(restarted);
                return restarted;
            }
            switch (w.status) {
                case RUNNING, STARTING -> {
                    return w.current.ready;
                }
                case FAILED -> {
                    return CompletableFuture.failedFuture(
                            new WorldUnavailableException("the world has failed: " + w.failure));
                }
                case STOPPING -> {
                    if (w.waitingForRestart.size() >= MAX_WAITING_JOINS) {
                        return CompletableFuture.failedFuture(
                                new WorldUnavailableException("the world is restarting; try again"));
                    }
                    CompletableFuture<JoinTarget> restarted = new CompletableFuture<>();
                    w.waitingForRestart.add(restarted);
                    return restarted;
                }
                default -> {
                    return spawnLocked(w).ready;
                }
            }
        }
    }

    /** A ticket was handed out: the world is not idle, whatever its last player count said. */
    public void touch(String worldId) {
        WorldInstance w = worlds.get(worldId);
        if (w != null) {
            synchronized (w) {
                w.lastActiveNanos = System.nanoTime();
            }
        }
    }

    // ---- control channel ----------------------------------------------------------------------------------------

    /**
     * A world process introduces itself. Accepted only with the spawn token of the world's current spawn; then
     * the director answers with the snapshot to hydrate from, or, after a reconnect, with {@code world_resumed}.
     *
     * @throws RegistrationRefusedException for an unknown world or a wrong or stale token
     */
    public void onRegister(ControlChannel channel, WorldRegisterMessage message) throws RegistrationRefusedException {
        WorldInstance w = worlds.get(message.worldId());
        if (w == null) {
            throw new RegistrationRefusedException("unknown world");
        }
        WorldProcess p;
        boolean needsHydration;
        boolean stopping;
        String ticketSecret;
        boolean adoptedNow;
        synchronized (w) {
            p = w.current;
            if (p == null || !p.presents(message.spawnToken())) {
                throw refusedRegistration(w, message, "wrong or stale spawn token");
            }
            if (p.adopted && message.pid() != p.pid) {
                throw refusedRegistration(w, message, "not the recorded process (pid " + p.pid + ")");
            }
            if (p.control != null && p.control != channel) {
                p.control.close();
            }
            p.control = channel;
            p.lastHeartbeatNanos = System.nanoTime();
            p.gamePort = message.gamePort();
            if (message.pid() != p.pid) {
                LOG.warn("world {} registered with pid {} but was spawned as pid {}", w.worldId, message.pid(), p.pid);
            }
            adoptedNow = p.adopted && p.signer == null;
            if (adoptedNow) {
                // Its tickets were signed with the previous director's secret, which died with it.
                p.adoptedTicketSecret = Secrets.random256();
                p.signer = TicketSigner.fromEncodedSecret(p.adoptedTicketSecret);
            }
            ticketSecret = p.adoptedTicketSecret;
            needsHydration = !p.hydrated;
            stopping = w.status == WorldStatus.STOPPING;
        }
        LOG.info("world {} (pid {}) registered, game port {}", w.worldId, message.pid(), message.gamePort());
        if (needsHydration) {
            sendHydration(w, p, channel);
        } else {
            // Sent before joins are let in: the world must know the secret before the first ticket signed with it.
            channel.send(new WorldResumedMessage(w.worldId, ticketSecret));
            if (adoptedNow) {
                adopted(w, p);
            }
            if (stopping) {
                channel.send(new WorldShutdownMessage(w.worldId, "stop requested while disconnected"));
            }
        }
    }

    private static RegistrationRefusedException refusedRegistration(WorldInstance w, WorldRegisterMessage message,
                                                                    String why) {
        long reported = w.refusedRegistrations.occurred();
        if (reported > 0) {
            LOG.warn("refused registration for world {} from pid {}: {} ({} refused since the last report)",
                    w.worldId, message.pid(), why, reported);
        }
        return new RegistrationRefusedException(why);
    }

    /** The world proves it is alive; see {@link WorldHealth}. */
    public void onHeartbeat(ControlChannel channel, WorldHeartbeatMessage message) {
        WorldInstance w = worlds.get(message.worldId());
        if (w == null) {
            return;
        }
        synchronized (w) {
            WorldProcess p = w.current;
            if (p != null && p.control == channel) {
                p.lastHeartbeatNanos = System.nanoTime();
            }
        }
    }

    /** The world applied its hydration: it is running, and the joins waiting for it get their target. */
    public void onReady(ControlChannel channel, WorldReadyMessage message) {
        WorldInstance w = worlds.get(message.worldId());
        if (w == null) {
            return;
        }
        WorldProcess p;
        synchronized (w) {
            p = w.current;
            if (p == null || p.control != channel || p.hydrated) {
                return;
            }
            p.hydrated = true;
            w.hydratedSeq = message.hydratedSeq();
            cancelTimeout(p);
            if (w.status != WorldStatus.STARTING) {
                return;
            }
            w.status = WorldStatus.RUNNING;
            w.lastActiveNanos = System.nanoTime();
            LOG.info("world {} running: pid {}, game port {}, hydrated from snapshot seq {}", w.worldId, p.pid,
                    p.gamePort, message.hydratedSeq());
            p.ready.complete(targetOf(w, p));
        }
        runBlocking(() -> recordSpawn(w, p), () -> { });
    }

    private JoinTarget targetOf(WorldInstance w, WorldProcess p) {
        return new JoinTarget(w.worldId, gameScheme + "://" + publicHost + ":" + p.gamePort + "/game", p.signer);
    }

    /** A world left running by the previous director has reconnected: it serves joins again, its players kept. */
    private void adopted(WorldInstance w, WorldProcess p) {
        synchronized (w) {
            if (w.current != p || w.status != WorldStatus.STARTING) {
                return;
            }
            cancelTimeout(p);
            w.status = WorldStatus.RUNNING;
            w.lastActiveNanos = System.nanoTime();
            metrics.worldAdoptions.incrementAndGet();
            LOG.info("world {} taken back: pid {} (epoch {}) runs on with its players, game port {}", w.worldId,
                    p.pid, p.epoch, p.gamePort);
            p.ready.complete(targetOf(w, p));
        }
    }

    /**
     * Persists a snapshot from a registered world. The future completes once it is committed (or was already
     * stored), which is when the caller may acknowledge it.
     */
    public CompletableFuture<Void> onSnapshot(ControlChannel channel, String registeredWorldId,
                                              WorldSnapshotMessage message) {
        WorldInstance w = worlds.get(registeredWorldId);
        if (w == null || !registeredWorldId.equals(message.worldId())) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("snapshot for another world"));
        }
        if (message.seq() <= 0) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("snapshot seq must be positive"));
        }
        WorldProcess p;
        synchronized (w) {
            p = w.current != null && w.current.control == channel ? w.current : null;
            if (p != null) {
                p.newestSnapshotSeq = Math.max(p.newestSnapshotSeq, message.seq());
            }
        }
        if (p == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("not the world's current process"));
        }
        String json = MessageCodec.MAPPER.writeValueAsString(message.state());
        CompletableFuture<Void> done = new CompletableFuture<>();
        persist(w, p, message.seq(), json, message.last(), 1, done);
        return done;
    }

    public void onStatus(ControlChannel channel, WorldStatusMessage message) {
        WorldInstance w = worlds.get(message.worldId());
        if (w == null) {
            return;
        }
        synchronized (w) {
            if (w.current == null || w.current.control != channel) {
                return;
            }
            w.lastStatus = message;
        }
    }

    public void onLoad(ControlChannel channel, WorldLoadMessage message) {
        WorldInstance w = worlds.get(message.worldId());
        if (w == null) {
            return;
        }
        synchronized (w) {
            if (w.current != null && w.current.control == channel) {
                w.lastLoad = message;
            }
        }
    }

    /** A world admitted an account; if the account was in another world, that world lets it go. */
    public void onPlayerJoined(ControlChannel channel, PlayerJoinedMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        String previous = membership.join(message.accountId(), message.worldId());
        if (previous != null) {
            kick(previous, message.accountId());
        }
    }

    public void onPlayerLeft(ControlChannel channel, PlayerLeftMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        membership.leave(message.accountId(), message.worldId());
        markActiveIfEmpty(message.worldId());
    }

    public void onPlayerRoster(ControlChannel channel, PlayerRosterMessage message) {
        if (!isCurrentControl(message.worldId(), channel)) {
            return;
        }
        membership.replaceWorld(message.worldId(), message.accountIds()).forEach((account, previous) ->
                kick(previous, account));
        markActiveIfEmpty(message.worldId());
    }

    /**
     * A world asks to send a player through a portal: the target world is started or reused, and the answer
     * carries a ticket that places the player at the portal's target cell.
     */
    public CompletableFuture<Message> onPortalTransfer(String registeredWorldId, PortalTransferMessage message,
                                                       long timeoutMs) {
        if (!registeredWorldId.equals(message.worldId())) {
            return CompletableFuture.completedFuture(refusal(message, "portal from another world"));
        }
        if (!worlds.containsKey(message.targetWorldId())) {
            LOG.warn("world {} has a portal to unknown world {}", message.worldId(), message.targetWorldId());
            return CompletableFuture.completedFuture(refusal(message, "this portal leads nowhere"));
        }
        Ticket.Arrival arrival;
        try {
            arrival = new Ticket.Arrival(message.x(), message.y(), message.layer());
        } catch (IllegalArgumentException e) {
            return CompletableFuture.completedFuture(refusal(message, "this portal leads nowhere"));
        }
        return CompletableFuture.supplyAsync(() -> join(message.targetWorldId()), blocking)
                .thenCompose(target -> target)
                .orTimeout(timeoutMs, TimeUnit.MILLISECONDS)
                .handle((target, error) -> {
                    if (error != null) {
                        Throwable cause = error instanceof CompletionException && error.getCause() != null
                                ? error.getCause() : error;
                        String reason = cause instanceof WorldUnavailableException ? cause.getMessage()
                                : "the other world did not start in time";
                        LOG.warn("portal from {} to {} refused for account {}: {}", message.worldId(),
                                message.targetWorldId(), message.accountId(), reason);
                        return refusal(message, message.targetWorldId() + " is unavailable: " + reason);
                    }
                    touch(target.worldId());
                    return new PortalGrantedMessage(message.worldId(), message.transferId(), message.accountId(),
                            target.worldId(), target.gameUrl(), tickets.issue(target, message.accountId(), arrival));
                });
    }

    private static Message refusal(PortalTransferMessage message, String reason) {
        return new PortalRefusedMessage(message.worldId(), message.transferId(), message.accountId(), reason);
    }

    public void onShutdownAck(ControlChannel channel, ShutdownAckMessage message) {
        WorldInstance w = worlds.get(message.worldId());
        if (w == null) {
            return;
        }
        synchronized (w) {
            if (w.current != null && w.current.control == channel) {
                w.current.shutdownAcked = true;
            }
        }
        LOG.info("world {} confirmed shutdown after snapshot seq {}", message.worldId(), message.lastSeq());
    }

    public void onControlClosed(ControlChannel channel, String registeredWorldId) {
        WorldInstance w = worlds.get(registeredWorldId);
        if (w == null) {
            return;
        }
        synchronized (w) {
            WorldProcess p = w.current;
            if (p != null && p.control == channel) {
                p.control = null;
                if (!p.shutdownAcked) {
                    LOG.warn("control connection of world {} (pid {}) lost; waiting for it to reconnect",
                            w.worldId, p.pid);
                }
            }
        }
    }

    private boolean isCurrentControl(String worldId, ControlChannel channel) {
        WorldInstance w = worlds.get(worldId);
        if (w == null) {
            return false;
        }
        synchronized (w) {
            return w.current != null && w.current.control == channel;
        }
    }

    private void kick(String worldId, long accountId) {
        WorldInstance w = worlds.get(worldId);
        if (w == null) {
            return;
        }
        synchronized (w) {
            if (w.current != null && w.current.control != null) {
                w.current.control.send(new PlayerKickMessage(worldId, accountId, "entered another world"));
            }
        }
    }

    private void markActiveIfEmpty(String worldId) {
        WorldInstance w = worlds.get(worldId);
        if (w != null && membership.count(worldId) == 0) {
            synchronized (w) {
                w.lastActiveNanos = System.nanoTime();
            }
        }
    }

    // ---- stopping -----------------------------------------------------------------------------------------------

    /**
     * Asks a world to stop gracefully (final snapshot, then exit).
     *
     * @return false when the world is unknown or not starting or running
     */
    public boolean stop(String worldId, String reason) {
        WorldInstance w = worlds.get(worldId);
        if (w == null) {
            return false;
        }
        synchronized (w) {
            if (w.status != WorldStatus.RUNNING && w.status != WorldStatus.STARTING) {
                return false;
            }
            requestStopLocked(w, reason);
            return true;
        }
    }

    /**
     * Stops every world and waits for every process to exit, killing those still alive after the timeout. After
     * this returns no world process of this director is running.
     */
    public void shutdownAll(Duration timeout) {
        stopDirector(timeout, false);
        try {
            leases.releaseAll();
        } catch (DataAccessException e) {
            LOG.warn("cannot release this director's worlds: {}; their leases expire within {} s", e.getMessage(),
                    LEASE_TTL.toSeconds());
        }
    }

    /**
     * Stops this director's part without stopping its running worlds: they play on with their players connected,
     * reconnecting, and a director started again on this host, port and database takes them back (they end
     * themselves if none does within 60 s). Worlds still starting or already stopping are stopped as by
     * {@link #shutdownAll}: only a running world's spawn is recorded to be taken back. Their leases stay this
     * director's, for the next one to take over.
     */
    public void leaveRunning(Duration timeout) {
        int left = stopDirector(timeout, true);
        LOG.info("{} running world(s) left playing for the next director of this host to take back", left);
    }

    /** @return how many worlds were left running */
    private int stopDirector(Duration timeout, boolean leaveRecorded) {
        shuttingDown = true;
        if (idleCheck != null) {
            idleCheck.cancel(false);
        }
        if (healthCheck != null) {
            healthCheck.cancel(false);
        }
        if (leaseRenewal != null) {
            leaseRenewal.cancel(false);
        }
        List<CompletableFuture<Process>> exits = new ArrayList<>();
        List<Process> processes = new ArrayList<>();
        for (Process spare : spares.close()) {
            exits.add(spare.onExit());
            processes.add(spare);
        }
        int left = 0;
        for (WorldInstance w : worlds.values()) {
            synchronized (w) {
                failWaiters(w, "the director is shutting down");
                WorldProcess p = w.current;
                if (p == null) {
                    continue;
                }
                if (leaveRecorded && w.status == WorldStatus.RUNNING && p.recorded) {
                    left++;
                    continue;
                }
                requestStopLocked(w, "director shutting down");
                if (p.started()) {
                    exits.add(p.process.onExit());
                    processes.add(p.process);
                }
            }
        }
        if (!exits.isEmpty()) {
            awaitExits(exits, processes, timeout);
        }
        return left;
    }

    private static void awaitExits(List<CompletableFuture<Process>> exits, List<Process> processes,
                                   Duration timeout) {
        LOG.info("waiting up to {} s for {} world(s) to save and exit", timeout.toSeconds(), exits.size());
        try {
            CompletableFuture.allOf(exits.toArray(CompletableFuture[]::new))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.error("worlds did not exit in time; killing them");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (Process process : processes) {
            if (process.isAlive()) {
                process.destroyForcibly();
                try {
                    process.onExit().get(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    LOG.error("world process {} survived SIGKILL", process.pid());
                }
            }
        }
    }

    /** A warm spare introduces itself. */
    public void onSpareRegister(ControlChannel channel, SpareRegisterMessage message)
            throws RegistrationRefusedException {
        if (!spares.registered(channel, message.spawnToken(), message.pid())) {
            long reported = REFUSED_SPARES.occurred();
            if (reported > 0) {
                LOG.warn("refused a spare registration from pid {}: unknown spawn token ({} refused since the last "
                        + "report)", message.pid(), reported);
            }
            throw new RegistrationRefusedException("unknown spare");
        }
    }

    public void onSpareClosed(ControlChannel channel) {
        spares.disconnected(channel);
    }

    /** Warm spares registered and waiting. */
    public int readySpares() {
        return spares.ready();
    }

    // ---- internals ----------------------------------------------------------------------------------------------

    /**
     * Starts a spawn: the world is claimed in the database first (a new epoch, and never while another director's
     * lease is live), off the caller's thread; then a warm spare takes it, or a new process is launched.
     */
    private WorldProcess spawnLocked(WorldInstance w) {
        WorldProcess p = new WorldProcess();
        w.current = p;
        w.status = WorldStatus.STARTING;
        w.lastStatus = null;
        w.lastLoad = null;
        w.hydratedSeq = 0;
        p.timeout = scheduler.schedule(() -> onSpawnTimeout(w, p), spawnTimeoutMs, TimeUnit.MILLISECONDS);
        runBlocking(() -> claimAndStart(w, p),
                () -> abandon(w, p, "the director is overloaded; try again"));
        return p;
    }

    private void claimAndStart(WorldInstance w, WorldProcess p) {
        long epoch;
        try {
            epoch = leases.claim(w.worldId);
        } catch (LeaseHeldException e) {
            LOG.warn("not starting world {}: {}", w.worldId, e.getMessage());
            // The other director's name is for the operator's log, not for players.
            abandon(w, p, "the world is run by another director");
            return;
        } catch (DataAccessException e) {
            LOG.error("not starting world {}: cannot claim it in the database: {}", w.worldId, e.getMessage());
            abandon(w, p, "the database is unavailable");
            return;
        }
        synchronized (w) {
            if (w.current == p && w.status == WorldStatus.STARTING && !shuttingDown) {
                p.epoch = epoch;
                SparePool.Spare spare = spares.take();
                if (spare != null) {
                    assignLocked(w, p, spare);
                } else {
                    launchLocked(w, p);
                }
                return;
            }
        }
        // Stopped (or the director began shutting down) while the claim ran: give the world back.
        releaseLease(w.worldId, epoch);
    }

    /**
     * Records the spawn once the world runs, not before: a restarted director takes a world back as it is, so a
     * process that never hydrated must not be taken back (it would run on with an empty world).
     */
    private void recordSpawn(WorldInstance w, WorldProcess p) {
        try {
            leases.recordSpawn(w.worldId, p.epoch, p.pid, AdoptedProcess.startOf(p.process), p.gamePort,
                    p.spawnTokenSha256);
            synchronized (w) {
                p.recorded = true;
            }
        } catch (DataAccessException e) {
            LOG.warn("world {} runs without a spawn record ({}): a restarted director could not take it back",
                    w.worldId, e.getMessage());
        }
    }

    /** Ends a spawn that never got a process. */
    private void abandon(WorldInstance w, WorldProcess p, String reason) {
        synchronized (w) {
            if (w.current == p) {
                abandonLocked(w, p, reason);
                return;
            }
        }
        p.ready.completeExceptionally(new WorldUnavailableException(reason));
    }

    /** The world is stopped again, and the joins waiting for this spawn learn why. */
    private static void abandonLocked(WorldInstance w, WorldProcess p, String reason) {
        cancelTimeout(p);
        w.current = null;
        w.status = WorldStatus.STOPPED;
        p.ready.completeExceptionally(new WorldUnavailableException(reason));
    }

    private void launchLocked(WorldInstance w, WorldProcess p) {
        String ticketSecret = Secrets.random256();
        String spawnToken = Secrets.random256();
        p.spawnToken(spawnToken);
        p.signer = TicketSigner.fromEncodedSecret(ticketSecret);
        try {
            p.process = launcher.launch(w.worldId, w.settings, spawnToken, ticketSecret);
        } catch (IOException e) {
            LOG.error("cannot start a process for world {}: {}", w.worldId, e.getMessage());
            releaseLease(w.worldId, p.epoch);
            abandonLocked(w, p, "the world's process could not start");
            return;
        }
        p.pid = p.process.pid();
        metrics.worldSpawns.incrementAndGet();
        LOG.info("spawned world {} as pid {} (epoch {})", w.worldId, p.pid, p.epoch);
        ProcessOutputPump.start(w.worldId, p.pid, p.process.getInputStream(), p.report);
        p.process.onExit().thenAccept(exited -> onExit(w, p, exited.exitValue()));
    }

    /**
     * Turns a warm spare into the world: it gets the world's settings and this spawn's ticket secret over its
     * control connection, then registers as that world on the same connection and is hydrated as a fresh spawn would
     * be. A new spare is started in its place once the world is ready (or failed).
     */
    private void assignLocked(WorldInstance w, WorldProcess p, SparePool.Spare spare) {
        String ticketSecret = Secrets.random256();
        p.spawnToken(spare.spawnToken);
        p.signer = TicketSigner.fromEncodedSecret(ticketSecret);
        p.process = spare.process;
        p.pid = spare.process.pid();
        p.report = spare.report;
        spare.label = w.worldId;
        prefetchHydration(w, p);
        WorldSettings s = w.settings;
        spare.control.send(new WorldAssignMessage(w.worldId, ticketSecret, s.map(), s.content(), s.seedObjects(), s.npcs(),
                s.viewRadius(), s.spawn(), launcher.snapshotIntervalMs()));
        LOG.info("world {} takes warm spare pid {} (epoch {})", w.worldId, p.pid, p.epoch);
        p.process.onExit().thenAccept(exited -> onExit(w, p, exited.exitValue()));
        // The replacement's JVM start would compete for the CPU with the hydration the join is waiting for.
        p.ready.whenComplete((target, error) -> runBlocking(spares::replenish, () -> { }));
    }

    private void onSpawnTimeout(WorldInstance w, WorldProcess p) {
        synchronized (w) {
            if (w.current != p || p.hydrated) {
                return;
            }
            if (!p.started()) {
                LOG.error("world {} could not be claimed within {} ms", w.worldId, spawnTimeoutMs);
                abandonLocked(w, p, "the database did not answer in time");
                return;
            }
            if (WorldHealth.recentlyAlive(p, System.nanoTime())) {
                // Registered and beating: a long hydration, not a failed start. Look again a little later.
                LOG.warn("world {} (pid {}) is still hydrating after {} ms", w.worldId, p.pid, spawnTimeoutMs);
                p.timeout = scheduler.schedule(() -> onSpawnTimeout(w, p), WorldHealth.HEARTBEAT_MILLIS,
                        TimeUnit.MILLISECONDS);
                return;
            }
            LOG.error("world {} (pid {}) did not register and hydrate within {} ms; killing it", w.worldId, p.pid,
                    spawnTimeoutMs);
            p.ready.completeExceptionally(new WorldUnavailableException(
                    "the world did not start within " + spawnTimeoutMs + " ms"));
            p.process.destroyForcibly();
        }
    }

    private void onExit(WorldInstance w, WorldProcess p, int exitCode) {
        metrics.worldExits.incrementAndGet();
        synchronized (w) {
            if (w.current != p) {
                return;
            }
            String failure = WorldExit.judge(w, p, exitCode);
            releaseLease(w.worldId, p.epoch);
            cancelTimeout(p);
            w.current = null;
            w.status = WorldStatus.STOPPED;
            w.lastStatus = null;
            w.lastLoad = null;
            membership.clearWorld(w.worldId);
            p.ready.completeExceptionally(new WorldUnavailableException(
                    "the world's process exited (code " + exitCode + ")"));
            if (p.control != null) {
                p.control.close();
                p.control = null;
            }
            if (failure != null) {
                failLocked(w, failure);
                return;
            }
            if (!w.waitingForRestart.isEmpty()) {
                if (shuttingDown) {
                    failWaiters(w, "the director is shutting down");
                } else {
                    List<CompletableFuture<JoinTarget>> waiters = new ArrayList<>(w.waitingForRestart);
                    w.waitingForRestart.clear();
                    spawnLocked(w).ready.whenComplete((target, error) -> {
                        for (CompletableFuture<JoinTarget> waiter : waiters) {
                            if (error == null) {
                                waiter.complete(target);
                            } else {
                                waiter.completeExceptionally(error);
                            }
                        }
                    });
                }
            }
        }
    }

    private void failLocked(WorldInstance w, String reason) {
        w.status = WorldStatus.FAILED;
        w.failure = reason;
        metrics.worldFailures.incrementAndGet();
        LOG.error("world {} failed: {}. Joins are refused until an operator clears it "
                + "(POST /api/admin/worlds/{}/clear)", w.worldId, reason, w.worldId);
        failWaiters(w, "the world has failed: " + reason);
    }

    /**
     * An operator's word that a failed world may be started again (after fixing or deleting its bad snapshot, or
     * the cause of its crashes): it becomes stopped, and the next join starts it.
     *
     * @return false when the world is unknown or not failed
     */
    public boolean clearFailure(String worldId) {
        WorldInstance w = worlds.get(worldId);
        if (w == null) {
            return false;
        }
        synchronized (w) {
            if (w.status != WorldStatus.FAILED) {
                return false;
            }
            LOG.info("world {}: failure cleared by an operator (was: {})", worldId, w.failure);
            w.status = WorldStatus.STOPPED;
            w.failure = null;
            w.crashes.clear();
            return true;
        }
    }

    private void renewLeases() {
        try {
            leases.renewAll();
        } catch (DataAccessException e) {
            LOG.warn("cannot renew the world leases: {}", e.getMessage());
        }
    }

    private void releaseLease(String worldId, long epoch) {
        runBlocking(() -> {
            try {
                leases.release(worldId, epoch);
            } catch (DataAccessException e) {
                LOG.warn("cannot release world {}: {}; its lease expires by itself", worldId, e.getMessage());
            }
        }, () -> { });
    }

    private void stopIdleWorlds() {
        long now = System.nanoTime();
        for (WorldInstance w : worlds.values()) {
            synchronized (w) {
                if (w.status == WorldStatus.RUNNING && membership.count(w.worldId) == 0
                        && now - w.lastActiveNanos >= TimeUnit.MILLISECONDS.toNanos(idleShutdownMs)) {
                    requestStopLocked(w, "no players for " + idleShutdownMs + " ms");
                }
            }
        }
    }

    private void requestStopLocked(WorldInstance w, String reason) {
        if (w.status != WorldStatus.RUNNING && w.status != WorldStatus.STARTING) {
            return;
        }
        WorldProcess p = w.current;
        if (!p.started()) {
            // Still being claimed: nothing runs yet, and the claim gives the world back when it sees this.
            abandonLocked(w, p, "the world is stopping");
            return;
        }
        w.status = WorldStatus.STOPPING;
        LOG.info("stopping world {} (pid {}): {}", w.worldId, p.pid, reason);
        if (p.control != null && p.hydrated) {
            p.control.send(new WorldShutdownMessage(w.worldId, reason));
        } else {
            // Not reachable over control: SIGTERM makes the world take the same shutdown path.
            p.process.destroy();
        }
        p.ready.completeExceptionally(new WorldUnavailableException("the world is stopping"));
        cancelTimeout(p);
        p.timeout = scheduler.schedule(() -> forceKill(w, p), stopTimeoutMs, TimeUnit.MILLISECONDS);
    }

    private void forceKill(WorldInstance w, WorldProcess p) {
        synchronized (w) {
            if (w.current == p && p.process.isAlive()) {
                LOG.error("world {} (pid {}) did not stop within {} ms; killing it", w.worldId, p.pid,
                        stopTimeoutMs);
                p.process.destroyForcibly();
            }
        }
    }

    /**
     * Sends the world its newest snapshot: the one read ahead at assignment if nothing newer was persisted since,
     * or else one read now.
     */
    private void sendHydration(WorldInstance w, WorldProcess p, ControlChannel channel) {
        CompletableFuture<WorldHydrateMessage> prefetched;
        synchronized (w) {
            prefetched = p.prefetchedHydration;
            p.prefetchedHydration = null;
        }
        if (prefetched == null) {
            runBlocking(() -> loadAndSendHydration(w, p, channel), () -> p.process.destroyForcibly());
            return;
        }
        prefetched.whenComplete((hydrate, error) -> {
            boolean current;
            synchronized (w) {
                current = error == null && hydrate.seq() >= w.lastSnapshotSeq;
            }
            if (current) {
                sendHydrate(w, p, channel, hydrate);
            } else {
                runBlocking(() -> loadAndSendHydration(w, p, channel), () -> p.process.destroyForcibly());
            }
        });
    }

    /** Reads the snapshot a spare will be hydrated from while it builds its world, off the join's critical path. */
    private void prefetchHydration(WorldInstance w, WorldProcess p) {
        CompletableFuture<WorldHydrateMessage> prefetched = new CompletableFuture<>();
        p.prefetchedHydration = prefetched;
        runBlocking(() -> {
            try {
                prefetched.complete(loadHydration(w));
            } catch (RuntimeException e) {
                prefetched.completeExceptionally(e);
            }
        }, () -> prefetched.completeExceptionally(new IllegalStateException("blocking executor saturated")));
    }

    private void loadAndSendHydration(WorldInstance w, WorldProcess p, ControlChannel channel) {
        WorldHydrateMessage hydrate;
        try {
            hydrate = loadHydration(w);
        } catch (UnreadableSnapshotException e) {
            LOG.error("world {}: {}", w.worldId, e.getMessage());
            synchronized (w) {
                if (w.current == p) {
                    // Its exit marks the world failed with this reason: another start would read the same row.
                    p.failure = e.getMessage() + " (the row is kept for inspection)";
                    p.ready.completeExceptionally(new WorldUnavailableException("the world has failed: " + p.failure));
                    p.process.destroyForcibly();
                }
            }
            return;
        } catch (DataAccessException e) {
            LOG.error("cannot load the snapshot of world {}: {}", w.worldId, e.getMessage());
            synchronized (w) {
                if (w.current == p) {
                    p.ready.completeExceptionally(new WorldUnavailableException("the world's state is unavailable"));
                    p.process.destroyForcibly();
                }
            }
            return;
        }
        sendHydrate(w, p, channel, hydrate);
    }

    private void sendHydrate(WorldInstance w, WorldProcess p, ControlChannel channel, WorldHydrateMessage hydrate) {
        synchronized (w) {
            p.hydrationSeq = hydrate.seq();
        }
        LOG.info("hydrating world {} from snapshot seq {}", w.worldId, hydrate.seq());
        channel.send(hydrate);
    }

    private WorldHydrateMessage loadHydration(WorldInstance w) {
        return snapshots.latest(w.worldId)
                .map(s -> new WorldHydrateMessage(w.worldId, s.seq(), parseState(s.seq(), s.stateJson())))
                .orElse(new WorldHydrateMessage(w.worldId, 0, null));
    }

    private void persist(WorldInstance w, WorldProcess p, long seq, String json, boolean last, int attempt,
                         CompletableFuture<Void> done) {
        runBlocking(() -> {
            try {
                SnapshotRepository.Outcome outcome = snapshots.store(w.worldId, p.epoch, seq, json);
                if (outcome == SnapshotRepository.Outcome.SEQ_NOT_ABOVE && supersededBy(w, p, seq) != null) {
                    // Overtaken by a newer one from the same process on another thread (a resent snapshot and the
                    // next periodic one, after a reconnect): that one's ack covers it.
                    LOG.debug("world {} snapshot seq {} overtaken by a newer one", w.worldId, seq);
                    done.completeExceptionally(new IllegalStateException("superseded"));
                    return;
                }
                if (!outcome.acknowledged()) {
                    refused(w, p, seq, outcome);
                    done.completeExceptionally(new IllegalStateException("snapshot refused: " + outcome));
                    return;
                }
                boolean written = outcome == SnapshotRepository.Outcome.WRITTEN;
                (written ? metrics.snapshotsPersisted : metrics.snapshotDuplicates).incrementAndGet();
                synchronized (w) {
                    w.lastSnapshotSeq = Math.max(w.lastSnapshotSeq, seq);
                    w.lastSnapshotAtMillis = System.currentTimeMillis();
                }
                if (last || !written) {
                    LOG.info("world {} {}snapshot seq {} {} ({} bytes)", w.worldId, last ? "final " : "", seq,
                            written ? "persisted" : "was already stored", json.length());
                } else {
                    LOG.debug("world {} snapshot seq {} persisted ({} bytes)", w.worldId, seq, json.length());
                }
                done.complete(null);
            } catch (DataAccessException e) {
                // Retried until stored, however long the database is away, unless the world has moved on: a
                // snapshot is a full state, so a newer one from the process replaces it, and a gone process
                // needs no ack.
                String supersededBy = supersededBy(w, p, seq);
                if (supersededBy != null) {
                    metrics.snapshotFailures.incrementAndGet();
                    LOG.warn("world {} snapshot seq {} not persisted ({}); dropped: {}", w.worldId, seq,
                            e.getMessage(), supersededBy);
                    done.completeExceptionally(e);
                    return;
                }
                long delay = Math.min(250L << Math.min(attempt, 4), PERSIST_RETRY_MAX_MILLIS);
                if (attempt == 1 || attempt % 10 == 0) {
                    LOG.warn("world {} snapshot seq {} not persisted ({}); attempt {}, retrying every {} ms until "
                            + "the database answers", w.worldId, seq, e.getMessage(), attempt, delay);
                }
                scheduler.schedule(() -> persist(w, p, seq, json, last, attempt + 1, done), delay,
                        TimeUnit.MILLISECONDS);
            }
        }, () -> done.completeExceptionally(new WorldUnavailableException("director overloaded")));
    }

    private static String supersededBy(WorldInstance w, WorldProcess p, long seq) {
        synchronized (w) {
            if (w.current != p) {
                return "the process that sent it is gone";
            }
            return p.newestSnapshotSeq > seq ? "seq " + p.newestSnapshotSeq + " replaces it" : null;
        }
    }

    /**
     * A snapshot the database would not take. From an older epoch, the process has been fenced off (another spawn
     * or director claimed the world since): it must not run on. A seq not above the stored one is refused and the
     * world keeps running; its next snapshot goes on from its own seq.
     */
    private void refused(WorldInstance w, WorldProcess p, long seq, SnapshotRepository.Outcome outcome) {
        metrics.snapshotRefusals.incrementAndGet();
        if (outcome == SnapshotRepository.Outcome.STALE_EPOCH) {
            LOG.error("world {} snapshot seq {} refused: pid {} runs epoch {}, but the world has been claimed again "
                    + "since; killing the fenced-off process", w.worldId, seq, p.pid, p.epoch);
            synchronized (w) {
                if (p.started()) {
                    p.process.destroyForcibly();
                }
            }
        } else {
            LOG.error("world {} snapshot seq {} refused: not above the stored seq", w.worldId, seq);
        }
    }

    private void runBlocking(Runnable task, Runnable onRejected) {
        try {
            blocking.execute(task);
        } catch (RejectedExecutionException e) {
            LOG.error("blocking executor saturated");
            onRejected.run();
        }
    }

    private static ObjectNode parseState(long seq, String json) {
        JsonNode node;
        try {
            node = MessageCodec.MAPPER.readTree(json);
        } catch (JacksonException e) {
            throw new UnreadableSnapshotException(seq, "it is not JSON");
        }
        if (!(node instanceof ObjectNode object)) {
            throw new UnreadableSnapshotException(seq, "its state is not a JSON object");
        }
        return object;
    }

    private static void cancelTimeout(WorldProcess p) {
        if (p.timeout != null) {
            p.timeout.cancel(false);
            p.timeout = null;
        }
    }

    private static void failWaiters(WorldInstance w, String reason) {
        for (CompletableFuture<JoinTarget> waiter : w.waitingForRestart) {
            waiter.completeExceptionally(new WorldUnavailableException(reason));
        }
        w.waitingForRestart.clear();
    }
}
