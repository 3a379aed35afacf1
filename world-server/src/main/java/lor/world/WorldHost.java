package lor.world;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import javax.net.SocketFactory;

import io.netty.channel.EventLoopGroup;
import lor.protocol.netty.EventLoops;
import lor.protocol.netty.Tls;
import lor.world.agones.AgonesLifecycle;
import lor.world.agones.AgonesSdk;
import lor.world.control.ControlClient;
import lor.world.game.GameChannelInitializer;
import lor.world.game.GameEntry;
import lor.world.game.GameServer;
import lor.world.game.GameTransport;

/**
 * What a world process runs whichever world it serves: its threads, the bound game endpoint, the control client
 * and, under Agones, the client of its SDK sidecar. A freshly spawned world starts it and its world at once; a warm
 * spare starts it while it waits, so that being assigned a world costs neither threads, nor a bind, nor a
 * connection to the director.
 */
final class WorldHost {

    // First: a bad -Dlor.world.transport or -Dlor.world.ioThreads fails here, before any thread is started.
    private final GameTransport transport = GameTransport.configured();
    private final EventLoopGroup workers = transport.eventLoops("game-io", GameIoThreads.count());
    private final EventLoopGroup boss = transport.eventLoops("game-accept", 1);
    private final EventLoopGroup controlGroup = EventLoops.create("control", 1);
    private final ExecutorService io = Executors.newSingleThreadExecutor(r -> new Thread(r, "snapshot-io"));
    private final AtomicReference<GameEntry> entry = new AtomicReference<>();
    private final ControlClient control;
    private final AgonesLifecycle agones;
    private final SocketFactory loopbackSockets;
    private GameServer gameServer;

    private WorldHost(WorldConfig config) {
        this.control = new ControlClient(config.spawnToken(), config.controlUrls(), (int) config.maxSnapshotBytes(),
                () -> gameServer.port(), controlGroup);
        // Every director is reached with the same scheme (WorldConfig checks), and trusted with the one certificate.
        if (config.controlUrl().getScheme().equals("wss")) {
            control.useTls(Tls.trusting(config.tlsCert()));
        }
        this.loopbackSockets = config.tls() ? Tls.socketsTrusting(config.tlsCert()) : SocketFactory.getDefault();
        this.agones = config.agones() == null ? AgonesLifecycle.OFF : AgonesSdk.start(config.agones());
    }

    /** How this process connects to its own game endpoint (the warm-up's loopback player). */
    SocketFactory loopbackSockets() {
        return loopbackSockets;
    }

    /**
     * Binds the game endpoint of {@code config} (which refuses every connection until {@link #open}); the control
     * client is created, not started. Only the network settings of {@code config} are used.
     */
    static WorldHost start(WorldConfig config) throws InterruptedException {
        return start(config, false);
    }

    /**
     * As {@link #start(WorldConfig)}; with {@code connectAhead}, the control client starts connecting before the
     * game endpoint is bound, so that its TCP connection and WebSocket handshake overlap the bind (a freshly
     * spawned world; it registers only once {@link ControlClient#becomeWorld} names the world, after the bind).
     */
    static WorldHost start(WorldConfig config, boolean connectAhead) throws InterruptedException {
        WorldHost host = new WorldHost(config);
        if (connectAhead) {
            host.control.connectAhead();
        }
        try {
            host.gameServer = GameServer.bind(config.bindAddress(), config.gamePorts(),
                    new GameChannelInitializer(host.entry::get, config.guards(), config.keepAlive(),
                            config.tls() ? Tls.server(config.tlsCert(), config.tlsKey()) : null),
                    host.transport, host.boss, host.workers);
        } catch (InterruptedException | RuntimeException e) {
            host.release();
            throw e;
        }
        return host;
    }

    /** Players may enter from now on; null closes the endpoint to them again (after a spare's warm-up). */
    void open(GameEntry world) {
        entry.set(world);
    }

    GameServer gameServer() {
        return gameServer;
    }

    ControlClient control() {
        return control;
    }

    EventLoopGroup workers() {
        return workers;
    }

    EventLoopGroup controlGroup() {
        return controlGroup;
    }

    ExecutorService io() {
        return io;
    }

    /** This process's Agones lifecycle; {@link AgonesLifecycle#OFF} outside Agones. */
    AgonesLifecycle agones() {
        return agones;
    }

    /**
     * Tells Agones this process is done: on a clean exit only, before {@link #release}. Waits
     * {@link AgonesLifecycle#SHUTDOWN_WAIT_MILLIS} at most; the process exits whether the sidecar took it or not.
     */
    void shutDownAgones() {
        try {
            agones.shutdown().get(AgonesLifecycle.SHUTDOWN_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // Logged by the SDK client; the exit goes on.
        }
    }

    /** Closes the control connection and stops the threads; the world's tick thread must be stopped first. */
    void release() {
        agones.close();
        control.close();
        io.shutdown();
        try {
            io.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        controlGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
