package lor.director.world;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.function.ObjLongConsumer;

import lor.director.DirectorMetrics;
import lor.director.world.admission.Admission;
import lor.director.world.admission.Admissions;
import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.SpawnSecrets;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.LeaseKeeper;
import lor.director.world.lease.WorldLeases;
import lor.director.world.presence.Membership;
import lor.director.world.presence.MembershipLedger;
import lor.director.world.presence.PlayerPresence;
import lor.director.world.presence.PortalRouter;
import lor.director.world.process.SparePool;
import lor.director.world.process.WorldLauncher;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.WorldRepository;
import lor.protocol.Message;
import lor.protocol.control.PlayerJoinedMessage;
import lor.protocol.control.PlayerLeftMessage;
import lor.protocol.control.PlayerRosterMessage;
import lor.protocol.control.PortalTransferMessage;
import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldHeartbeatMessage;
import lor.protocol.control.WorldLoadMessage;
import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.control.WorldStatusMessage;
import lor.protocol.log.LogRate;
import lor.protocol.ticket.Ticket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lifecycle of every world process, seen from outside: joins, the control connection's messages, stops, and
 * the director's own start and stop. The work is done by one small class per concern, all sharing this director as
 * they see it ({@link LocalDirector}) and moving each world through the states of {@link WorldStatus}:
 *
 * <ul>
 *   <li>{@link WorldJoins}: where a join goes, and the one spawn however many joins race;</li>
 *   <li>{@link WorldSpawner}: claiming the world in the database, then a warm spare or a new process;</li>
 *   <li>{@link WorldRegistrations} and {@link WorldHydration}: a process registers, is hydrated, runs;</li>
 *   <li>{@link SnapshotPersister}: snapshots stored and acknowledged;</li>
 *   <li>{@link WorldStopper}, {@link IdleReaper}: stopping one world, idle worlds, all of them;</li>
 *   <li>{@link WorldExits}: a process exited, the world is stopped or failed;</li>
 *   <li>{@link LeaseKeeper}, {@link WorldAdoption}: leases, and worlds left running by an earlier director;</li>
 *   <li>{@link PlayerPresence}, {@link PortalRouter}: which world an account is in, and portals between worlds.</li>
 * </ul>
 *
 * <p>Thread rules: a world's state changes only through {@link WorldInstance}'s transitions, under its monitor;
 * blocking work (the database) runs on {@code blocking}; timers on {@code scheduler}. Nothing here runs on or
 * blocks an event loop for long.
 */
