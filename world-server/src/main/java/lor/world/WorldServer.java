package lor.world;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import lor.protocol.ErrorMessage;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.WorldExitCodes;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;
import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.module.WorldModules;
import lor.world.agones.TickAlive;
import lor.world.content.GameModules;
import lor.world.control.ControlClient;
import lor.world.control.ControlListener;
import lor.world.control.Heartbeat;
import lor.world.game.GameAdmission;
import lor.world.game.GameEntry;
import lor.world.game.GameServer;
import lor.world.game.PlayerConnection;
import lor.world.game.TicketGate;
import lor.world.sim.WorldLoop;
import lor.world.snapshot.SnapshotOutbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One world process, wired by hand: game endpoint, tick thread, control client, snapshot outbox. */
public final class WorldServer {

    private static final Logger LOG = LoggerFactory.getLogger(WorldServer.class);

    /** Bounded input queue of the tick thread; a full queue refuses joins instead of growing. */
    private static final int COMMAND_QUEUE_CAPACITY = 16_384;

    private final WorldConfig config;
    private final WorldHost host;
    private final CompletableFuture<Integer> exit = new CompletableFuture<>();
    private final SnapshotOutbox outbox;
    private final ContentPack pack;
    private final WorldModules modules;
    private final WorldRuntime runtime;
    private final WorldLoop loop;
    private final ShutdownCoordinator shutdown;
    private final TicketGate gate;
    /** Why a game module made the world stop, or null. */
    private volatile String failedModule;
    /** True while the tick thread applies a hydration, which may take long on a big snapshot. */
    private volatile boolean hydrating;

    /** What a world is built from that needs no host: its content pack, the game modules it names, its map. */
    private record Parts(ContentPack pack, WorldModules modules, Grid map) {

        static Parts load(WorldConfig config) {
            GameModules.WorldContent content = Contents.load(config);
            return new Parts(content.pack(), content.modules(), Maps.load(config));
        }
    }

    private WorldServer(WorldConfig config, WorldHost host, Parts parts) {
        this.config = config;
        this.host = host;
        this.outbox = new SnapshotOutbox(config.worldId(), host.control(), host.io());
        this.pack = parts.pack();
        this.modules = parts.modules();
        this.runtime = new WorldRuntime(config, parts.map(), pack, modules, host.control(), outbox,
                reason -> fatal(reason, WorldExitCodes.UNREADABLE_SNAPSHOT));
        this.loop = new WorldLoop(config.worldId(), COMMAND_QUEUE_CAPACITY, runtime);
        runtime.onModuleFailure(this::moduleFailed);
        this.shutdown = new ShutdownCoordinator(this, config.shutdownAckTimeoutMs());
        this.gate = new TicketGate(TicketSigner.fromEncodedSecret(config.ticketSecret()), config.worldId(),
                System::currentTimeMillis);
        shutdown.terminated().thenAccept(status -> exit.complete(
                failedModule != null && status == ShutdownCoordinator.EXIT_CLEAN ? WorldExitCodes.MODULE_FAILED
                        : status));
    }

    /** Starts a freshly spawned world: its host, then the world on it. */
    public static WorldServer start(WorldConfig config) throws InterruptedException {
        // The content pack and the map load on a thread of their own while the host starts (its threads, the game
        // port, the connection to the director, whose handshake overlaps the rest): a cold start is mostly classes
        // loading and code running for the first time, and a host has a second core for it.
        CompletableFuture<Parts> parts = new CompletableFuture<>();
        Thread loading = new Thread(() -> {
            try {
                parts.complete(Parts.load(config));
            } catch (Throwable e) {
                parts.completeExceptionally(e);
            }
        }, "world-load");
        loading.start();
        WorldHost host;
        try {
            host = WorldHost.start(config, true);
        } catch (InterruptedException | RuntimeException e) {
            loading.join();
            throw e;
        }
        try {
            return open(config, host, loaded(parts));
        } catch (RuntimeException e) {
            host.release();
            throw e;
        }
    }

