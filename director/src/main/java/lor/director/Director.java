package lor.director;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import lor.director.account.AccountRepository;
import lor.director.account.AccountService;
import lor.director.account.LoginThrottle;
import lor.director.account.PasswordHasher;
import lor.director.account.SessionRepository;
import lor.director.client.ClientEndpoint;
import lor.director.client.ClientServices;
import lor.director.cluster.Cluster;
import lor.director.cluster.TicketKey;
import lor.director.control.ControlEndpoint;
import lor.director.db.Database;
import lor.director.db.DatabaseOutages;
import lor.director.db.EmbeddedDatabase;
import lor.director.http.ApiHandler;
import lor.director.http.DirectorChannelInitializer;
import lor.director.kubernetes.AgonesLauncher;
import lor.director.kubernetes.AgonesSettings;
import lor.director.registry.KnownContent;
import lor.director.registry.TemplateRepository;
import lor.director.registry.WorldRegistry;
import lor.director.world.WorldSupervisor;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.WorldLeaseRepository;
import lor.director.world.presence.Membership;
import lor.director.world.process.WorldArguments;
import lor.director.world.process.WorldLauncher;
import lor.director.world.process.WorldProcessLauncher;
import lor.director.world.store.SnapshotRepository;
import lor.director.world.store.WorldRepository;
import lor.protocol.netty.ConnectionThrottle;
import lor.protocol.netty.EventLoops;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.Tls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The director process, wired by hand in {@link #start}, stopped in order by {@link #close}: stop accepting
 * connections, stop every world (their final snapshots are persisted on the way), close connections, drain
 * blocking work, close the pool, stop the embedded database.
 */
public final class Director implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Director.class);
    /** Sign-ins waiting for a hashing thread; beyond this they are told the server is busy (a few seconds each). */
    private static final int PASSWORD_QUEUE = 128;

    private final DirectorConfig config;
    /** Makes the client of the cluster's API, with {@code --launcher agones}. */
    private final Supplier<KubernetesClient> kubernetesClient;
    private final AtomicBoolean closing = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);
    private EmbeddedDatabase embedded;
    private Database database;
    private ThreadPoolExecutor blocking;
    private ThreadPoolExecutor passwordWork;
    private ScheduledExecutorService scheduler;
    private WorldSupervisor supervisor;
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Channel serverChannel;
    /** The cluster's API, with {@code --launcher agones}. */
    private KubernetesClient kubernetes;
    /** The other directors sharing the database. */
    private volatile Cluster cluster;

    private Director(DirectorConfig config, Supplier<KubernetesClient> kubernetesClient) {
        this.config = config;
        this.kubernetesClient = kubernetesClient;
    }

    /** Starts everything; on failure releases what was started and rethrows. */
    public static Director start(DirectorConfig config) throws Exception {
        return start(config, () -> new KubernetesClientBuilder().build());
    }

    /**
     * As {@link #start(DirectorConfig)}, with the Kubernetes API's client made by {@code kubernetesClient} (called
     * only with {@code --launcher agones}; the director closes the client when it stops).
     */
    public static Director start(DirectorConfig config, Supplier<KubernetesClient> kubernetesClient)
            throws Exception {
        Director director = new Director(config, kubernetesClient);
        try {
            director.startComponents();
        } catch (Exception | Error e) {
            director.close();
            throw e;
        }
        return director;
    }

    private void startComponents() throws Exception {
        Files.createDirectories(config.dataDir());
        Path worldJar = WorldJarLocator.locate(config.worldJar());
        String jdbcUrl = config.dbUrl();
        String user = config.dbUser();
        if (config.embeddedDatabase()) {
            embedded = EmbeddedDatabase.start(config.dataDir().resolve("postgres"), true);
            jdbcUrl = embedded.jdbcUrl();
            user = EmbeddedDatabase.USER;
        }
        // Migrations run before any port is bound: a director never serves an unmigrated schema.
        database = Database.connect(jdbcUrl, user, config.dbPassword(), config.dbPoolSize());

        blocking = new ThreadPoolExecutor(config.dbPoolSize(), config.dbPoolSize(), 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(1024), named("blocking"));
        // Password hashing gets its own pool: a sign-in storm queues here instead of delaying lease renewals and
        // snapshot commits on the shared one. The KDF is CPU-bound, so more threads than cores would only share
        // them; two connections always stay free for world work.
        int hashingThreads = Math.max(1, Math.min(Runtime.getRuntime().availableProcessors(),
                config.dbPoolSize() - 2));
        passwordWork = new ThreadPoolExecutor(hashingThreads, hashingThreads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(PASSWORD_QUEUE), named("password-hashing"));
        scheduler = Executors.newSingleThreadScheduledExecutor(named("director-timers"));
        DirectorMetrics metrics = new DirectorMetrics();
        Clock clock = Clock.systemUTC();

        AccountService accounts = new AccountService(new AccountRepository(database), new SessionRepository(database),
                new PasswordHasher(config.passwordIterations()), Duration.ofMillis(config.sessionTtlMs()), clock);
        if (config.passwordIterations() < PasswordHasher.ITERATIONS) {
            LOG.warn("new passwords are hashed with {} PBKDF2 iterations, fewer than the {} recommended: fit for "
                    + "tests, not for real accounts", config.passwordIterations(), PasswordHasher.ITERATIONS);
        }
        WorldRepository worldRepository = new WorldRepository(database);
        SnapshotRepository snapshots = new SnapshotRepository(database, config.snapshotsKept());
        AtomicInteger boundPort = new AtomicInteger();
        // The default allowed origins name the bound port: until it is known (a port of 0), they allow no browser.
        AtomicReference<NetworkGuards> guards = new AtomicReference<>(config.guards(config.port()));
        // Checked before anything binds: a bad certificate or key stops the start with the file named.
        SslContext tls = config.tls() ? Tls.server(config.tlsCert(), config.tlsKey()) : null;
        Supplier<List<String>> worldOptions = () -> {
            List<String> options = new ArrayList<>(guards.get().arguments());
            options.addAll(config.worldOptions());
            return options;
        };
        Supplier<String> ownControlUrl = config.agones() != null ? config.agones()::controlUrl
                : () -> controlUrl(config.controlHost(), boundPort.get());
        Supplier<String> announcedControlUrl = config.agones() != null ? config.agones()::controlUrl
                : () -> controlUrl(config.announcedControlHost(), boundPort.get());
        WorldLauncher launcher;
        if (config.agones() == null) {
            // A world is told every director's address, its own first: it goes to another if this one dies.
            WorldProcessLauncher local = new WorldProcessLauncher(worldJar,
                    () -> cluster.controlUrls(ownControlUrl.get()), config.bindAddress(), config.snapshotIntervalMs(),
                    config.maxSnapshotBytes(), config.worldJvmOptions(), worldOptions,
                    config.dataDir().resolve("world-archive"));
            // Off the start's path: checking the build's archive takes a JVM start, making one a few seconds.
            Thread archive = new Thread(local::prepareArchive, "world-archive");
            archive.setDaemon(true);
            archive.start();
            launcher = local;
        } else {
            kubernetes = kubernetesClient.get();
            AgonesSettings agones = config.agones();
            launcher = new AgonesLauncher(kubernetes, agones, new WorldArguments(agones::controlUrl, "0.0.0.0",
                    AgonesLauncher.containerPort(agones), config.snapshotIntervalMs(), config.maxSnapshotBytes(),
                    worldOptions));
            LOG.info("worlds run as Agones GameServers in namespace {} of {} (image {}, {})", agones.namespace(),
                    kubernetes.getMasterUrl(), agones.image(), agones.tls() ? "wss with the certificate of Secret "
                    + agones.tlsSecret() : "plain ws");
            if (config.stopsGameServersOnStop()) {
                LOG.warn("--on-stop stop-worlds: when Kubernetes stops this pod (a rollout, a node drain) every world "
                        + "it runs is stopped and its players disconnected; --on-stop leave-worlds leaves them to "
                        + "another director of the database, as deploy/kubernetes/director.yaml does");
            }
        }
        // Every director of the database derives its spawns' ticket secrets from one key: any of them signs tickets.
        TicketIssuer tickets = new TicketIssuer(clock, config.ticketTtlMs(), TicketKey.load(database));
        WorldLeaseRepository leases = new WorldLeaseRepository(database, DirectorIdentity.create(),
                WorldSupervisor.LEASE_TTL, DirectorIdentity::isGoneFromThisHost);
        LOG.info("director {} claims the worlds it runs with leases of {} s", leases.owner(),
                WorldSupervisor.LEASE_TTL.toSeconds());
        supervisor = new WorldSupervisor(worldRepository.all(), launcher, snapshots, leases, blocking, scheduler,
                metrics,
                new Membership(), tickets, config.publicHost(), config.spawnTimeoutMs(), config.idleShutdownMs(),
                config.stopTimeoutMs(), config.warmSpares());
        if (config.worldsServeTls()) {
            supervisor.serveGamesOverTls();
        }
        if (config.publicGameUrl() != null) {
            supervisor.publishGamesAt(config.publicGameUrl());
        }
        int adopting = supervisor.adoptLeftBehind();
        if (adopting > 0) {
            LOG.info("{} world(s) left running by the previous director are being taken back", adopting);
        }

        long joinTimeoutMs = config.spawnTimeoutMs() + 5_000;
        LoginThrottle loginThrottle = new LoginThrottle(config.loginBackoffMs(), config.loginFailuresPerAddress(),
                () -> System.nanoTime() / 1_000_000);
        cluster = Cluster.join(database, leases.owner(), supervisor, loginThrottle, blocking, joinTimeoutMs);
        ClientServices clientServices = new ClientServices(accounts, supervisor, blocking, passwordWork, metrics,
                cluster.admissions(), joinTimeoutMs, loginThrottle, new DatabaseOutages());
        ConnectionThrottle throttle = config.guards(config.port()).throttle("director port");
        metrics.connectionsRefused = throttle::refusedTotal;
        DirectorChannelInitializer initializer = new DirectorChannelInitializer(
                new ClientEndpoint(clientServices, config.keepAlive()),
                new ControlEndpoint(supervisor, config.maxSnapshotBytes(), joinTimeoutMs),
                new ApiHandler(database, supervisor, metrics, blocking, config.adminToken(),
                        new WorldRegistry(worldRepository, new TemplateRepository(database), supervisor,
                                KnownContent.read(worldJar, config.contentDir()), leases.owner()),
                        config.modulesDir()),
                guards::get, throttle, tls);

        boss = EventLoops.create("director-accept", 1);
        workers = EventLoops.create("director-io", 0);
        serverChannel = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(initializer)
                .bind(config.bindAddress(), config.port())
                .sync()
                .channel();
        boundPort.set(port());
        guards.set(config.guards(port()));
        supervisor.start();
        cluster.announce(announcedControlUrl.get(), scheduler);
        scheduler.scheduleWithFixedDelay(() -> purgeSessions(accounts), 1, 60, TimeUnit.MINUTES);
        LOG.info("director serving on {}:{} (world jar {}; browser origins allowed: {})", config.bindAddress(), port(),
                worldJar, guards.get().allowedOrigins());
    }

    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** The base URL printed in the ready line. */
    public String baseUrl() {
        String host = config.bindAddress().equals("0.0.0.0") || config.bindAddress().contains(":")
                ? config.publicHost() : config.bindAddress();
        return (config.tls() ? "https://" : "http://") + hostForUrl(host) + ":" + port();
    }

    public void awaitClosed() throws InterruptedException {
        closed.await();
    }

    @Override
    public void close() {
        if (!closing.compareAndSet(false, true)) {
            return;
        }
        LOG.info("director shutting down");
        try {
            if (serverChannel != null) {
                serverChannel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
            }
            if (supervisor != null && config.leaveWorldsOnStop()) {
                supervisor.leaveRunning(Duration.ofMillis(config.stopTimeoutMs() + 5_000));
            } else if (supervisor != null) {
                supervisor.shutdownAll(Duration.ofMillis(config.stopTimeoutMs() + 5_000));
            }
            if (cluster != null) {
                cluster.close();
            }
            if (workers != null) {
                workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
                boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
            }
            if (scheduler != null) {
                scheduler.shutdownNow();
            }
            if (passwordWork != null) {
                passwordWork.shutdownNow();
            }
            if (blocking != null) {
                blocking.shutdown();
                if (!blocking.awaitTermination(10, TimeUnit.SECONDS)) {
                    LOG.warn("blocking work still running after 10 s; abandoning it");
                }
            }
            if (kubernetes != null) {
                kubernetes.close();
            }
            if (database != null) {
                database.close();
            }
            if (embedded != null) {
                embedded.close();
            }
            LOG.info("director stopped");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            LOG.error("error during shutdown", e);
        } finally {
            closed.countDown();
        }
    }

    private void purgeSessions(AccountService accounts) {
        try {
            int purged = accounts.purgeExpiredSessions();
            if (purged > 0) {
                LOG.info("purged {} expired sessions", purged);
            }
        } catch (RuntimeException e) {
            LOG.warn("session purge failed: {}", e.getMessage());
        }
    }

    private String controlUrl(String host, int port) {
        return config.webSocketScheme() + "://" + hostForUrl(host) + ":" + port + ControlEndpoint.PATH;
    }

    static String hostForUrl(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    private static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