public final class WorldSupervisor {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);
    /** Refused spares are worth an operator's eye, but anyone who can reach /control can repeat them. */
    private static final LogRate REFUSED_SPARES = new LogRate();

    /** How long a world's lease lives unrenewed; a crashed director's worlds are free again after it. */
    public static final Duration LEASE_TTL = LeaseKeeper.TTL;

    private final LocalDirector director;
    private final GameAddresses addresses;
    private final LeaseKeeper leaseKeeper;
    private final WorldSpawner spawner;
    private final WorldExits exits;
    private final WorldJoins joins;
    private final WorldRegistrations registrations;
    private final WorldAdoption adoption;
    private final SnapshotPersister persister;
    private final WorldStopper stopper;
    private final IdleReaper idleReaper;
    private final PlayerPresence presence;
    private final PortalRouter portals;
    private final TicketIssuer tickets;
    private ScheduledFuture<?> healthCheck;

    public WorldSupervisor(Collection<WorldRepository.WorldRecord> records, WorldLauncher launcher,
                           SnapshotRepository snapshots, WorldLeases leases, Executor blocking,
                           ScheduledExecutorService scheduler,
                           DirectorMetrics metrics, Membership membership, TicketIssuer tickets, String publicHost,
                           long spawnTimeoutMs, long idleShutdownMs, long stopTimeoutMs, int warmSpares) {
        List<WorldInstance> instances = new ArrayList<>();
        for (WorldRepository.WorldRecord r : records) {
            instances.add(WorldInstance.of(r));
        }
        this.director = new LocalDirector(new WorldCatalog(instances), launcher, snapshots, leases, metrics, membership,
                new SparePool(launcher, metrics, warmSpares),
                new LocalDirector.Timeouts(spawnTimeoutMs, stopTimeoutMs, idleShutdownMs), tickets.secrets(), blocking,
                scheduler);
        this.addresses = new GameAddresses(publicHost);
        this.leaseKeeper = new LeaseKeeper(leases, blocking, scheduler, this::worldsWithProcess);
        WorldHydration hydration = new WorldHydration(director);
        this.spawner = new WorldSpawner(director, leaseKeeper, hydration, this::processExited);
        this.exits = new WorldExits(director, leaseKeeper, spawner);
        this.joins = new WorldJoins(director, spawner);
        this.adoption = new WorldAdoption(director, addresses, this::processExited);
        this.registrations = new WorldRegistrations(director, addresses, hydration, adoption, spawner,
                new WorldFailover(director, addresses, this::processExited));
        this.persister = new SnapshotPersister(director);
        this.stopper = new WorldStopper(director);
        this.idleReaper = new IdleReaper(director, stopper);
        this.presence = new PlayerPresence(membership, director.worlds, blocking);
        this.tickets = tickets;
        this.portals = new PortalRouter(director.worlds::contains, this::admitHere);
    }

    private void processExited(WorldInstance w, WorldProcess p, int exitCode) {
        exits.exited(w, p, exitCode);
    }

    /** The worlds serve their game ports over TLS (the director passed them its certificate): gameUrls are wss. */
    public void serveGamesOverTls() {
        addresses.useTls();
    }

    /**
     * Clients reach the worlds through {@code template} (a reverse proxy's address, {@code {host}}, {@code {port}} and
     * {@code {world}} replaced) rather than at their host's game ports.
     */
    public void publishGamesAt(String template) {
        addresses.useTemplate(template);
    }

    public void start() {
        director.runBlocking(director.spares::replenish);
        WorldHealth health = new WorldHealth(director.worlds.all(), director.metrics);
        healthCheck = director.every(health::check, WorldHealth.HEARTBEAT_MILLIS);
        leaseKeeper.start(new Fence());
        idleReaper.start();
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
        return adoption.adoptLeftBehind();
    }

    /** Every world, sorted by id. */
    public List<WorldView> views() {
        return director.worlds.views(director.membership);
    }

    public boolean exists(String worldId) {
        return director.worlds.contains(worldId);
    }

    // ---- worlds added, changed and removed while the director runs ---------------------------------------------

    /** Makes a world stored a moment ago known: it is stopped, and the next join starts it. */
    public boolean add(WorldRepository.WorldRecord record) {
        return director.worlds.add(WorldInstance.of(record));
    }

    /**
     * Gives the world a new name and settings, stored a moment ago. The name shows at once; a running world plays on
     * as it is until it stops, and its next spawn reads its settings from the database anyway.
     *
     * @return the world's status, or null for an unknown world
     */
    public WorldStatus change(String worldId, String name, WorldSettings settings) {
        WorldInstance w = director.worlds.get(worldId);
        if (w == null) {
            return null;
        }
        return w.redefine(name, settings);
    }

    /** The name the world has in the database now: another director renamed it. */
    public void rename(String worldId, String name) {
        WorldInstance w = director.worlds.get(worldId);
        if (w != null) {
            w.rename(name);
        }
    }

    /**
     * Takes a stopped (or failed) world out of service before it is deleted: joins for it answer "unknown world"
     * from now on. Follow with {@link #endRemoval}.
     *
     * @return the world's status when it may not be removed (it has a process), or null when it was taken out
     * @throws UnknownWorldException for an unknown world
     */
    public WorldStatus beginRemoval(String worldId) throws UnknownWorldException {
        WorldInstance w = director.worlds.get(worldId);
        if (w == null) {
            throw new UnknownWorldException(worldId);
        }
        return w.takeOutOfService();
    }

    /** Forgets the world once its row is deleted, or puts it back in service when it was not. */
    public void endRemoval(String worldId, boolean deleted) {
        WorldInstance w = director.worlds.get(worldId);
        if (w == null) {
            return;
        }
        if (deleted) {
            director.worlds.remove(w);
        } else {
            w.returnToService();
        }
    }

    // ---- joins --------------------------------------------------------------------------------------------------

    /**
     * Completes with where to send the player once the world's process has registered and hydrated, spawning it
     * first if none runs. Fails with {@link UnknownWorldException} or {@link WorldUnavailableException}.
     */
    public CompletableFuture<JoinTarget> join(String worldId) {
        return joins.join(worldId);
    }

    /** A ticket was handed out: the world is not idle, whatever its last player count said. */
    public void touch(String worldId) {
        joins.touch(worldId);
    }

    /**
     * Lets a player into a world this director runs or starts: {@link #join}, then a ticket signed for the world's
     * current process. See {@link Admissions#admit}.
     */
    public CompletableFuture<Admission> admitHere(String worldId, long accountId, String username,
                                                  Ticket.Arrival arrival) {
        // On the caller's (event loop) thread: a join only decides under the world's lock; a spawn's claim in the
        // database and its start run on the blocking executor (WorldSpawner).
        return joins.join(worldId)
                .thenApply(target -> {
                    String ticket = tickets.issue(target, accountId, username, arrival);
                    joins.touch(target.worldId());
                    return new Admission(target.worldId(), target.gameUrl(), ticket);
                });
    }

    /**
     * A ticket for a world another director runs, signed here with its spawn's secret: derived from the key the
     * directors share ({@link SpawnSecrets#secretOf}), so the world's own director need not be asked.
     */
    public Admission admitElsewhere(JoinTarget target, long accountId, String username, Ticket.Arrival arrival) {
        return new Admission(target.worldId(), target.gameUrl(), tickets.issue(target, accountId, username, arrival));
    }

    /** How this director's spawns get their ticket secrets, and which other directors' spawns' it can derive. */
    public SpawnSecrets spawnSecrets() {
        return director.secrets;
    }

    /**
     * Tells {@code listener} (world, epoch) whenever a spawn of this director begins to end: stopping, or its
     * process exited. Called under the world's lock: it must not block.
     */
    public void onSpawnEnding(ObjLongConsumer<String> listener) {
        director.onSpawnEnding(listener);
    }

    /** Whether this director runs a process for the world now (starting, running or stopping it). */
    public boolean runsHere(String worldId) {
        WorldInstance w = director.worlds.get(worldId);
        return w != null && w.current() != null;
    }

    // ---- several directors on one database ---------------------------------------------------------------------

    /** Portals lead to worlds wherever they run; see {@link Admissions}. */
    public void routePortalsThrough(Admissions admissions) {
        portals.routeThrough(admissions);
    }

    /** Players' worlds are recorded where every director sees them; see {@link MembershipLedger}. */
    public void shareMembershipThrough(MembershipLedger ledger) {
        presence.shareThrough(ledger);
    }

    /**
     * The directors sharing the database are now {@code controlUrls} (this one's first): every world this director
     * runs is told, and each that registers from now on.
     */
    public void announceDirectors(List<String> controlUrls) {
        director.directors(controlUrls);
        for (WorldInstance w : director.worlds.all()) {
            ControlChannel control = w.currentControl();
            if (control != null) {
                director.nameDirectorsTo(w.worldId(), control);
            }
        }
    }

    /** A world of another director admitted the account: if it is in {@code worldId} here, it is let go. */
    public void enteredElsewhere(String worldId, long accountId) {
        presence.enteredElsewhere(worldId, accountId);
    }

    /**
     * What the database says of a world while another director may run it: shown by this director's views (the
     * world list, the API) while it has no process of its own for the world.
     *
     * @param playersElsewhere players in it, or -1 when no other director runs it
     */
    public void noteElsewhere(String worldId, int playersElsewhere, long lastSnapshotSeq) {
        WorldInstance w = director.worlds.get(worldId);
        if (w != null) {
            w.noteElsewhere(playersElsewhere, lastSnapshotSeq);
        }
    }

    /** Whether this director has fenced itself off (see {@link LeaseKeeper}): it serves no world meanwhile. */
    public boolean fenced() {
        return director.fenced();
    }

    // ---- control channel ----------------------------------------------------------------------------------------

    /**
     * A world process introduces itself. Accepted only with the spawn token of the world's current spawn; then
     * the director answers with the snapshot to hydrate from, or, after a reconnect, with {@code world_resumed}.
     *
     * A world this director does not run may be another director's that lost it: it is adopted when the database
     * holds its token's hash (see {@link WorldFailover}).
     *
     * @return completes once registered; fails with {@link RegistrationRefusedException} for an unknown world or a
     *         wrong or stale token, or (retryable) when this director cannot take the world now
     */
    public CompletableFuture<Void> onRegister(ControlChannel channel, WorldRegisterMessage message) {
        return registrations.register(channel, message);
    }

    /** The world proves it is alive; see {@link WorldHealth}. */
    public void onHeartbeat(ControlChannel channel, WorldHeartbeatMessage message) {
        registrations.heartbeat(channel, message);
    }

    /** The world applied its hydration: it is running, and the joins waiting for it get their target. */
    public void onReady(ControlChannel channel, WorldReadyMessage message) {
        registrations.ready(channel, message);
    }

    /**
     * Persists a snapshot from a registered world. The future completes once it is committed (or was already
     * stored), which is when the caller may acknowledge it.
     */
    public CompletableFuture<Void> onSnapshot(ControlChannel channel, String registeredWorldId,
                                              WorldSnapshotMessage message) {
        return persister.persist(channel, registeredWorldId, message);
    }

    public void onStatus(ControlChannel channel, WorldStatusMessage message) {
        registrations.status(channel, message);
    }

    public void onLoad(ControlChannel channel, WorldLoadMessage message) {
        registrations.load(channel, message);
    }

    public void onModules(ControlChannel channel, WorldModulesMessage message) {
        registrations.modules(channel, message);
    }

    /** A world admitted an account; if the account was in another world, that world lets it go. */
    public void onPlayerJoined(ControlChannel channel, PlayerJoinedMessage message) {
        presence.joined(channel, message);
    }

    public void onPlayerLeft(ControlChannel channel, PlayerLeftMessage message) {
        presence.left(channel, message);
    }

    public void onPlayerRoster(ControlChannel channel, PlayerRosterMessage message) {
        presence.roster(channel, message);
    }

    /**
     * A world asks to send a player through a portal: the target world is started or reused, and the answer
     * carries a ticket that places the player at the portal's target cell.
     */
    public CompletableFuture<Message> onPortalTransfer(String registeredWorldId, PortalTransferMessage message,
                                                       long timeoutMs) {
        return portals.transfer(registeredWorldId, message, timeoutMs);
    }

    public void onShutdownAck(ControlChannel channel, ShutdownAckMessage message) {
        registrations.shutdownAcked(channel, message);
    }

    public void onControlClosed(ControlChannel channel, String registeredWorldId) {
        registrations.controlClosed(channel, registeredWorldId);
    }

    /** A warm spare introduces itself. */
    public void onSpareRegister(ControlChannel channel, SpareRegisterMessage message)
            throws RegistrationRefusedException {
        if (!director.spares.registered(channel, message.spawnToken(), message.pid())) {
            long reported = REFUSED_SPARES.occurred();
            if (reported > 0) {
                LOG.warn("refused a spare registration from pid {}: unknown spawn token ({} refused since the last "
                        + "report)", message.pid(), reported);
            }
            throw new RegistrationRefusedException("unknown spare");
        }
    }

    public void onSpareClosed(ControlChannel channel) {
        director.spares.disconnected(channel);
    }

    /** Warm spares registered and waiting. */
    public int readySpares() {
        return director.spares.ready();
    }

    // ---- stopping -----------------------------------------------------------------------------------------------

    /**
     * Asks a world to stop gracefully (final snapshot, then exit).
     *
     * @return false when the world is unknown or not starting or running
     */
    public boolean stop(String worldId, String reason) {
        return stopper.stop(worldId, reason);
    }

    /**
     * An operator's word that a failed world may be started again (after fixing or deleting its bad snapshot, or
     * the cause of its crashes): it becomes stopped, and the next join starts it.
     *
     * @return false when the world is unknown or not failed
     */
    public boolean clearFailure(String worldId) {
        return exits.clearFailure(worldId);
    }

    /**
     * Stops every world and waits for every process to exit, killing those still alive after the timeout. After
     * this returns no world process of this director is running.
     */
    public void shutdownAll(Duration timeout) {
        stopDirector(timeout, false);
        leaseKeeper.releaseAll();
    }

    /**
     * Stops this director's part without stopping its running worlds: they play on with their players connected,
     * reconnecting, and a director started again on this host, port and database takes them back (they end
     * themselves if none does within 20 s). Worlds still starting or already stopping are stopped as by
     * {@link #shutdownAll}: only a running world's spawn is recorded to be taken back. Their leases stay this
     * director's, for the next one to take over.
     */
    public void leaveRunning(Duration timeout) {
        int left = stopDirector(timeout, true);
        LOG.info("{} running world(s) left playing for the next director of this host to take back", left);
    }

    /** What fencing does to the worlds: see {@link LeaseKeeper}. */
    private final class Fence implements LeaseKeeper.Fencing {

        @Override
        public void fence() {
            director.fence(true);
            for (WorldInstance w : director.worlds.all()) {
                exits.letGo(w, p -> true, "this director cannot reach its database");
            }
        }

        @Override
        public void unfence() {
            director.fence(false);
            // Nothing to take back: the worlds let go reconnect by themselves and are adopted (here or elsewhere).
        }

        @Override
        public void lost(String worldId, long sinceNanos) {
            WorldInstance w = director.worlds.get(worldId);
            if (w != null) {
                exits.letGo(w, p -> p.heldBefore(sinceNanos), "another director holds its lease now");
            }
        }
    }

    /** The worlds this director has a process (or a claim under way) for: the leases it renews. */
    private Set<String> worldsWithProcess() {
        Set<String> running = new HashSet<>();
        for (WorldInstance w : director.worlds.all()) {
            if (w.current() != null) {
                running.add(w.worldId());
            }
        }
        return running;
    }

    /** @return how many worlds were left running */
    private int stopDirector(Duration timeout, boolean leaveRecorded) {
        director.beginShutdown();
        idleReaper.stop();
        if (healthCheck != null) {
            healthCheck.cancel(false);
        }
        leaseKeeper.stop();
        return stopper.stopAll(timeout, leaveRecorded);
    }
}