    /** The loaded parts, or the loading's own exception (a content pack's error, say), as if loaded here. */
    private static Parts loaded(CompletableFuture<Parts> parts) {
        try {
            return parts.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Starts the assigned world on a spare's running host; it registers on the spare's control connection. */
    static WorldServer startOnSpare(WorldConfig config, WorldHost host) {
        long start = System.nanoTime();
        WorldServer server = open(config, host, Parts.load(config));
        LOG.info("world {} built on the spare in {} ms", config.worldId(), (System.nanoTime() - start) / 1_000_000);
        return server;
    }

    /**
     * Builds the world on a running host, starts its tick, lets players in and registers with the director.
     *
     * @throws lor.world.content.ContentLoadException when its content pack cannot be loaded
     */
    private static WorldServer open(WorldConfig config, WorldHost host, Parts parts) {
        WorldServer server = new WorldServer(config, host, parts);
        server.loop.start();
        host.open(server.entry());
        host.control().becomeWorld(config.worldId(), server.new Listener());
        host.controlGroup().scheduleAtFixedRate(new Heartbeat(config.worldId(), host.control(), server.loop::passes,
                () -> server.hydrating), Heartbeat.INTERVAL_MILLIS, Heartbeat.INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
        // Under Agones, the same proof of life as the heartbeat: a stuck tick thread stops the health pings too.
        host.agones().healthWhile(new TickAlive(server.loop::passes, () -> server.hydrating));
        LOG.info("world {} serving /game on {}:{} (pid {})", config.worldId(), config.bindAddress(),
                host.gameServer().port(), ProcessHandle.current().pid());
        return server;
    }

    private GameEntry entry() {
        return new GameEntry(gate, new Admission(), config.intentsPerSecond(), pack, modules);
    }

    /** The bound game port. */
    int gamePort() {
        return host.gameServer().port();
    }

    /** Starts the shutdown path once; returns the future exit status. */
    public CompletableFuture<Integer> shutdown(String reason) {
        return shutdown.shutdown(reason);
    }

    /** The exit status, once the world has stopped (or failed). */
    public CompletableFuture<Integer> exitStatus() {
        return exit;
    }

    WorldConfig config() {
        return config;
    }

    String worldId() {
        return config.worldId();
    }

    GameServer gameServer() {
        return host.gameServer();
    }

    SnapshotOutbox outbox() {
        return outbox;
    }

    ControlClient control() {
        return host.control();
    }

    WorldLoop loop() {
        return loop;
    }

    WorldRuntime runtime() {
        return runtime;
    }

    /** A clean exit: the final snapshot was acknowledged. */
    void shutDownAgones() {
        host.shutDownAgones();
    }

    void releaseResources() {
        loop.stop();
        try {
            loop.awaitStopped(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        host.release();
    }

    /**
     * A game module keeps failing: the world stops as the director would stop it (final snapshot of its last good
     * state, acknowledged), says why on the line the director reads, and exits with
     * {@link WorldExitCodes#MODULE_FAILED}, so that it shows failed with the reason until someone clears it.
     */
    private void moduleFailed(String reason) {
        failedModule = reason;
        System.out.println(WorldExitCodes.FAILURE_LINE + reason);
        System.out.flush();
        shutdown(reason);
    }

    private void fatal(String reason, int status) {
        LOG.error("world {} cannot continue: {}", config.worldId(), reason);
        releaseResources();
        exit.complete(status);
    }

    private void hydrate(WorldHydrateMessage hydrate) {
        hydrating = true;
        try {
            runtime.hydrate(hydrate.seq(), hydrate.state() == null ? null : hydrate.state().tree());
        } finally {
            hydrating = false;
        }
        if (runtime.hydrated()) {
            // Once: a director that hydrates again (after a reconnect) must not move an Allocated server back.
            host.agones().ready();
        }
    }

    private final class Admission implements GameAdmission {

        @Override
        public boolean admit(PlayerConnection connection, Ticket ticket, boolean binary, boolean names, Object ref) {
            return loop.submitNow(() -> runtime.admit(connection, ticket, binary, names, ref));
        }

        @Override
        public void leave(PlayerConnection connection, boolean clean) {
            // A leave must not be lost, or the entity would stay forever: retry until the queue takes it.
            Runnable command = clean ? () -> runtime.leave(connection) : () -> runtime.lose(connection);
            if (!loop.submit(command)) {
                host.workers().schedule(() -> leave(connection, clean), 50, TimeUnit.MILLISECONDS);
            }
        }
    }

    private final class Listener implements ControlListener {

        @Override
        public void onOrphaned() {
            fatal("no director took this world back within " + ControlClient.ORPHAN_AFTER_MILLIS / 1000
                    + " s; it stops before its lease can expire, and the next join starts a new process from the last "
                    + "acknowledged snapshot", WorldExitCodes.ORPHANED);
        }

        @Override
        public void onHydrate(WorldHydrateMessage hydrate) {
            if (!loop.submitNow(() -> hydrate(hydrate))) {
                fatal("tick queue full during hydration", WorldExitCodes.FATAL);
                return;
            }
            // Registered: the first player is on its way. Meanwhile the idle snapshot thread readies the ticket
            // check, which otherwise loads the security providers while that player waits for its welcome.
            try {
                host.io().execute(TicketSigner::preload);
            } catch (RejectedExecutionException e) {
                // Shutting down: no player to welcome.
            }
        }

        @Override
        public void onResumed(String ticketSecret) {
            if (ticketSecret != null) {
                rekey(ticketSecret);
            }
            outbox.resend();
            submitOrLog(() -> {
                runtime.abandonTransfers();
                runtime.sendRoster();
            }, "roster after reconnect");
        }

        /** A restarted director adopted this world: its tickets are signed with its own secret. */
        private void rekey(String ticketSecret) {
            try {
                WorldConfig.requireStrongTicketSecret(ticketSecret);
            } catch (IllegalArgumentException e) {
                LOG.error("world {} keeps its ticket secret: the director sent a weak one", config.worldId());
                return;
            }
            gate.rekey(TicketSigner.fromEncodedSecret(ticketSecret));
            LOG.info("world {} adopted by a restarted director; tickets signed with the new director's secret are "
                    + "admitted from now on", config.worldId());
        }

        @Override
        public void onPortalGranted(PortalGrantedMessage granted) {
            submitOrLog(() -> runtime.portalGranted(granted), "portal grant");
        }

        @Override
        public void onPortalRefused(PortalRefusedMessage refused) {
            submitOrLog(() -> runtime.portalRefused(refused), "portal refusal");
        }

        @Override
        public void onPlayerKick(PlayerKickMessage kick) {
            submitOrLog(() -> runtime.kick(kick.accountId()), "player kick");
        }

        /**
         * These answers must reach the tick thread (a lost grant freezes a player, a lost kick leaves an account in
         * two worlds): when the queue is full, try again shortly rather than drop them.
         */
        private void submitOrLog(Runnable command, String what) {
            if (!loop.submit(command)) {
                LOG.warn("tick queue full: {} retried in 50 ms", what);
                host.controlGroup().schedule(() -> submitOrLog(command, what), 50, TimeUnit.MILLISECONDS);
            }
        }

        @Override
        public void onSnapshotAck(long seq) {
            outbox.onAck(seq);
        }

        @Override
        public void onWritable() {
            outbox.sendKept();
        }

        @Override
        public void onShutdownRequested(String reason) {
            shutdown("director asked: " + (reason == null ? "no reason given" : reason));
        }

        @Override
        public void onRefused(ErrorMessage error) {
            LOG.error("world {} exits: the director refused its registration", config.worldId());
            releaseResources();
            exit.complete(WorldExitCodes.REFUSED);
        }
    }
}
