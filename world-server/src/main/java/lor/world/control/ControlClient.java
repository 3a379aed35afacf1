package lor.world.control;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.random.RandomGenerator;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.ssl.SslContext;
import lor.protocol.ErrorCode;
import lor.protocol.ErrorMessage;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.Names;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.PlayerKickMessage;
import lor.protocol.control.PortalGrantedMessage;
import lor.protocol.control.PortalRefusedMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldAssignMessage;
import lor.protocol.control.WorldDirectorsMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldResumedMessage;
import lor.protocol.control.WorldShutdownMessage;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.OversizeClosingFrameAggregator;
import lor.protocol.netty.Tls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The world's connection to a director's {@code /control}. It registers on every (re)connect and reconnects
 * with exponential backoff and jitter for as long as the world lives. Messages can be sent only once the
 * director has answered the registration ({@code world_hydrate} or {@code world_resumed}), so nothing the world
 * sends can overtake its registration.
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

    static final String HTTP_CODEC = "http-codec";
    static final String HTTP_AGGREGATOR = "http-aggregator";
    static final String WEBSOCKET = "websocket";
    static final String FRAME_AGGREGATOR = "frame-aggregator";
    static final String CONTROL = "control";
    /**
     * How long a world may go without a director that accepts it before it ends itself, an attempt in flight or
     * not. A director's lease on its worlds lives 30 s unrenewed (it renews every 2 s); a director that cannot renew
     * fences itself after 5 s and lets its worlds go. Ending at 20 s means a world has stopped serving its players
     * before its lease can expire and another director may start a second copy from its last snapshot, with 5 s
     * to spare.
     */
    public static final long ORPHAN_AFTER_MILLIS = 20_000;

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
    /** Null until {@link #becomeWorld}: a spare waiting for its world, or a world still being built. */
    private volatile String worldId;
    private volatile ControlListener listener;
    private volatile boolean spare;
    /** The last connection opened, from the moment it starts connecting. */
    private volatile Channel current;
    /** The last connection whose WebSocket handshake completed. */
    private volatile Channel handshaken;
    private volatile Channel accepted;
    /** The director of {@link #accepted}. */
    private volatile URI acceptedBy;
    private volatile boolean closing;
    private final long orphanAfterNanos;
    /** Since when no director has accepted this world (nanoTime); 0 while one has. */
    private volatile long unacceptedSince;
    /** Ends the world once it has gone unaccepted for the orphan limit; null while a director has it. Loop only. */
    private ScheduledFuture<?> orphanDeadline;

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
        this.backoff = new Backoff(100, 5_000, random);
        this.maxMessageBytes = maxMessageBytes;
        this.gamePort = gamePort;
        this.loop = group.next();
        this.orphanAfterNanos = TimeUnit.MILLISECONDS.toNanos(orphanAfterMillis);
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
        spare = true;
        loop.execute(this::connect);
        return assignment;
    }

    /**
     * This process is {@code worldId}: registers as it on the connection opened ahead (at once if its handshake is
     * done, else when it is), or on a new one if there is none or it is gone, and from then on keeps connected for
     * as long as the world lives.
     */
    public void becomeWorld(String worldId, ControlListener listener) {
        loop.execute(() -> {
            this.worldId = worldId;
            this.listener = listener;
            startUnaccepted();
            Channel channel = current;
            if (channel == null || !channel.isOpen()) {
                // Never connected, or closed while nobody was registered on it (nothing reconnected then).
                connect();
            } else if (channel == handshaken) {
                MessageFrames.writeText(channel, registration());
            }
            // Otherwise it is still connecting or shaking hands; its handshake sends the registration.
        });
    }

    /** Stops reconnecting and closes the connection once pending writes are flushed. */
    public void close() {
        closing = true;
        assignment.completeExceptionally(new IllegalStateException("the control client was closed"));
        Channel channel = current;
        if (channel != null) {
            channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }

    @Override
    public boolean send(Message message) {
        Channel channel = accepted;
        if (channel == null || !channel.isActive()) {
            return false;
        }
        MessageFrames.writeText(channel, codec.encode(message));
        return true;
    }

    @Override
    public boolean sendIfWritable(Message message) {
        Channel channel = accepted;
        return channel != null && channel.isActive() && channel.isWritable() && send(message);
    }

    @Override
    public boolean sendText(String json) {
        Channel channel = accepted;
        if (channel == null || !channel.isActive() || !channel.isWritable()) {
            return false;
        }
        MessageFrames.writeText(channel, json);
        return true;
    }

    private void connect() {
        if (closing) {
            return;
        }
        URI url = directors.current();
        LOG.info("connecting to the director at {}", url);
        WebSocketClientProtocolConfig config = WebSocketClientProtocolConfig.newBuilder()
                .webSocketUri(url)
                // No Origin: the director refuses /control requests from browsers, which always send one.
                .generateOriginHeader(false)
                .maxFramePayloadLength(MessageFrames.FRAGMENT_BYTES)
                .handshakeTimeoutMillis(10_000)
                .build();
        Bootstrap bootstrap = new Bootstrap()
                .group(loop)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5_000)
                .option(ChannelOption.TCP_NODELAY, true)
                // One big snapshot may be in flight; while it is, the channel is "unwritable" and newer snapshots
                // and status reports wait in the outbox (newest wins) instead of piling up here.
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        if (tls != null) {
                            ch.pipeline().addLast(Tls.HANDLER, tls.newHandler(ch.alloc(), url.getHost(),
                                    url.getPort()));
                        }
                        ch.pipeline()
                                .addLast(HTTP_CODEC, new HttpClientCodec())
                                .addLast(HTTP_AGGREGATOR, new HttpObjectAggregator(64 * 1024))
                                .addLast(WEBSOCKET, new WebSocketClientProtocolHandler(config))
                                .addLast(FRAME_AGGREGATOR, new OversizeClosingFrameAggregator(maxMessageBytes))
                                .addLast(CONTROL, new Handler(url));
                    }
                });
        int port = url.getPort() > 0 ? url.getPort() : tls != null ? 443 : 80;
        ChannelFuture future = bootstrap.connect(url.getHost(), port);
        current = future.channel();
        future.addListener(f -> {
            if (!f.isSuccess()) {
                LOG.warn("cannot reach director at {}: {}", url, f.cause().toString());
                if (worldId != null) {
                    scheduleReconnect(false);
                } else if (spare) {
                    assignment.completeExceptionally(f.cause());
                }
            } else {
                future.channel().closeFuture().addListener(c -> onDisconnected(future.channel()));
            }
        });
    }

    private void onDisconnected(Channel channel) {
        if (worldId == null) {
            if (spare) {
                assignment.completeExceptionally(new IllegalStateException("the director closed the spare connection"));
            }
            return;
        }
        boolean lost = channel == accepted;
        if (lost) {
            accepted = null;
            if (!closing) {
                LOG.warn("control connection to the director at {} lost; trying the other directors", acceptedBy);
                startUnaccepted();
            }
        }
        scheduleReconnect(lost);
    }

    /** No director has this world from now on: it has until the orphan limit to find one. */
    private void startUnaccepted() {
        unacceptedSince = System.nanoTime();
        if (orphanDeadline != null) {
            orphanDeadline.cancel(false);
        }
        orphanDeadline = loop.schedule(this::orphanIfStillUnaccepted, orphanAfterNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Gives up even while an attempt is under way: a connect or handshake can take seconds, and past the limit the
     * world's lease may be close to expiring (see {@link #ORPHAN_AFTER_MILLIS}).
     */
    private void orphanIfStillUnaccepted() {
        long since = unacceptedSince;
        if (closing || since == 0 || System.nanoTime() - since < orphanAfterNanos) {
            return;
        }
        LOG.error("no director has taken world {} back within {} s; giving up", worldId,
                TimeUnit.NANOSECONDS.toSeconds(orphanAfterNanos));
        closing = true;
        Channel channel = current;
        if (channel != null) {
            channel.close();
        }
        listener.onOrphaned();
    }

    /** What this process says on a new connection: which world it is, that it is a spare, or nothing yet. */
    private String registration() {
        long pid = ProcessHandle.current().pid();
        String world = worldId;
        if (world != null) {
            return codec.encode(new WorldRegisterMessage(world, spawnToken, gamePort.getAsInt(), pid));
        }
        return spare ? codec.encode(new SpareRegisterMessage(spawnToken, pid)) : null;
    }

    /** @param lostAccepted whether the connection that ended had been accepted, rather than an attempt failing */
    private void scheduleReconnect(boolean lostAccepted) {
        if (closing) {
            return;
        }
        if (lostAccepted) {
            directors.lost(acceptedBy);
        } else {
            directors.next();
        }
        // Reset on acceptance, so the first retry after losing a director goes out within the first step.
        long delay = backoff.nextDelayMillis();
        loop.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
    }

    /** The world a director message is addressed to; null for one that names none (an error). */
    static String namedWorld(Message message) {
        if (message instanceof WorldHydrateMessage m) {
            return m.worldId();
        } else if (message instanceof WorldResumedMessage m) {
            return m.worldId();
        } else if (message instanceof SnapshotAckMessage m) {
            return m.worldId();
        } else if (message instanceof PortalGrantedMessage m) {
            return m.worldId();
        } else if (message instanceof PortalRefusedMessage m) {
            return m.worldId();
        } else if (message instanceof PlayerKickMessage m) {
            return m.worldId();
        } else if (message instanceof WorldShutdownMessage m) {
            return m.worldId();
        } else if (message instanceof WorldDirectorsMessage m) {
            return m.worldId();
        }
        return null;
    }

    /**
     * The director at {@code from} names every director sharing its database: the next connection, if this one is
     * lost, goes to one of them. Entries this world could not use (another scheme, not a URL) are left out.
     */
    private void directorsAnnounced(URI from, List<String> announced) {
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

    private final class Handler extends SimpleChannelInboundHandler<TextWebSocketFrame> {

        /** The director this connection goes to. */
        private final URI url;

        Handler(URI url) {
            this.url = url;
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt == WebSocketClientProtocolHandler.ClientHandshakeStateEvent.HANDSHAKE_COMPLETE) {
                handshaken = ctx.channel();
                String registration = registration();
                if (registration != null) {
                    MessageFrames.writeText(ctx.channel(), registration);
                }
            }
            ctx.fireUserEventTriggered(evt);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
            Message message;
            try {
                message = codec.decode(frame.text());
            } catch (ProtocolException e) {
                LOG.error("director sent an unreadable control message: {}", e.getMessage());
                return;
            }
            String named = namedWorld(message);
            if (worldId == null) {
                onSpareMessage(ctx, message);
            } else if (named != null && !named.equals(worldId)) {
                // Acks and commands are for this world only: acting on another's would lose or stop the wrong one.
                LOG.warn("ignored {} addressed to world {}: this process is world {}", message.type(),
                        Names.shorten(named, 40), worldId);
            } else if (message instanceof WorldHydrateMessage hydrate) {
                accept(ctx.channel());
                listener.onHydrate(hydrate);
            } else if (message instanceof WorldResumedMessage resumed) {
                accept(ctx.channel());
                listener.onResumed(resumed.ticketSecret());
            } else if (message instanceof SnapshotAckMessage ack) {
                listener.onSnapshotAck(ack.seq());
            } else if (message instanceof PortalGrantedMessage granted) {
                listener.onPortalGranted(granted);
            } else if (message instanceof PortalRefusedMessage refused) {
                listener.onPortalRefused(refused);
            } else if (message instanceof PlayerKickMessage kick) {
                listener.onPlayerKick(kick);
            } else if (message instanceof WorldShutdownMessage shutdown) {
                listener.onShutdownRequested(shutdown.reason());
            } else if (message instanceof WorldDirectorsMessage announced) {
                directorsAnnounced(url, announced.controlUrls());
            } else if (message instanceof ErrorMessage error && ErrorCode.UNAVAILABLE.wireName().equals(error.code())) {
                // Fenced or shutting down: it cannot take the world now, another director may.
                LOG.warn("the director at {} cannot take world {} now: {}; trying another", url, worldId,
                        error.message());
                ctx.close();
            } else if (message instanceof ErrorMessage error) {
                LOG.error("the director at {} refused this world: {} ({})", url, error.message(), error.code());
                closing = true;
                ctx.close();
                listener.onRefused(error);
            }
        }

        private void onSpareMessage(ChannelHandlerContext ctx, Message message) {
            if (message instanceof WorldAssignMessage assign) {
                assignment.complete(assign);
            } else if (message instanceof ErrorMessage error) {
                LOG.error("director refused this spare: {} ({})", error.message(), error.code());
                assignment.completeExceptionally(new IllegalStateException("refused: " + error.message()));
                ctx.close();
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (ctx.channel().isWritable() && ctx.channel() == accepted) {
                listener.onWritable();
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.warn("control connection failed: {}", cause.toString());
            ctx.close();
        }

        private void accept(Channel channel) {
            if (accepted != channel) {
                accepted = channel;
                acceptedBy = url;
                unacceptedSince = 0;
                if (orphanDeadline != null) {
                    orphanDeadline.cancel(false);
                    orphanDeadline = null;
                }
                backoff.reset();
                LOG.info("registered with the director at {}", url);
            }
        }
    }
}
