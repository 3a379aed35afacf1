package lor.world.control;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.random.RandomGenerator;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.Timings;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldRegisterMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The world's link to a director's {@code /control}. It registers on every (re)connect and reconnects with
 * exponential backoff and jitter for as long as the world lives, each connection a new {@link ControlSession}.
 * Messages can be sent only on the session the director has accepted ({@code world_hydrate} or
 * {@code world_resumed}), so nothing the world sends can overtake its registration.
 *
 * <p>It knows every director on the world's database, the one that spawned it first. A failed attempt, or a
 * director that answers {@code unavailable} (fenced, or shutting down), sends the next attempt to another one; losing
 * the director that had accepted the world sends it to the others first (see {@link DirectorRotation}), which adopt
 * it by its spawn token. Any other refusal means another process owns the world, and ends it.
 *
 * <p>The connection can be opened before the process knows which world it is, so that the handshake overlaps
 * building the world: {@link #connectAhead} for a freshly spawned world, {@link #startAsSpare} for a warm spare,
 * which says {@code spare_register} and waits for {@code world_assign}. {@link #becomeWorld} then registers as the
 * world on that same connection. A spare's connection is not re-established: a spare the director lets go of has
 * nothing to do. Every connection and every change of identity runs on one event loop, so a close and a
 * {@code becomeWorld} never both reconnect.
 */
public final class ControlClient implements ControlLink {

    private static final Logger LOG = LoggerFactory.getLogger(ControlClient.class);

    /** How long a world may go without a director that accepts it before it ends itself: see {@link Timings}. */
    public static final long ORPHAN_AFTER_MILLIS = Timings.ORPHAN_LIMIT.toMillis();

    private final String spawnToken;
    private final DirectorRotation directors;
    private final int maxMessageBytes;
    private final IntSupplier gamePort;
    private final EventLoop loop;
    /** The director's TLS, pinned to its certificate, for a {@code wss://} URL; null for {@code ws://}. */
    private volatile SslContext tls;
    private final MessageCodec codec = ControlMessages.worldCodec();
    private final Backoff backoff;
    private final CompletableFuture<WorldAssignMessage> assignment = new CompletableFuture<>();
    private final OrphanWatch orphanWatch;
    /** What this process says on a new connection. Loop only. */
    private Role role = new Unnamed();
    /** The last connection opened, from the moment it starts connecting. */
    private volatile ControlSession current;
    /** The connection the director has accepted the world on; null while none has. */
    private volatile ControlSession accepted;
    private volatile boolean closing;

    /**
     * @param urls the {@code /control} of every director this world may register with, its spawning one first
     */
    public ControlClient(String spawnToken, List<URI> urls, int maxMessageBytes, IntSupplier gamePort,
                         EventLoopGroup group) {
        this(spawnToken, urls, maxMessageBytes, gamePort, group, ORPHAN_AFTER_MILLIS, ThreadLocalRandom.current());
    }

    /** @param random jitters the backoff and picks which surviving director to try first */
    ControlClient(String spawnToken, List<URI> urls, int maxMessageBytes, IntSupplier gamePort, EventLoopGroup group,
                  long orphanAfterMillis, RandomGenerator random) {
        this.spawnToken = spawnToken;
        this.directors = new DirectorRotation(urls, random);
        this.backoff = new Backoff(100, Timings.RECONNECT_BACKOFF_CAP.toMillis(), random);
        this.maxMessageBytes = maxMessageBytes;
        this.gamePort = gamePort;
        this.loop = group.next();
        this.orphanWatch = new OrphanWatch(loop, orphanAfterMillis, this::orphaned);
    }

    /** Speaks TLS to a {@code wss://} control URL; called before the first connect. */
    public void useTls(SslContext context) {
        this.tls = context;
    }

    /** Opens the connection now; it registers once {@link #becomeWorld} says which world this is. */
    public void connectAhead() {
        loop.execute(this::connect);
    }

    /**
     * Connects as a warm spare, to the first director only: the one that started it is the one that assigns it.
     *
     * @return the director's assignment; fails if the director refuses the spare, hangs up, or cannot be reached
     */
    public CompletableFuture<WorldAssignMessage> startAsSpare() {
        loop.execute(() -> {
            role = new Spare();
            connect();
        });
        return assignment;
    }

    /**
     * This process is {@code worldId}: registers as it on the connection opened ahead (at once if its handshake is
     * done, else when it is), or on a new one if there is none or it is gone, and from then on keeps connected for
     * as long as the world lives.
     */
    public void becomeWorld(String worldId, ControlListener listener) {
        loop.execute(() -> {
            World world = new World(worldId, listener);
            role = world;
            orphanWatch.unaccepted();
            ControlSession session = current;
            if (session == null || !session.isOpen()) {
                // Never connected, or closed while nobody was registered on it (nothing reconnected then).
                connect();
            } else if (session.state() != SessionState.CONNECTING) {
                session.registerAsWorld(worldId, listener, registration(world));
            }
            // Otherwise it is still connecting or shaking hands; its handshake sends the registration.
        });
    }

    /** Stops reconnecting and closes the connection once pending writes are flushed. */
    public void close() {
        closing = true;
        assignment.completeExceptionally(new IllegalStateException("the control client was closed"));
        ControlSession session = current;
        if (session != null) {
            session.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }

    /** The state of the last connection opened, null before the first; asked on the control event loop. */
    SessionState state() {
        return loop.submit(() -> current == null ? null : current.state()).syncUninterruptibly().getNow();
    }

    @Override
    public boolean send(Message message) {
        ControlSession session = accepted;
        if (session == null || !session.isActive()) {
            return false;
        }
        session.write(codec.encode(message));
        return true;
    }

    @Override
    public boolean sendIfWritable(Message message) {
        ControlSession session = accepted;
        return session != null && session.isActive() && session.isWritable() && send(message);
    }

    @Override
    public boolean sendText(String json) {
        ControlSession session = accepted;
        if (session == null || !session.isActive() || !session.isWritable()) {
            return false;
        }
        session.write(json);
        return true;
    }

    private void connect() {
        if (closing) {
            return;
        }
        URI url = directors.current();
        LOG.info("connecting to the director at {}", url);
        SslContext context = tls;
        ControlSession session = new ControlSession(this, url, codec);
        Bootstrap bootstrap = new Bootstrap()
                .group(loop)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5_000)
                .option(ChannelOption.TCP_NODELAY, true)
                // One big snapshot may be in flight; while it is, the channel is "unwritable" and newer snapshots
                // and status reports wait in the outbox (newest wins) instead of piling up here.
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                .handler(new ControlChannelInitializer(url, context, maxMessageBytes, session));
        int port = url.getPort() > 0 ? url.getPort() : context != null ? 443 : 80;
        ChannelFuture future = bootstrap.connect(url.getHost(), port);
        session.connecting(future.channel());
        current = session;
        future.addListener(f -> {
            if (!f.isSuccess()) {
                LOG.warn("cannot reach director at {}: {}", url, f.cause().toString());
                if (role instanceof World) {
                    scheduleReconnect(null);
                } else if (role instanceof Spare) {
                    assignment.completeExceptionally(f.cause());
                }
            } else {
                future.channel().closeFuture().addListener(c -> disconnected(session));
            }
        });
    }

    /** The WebSocket handshake of {@code session} is done: it says what this process is. */
    void handshaken(ControlSession session) {
        if (role instanceof World world) {
            session.registerAsWorld(world.worldId(), world.listener(), registration(world));
        } else if (role instanceof Spare) {
            session.registerAsSpare(codec.encode(new SpareRegisterMessage(spawnToken, ProcessHandle.current().pid())));
        } else {
            session.open();
        }
    }

    private String registration(World world) {
        return codec.encode(new WorldRegisterMessage(world.worldId(), spawnToken, gamePort.getAsInt(),
                ProcessHandle.current().pid()));
    }

    /** A director took the world (back) on {@code session}: messages go out on it from now on. */
    void accept(ControlSession session) {
        if (accepted != session) {
            accepted = session;
            orphanWatch.accepted();
            backoff.reset();
            LOG.info("registered with the director at {}", session.url());
        }
    }

    /** The director refused this world outright: another process owns it, and this one must end. */
    void refused(ControlSession session, ControlListener listener, ErrorMessage error) {
        closing = true;
        session.close();
        listener.onRefused(error);
    }

    void assigned(WorldAssignMessage assign) {
        assignment.complete(assign);
    }

    void spareRefused(ErrorMessage error) {
        assignment.completeExceptionally(new IllegalStateException("refused: " + error.message()));
    }

    void writable(ControlSession session) {
        if (session == accepted && role instanceof World world) {
            world.listener().onWritable();
        }
    }

    private void disconnected(ControlSession session) {
        if (!(role instanceof World)) {
            if (role instanceof Spare) {
                assignment.completeExceptionally(new IllegalStateException("the director closed the spare connection"));
            }
            return;
        }
        boolean lost = session == accepted;
        if (lost) {
            accepted = null;
            if (!closing) {
                LOG.warn("control connection to the director at {} lost; trying the other directors", session.url());
                orphanWatch.unaccepted();
            }
        }
        scheduleReconnect(lost ? session.url() : null);
    }

    private void orphaned() {
        if (closing || !(role instanceof World world)) {
            return;
        }
        LOG.error("no director has taken world {} back within {} s; giving up", world.worldId(),
                orphanWatch.limitSeconds());
        closing = true;
        ControlSession session = current;
        if (session != null) {
            session.close();
        }
        world.listener().onOrphaned();
    }

    /** @param lostDirector the director of the accepted connection that ended; null when an attempt failed */
    private void scheduleReconnect(URI lostDirector) {
        if (closing) {
            return;
        }
        if (lostDirector != null) {
            directors.lost(lostDirector);
        } else {
            directors.next();
        }
        // Reset on acceptance, so the first retry after losing a director goes out within the first step.
        long delay = backoff.nextDelayMillis();
        loop.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
    }

    /**
     * The director at {@code from}, which has world {@code worldId}, names every director sharing its database: the
     * next connection, if this one is lost, goes to one of them. Entries this world could not use (another scheme,
     * not a URL) are left out.
     */
    void directorsAnnounced(URI from, String worldId, List<String> announced) {
        List<URI> usable = new ArrayList<>();
        for (String entry : announced) {
            try {
                URI url = new URI(entry);
                if (from.getScheme().equals(url.getScheme()) && url.getHost() != null) {
                    usable.add(url);
                }
            } catch (URISyntaxException e) {
                // Left out, as the javadoc says.
            }
        }
        if (directors.update(from, usable)) {
            LOG.info("directors of world {} now: {}", worldId, directors.known());
        }
    }

    /** What this process is: nothing yet (a world still being built), a warm spare, or a world. */
    private sealed interface Role permits Unnamed, Spare, World {
    }

    private record Unnamed() implements Role {
    }

    private record Spare() implements Role {
    }

    private record World(String worldId, ControlListener listener) implements Role {
    }
}
