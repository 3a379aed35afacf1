package lor.world.game;

import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.MessageCodec;
import lor.protocol.game.GameMessages;
import lor.protocol.netty.ConnectionThrottle;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.OriginGuard;
import lor.protocol.netty.OriginPolicy;
import lor.protocol.netty.Tls;
import lor.world.game.wire.GameWire;
import lor.world.game.wire.KeepAliveSweep;
import lor.world.game.wire.WebSocketUpgrade;

/**
 * The pipeline of the game endpoint {@code /game}, in order: a connection over its address's limits is closed at
 * once; HTTP under a handshake deadline; a request from a browser page of an origin not allowed is refused with 403;
 * the WebSocket upgrade. The upgrade replaces all of it with one stage, the connection's {@link GameWire} (frames,
 * their budget, keep-alive, lingering close) in front of its {@link GameSession}.
 */
public final class GameChannelInitializer extends ChannelInitializer<SocketChannel> {

    public static final String PATH = "/game";

    static final String KEEP_ALIVE = KeepAlive.NAME;
    static final String HTTP_CODEC = "http-codec";
    static final String HTTP_DEADLINES = "http-deadlines";
    static final String HTTP_AGGREGATOR = "http-aggregator";
    static final String ORIGIN_GUARD = "origin-guard";
    static final String UPGRADE = "websocket-upgrade";

    /** Upgrade requests are small; anything bigger is not a client of ours. */
    private static final int MAX_HTTP_REQUEST_BYTES = 8 * 1024;

    private final MessageCodec codec = GameMessages.serverCodec();
    private final Supplier<GameEntry> entry;
    private final NetworkGuards guards;
    private final ConnectionThrottle throttle;
    private final OriginGuard originGuard;
    private final KeepAlive.Settings keepAlive;
    /** One keep-alive timer per event loop for every upgraded connection on it. */
    private final KeepAliveSweep.Sweeps sweeps;
    private final SslContext tls;

    /** With the default guards (no browser origin allowed) and keep-alive settings. */
    public GameChannelInitializer(Supplier<GameEntry> entry) {
        this(entry, NetworkGuards.defaults(), KeepAlive.DEFAULTS);
    }

    /**
     * @param entry     the world players enter; null while this process is a spare without a world
     * @param keepAlive how connections are pinged, and when a silent one is dropped
     */
    public GameChannelInitializer(Supplier<GameEntry> entry, NetworkGuards guards, KeepAlive.Settings keepAlive) {
        this(entry, guards, keepAlive, null);
    }

    /** @param tls the game port's TLS, or null for plain WebSocket */
    public GameChannelInitializer(Supplier<GameEntry> entry, NetworkGuards guards, KeepAlive.Settings keepAlive,
                                  SslContext tls) {
        this.tls = tls;
        this.entry = entry;
        this.guards = guards;
        this.keepAlive = keepAlive;
        this.sweeps = GameWire.sweeps(keepAlive);
        this.throttle = guards.throttle("game port");
        OriginPolicy origins = guards.originPolicy();
        // The port serves nothing but /game: every request is held to the policy.
        this.originGuard = new OriginGuard(path -> origins);
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        GameEntry world = entry.get();
        if (world == null) {
            // No ticket can be valid for a spare: nobody has been sent here yet.
            ch.pipeline().addLast(new Unassigned());
            return;
        }
        if (!throttle.admit(ch)) {
            return;
        }
        ch.pipeline()
                .addLast(KEEP_ALIVE, new KeepAlive(keepAlive))
                .addLast(HTTP_CODEC, new HttpServerCodec())
                .addLast(HTTP_DEADLINES, guards.deadlines())
                .addLast(HTTP_AGGREGATOR, new HttpObjectAggregator(MAX_HTTP_REQUEST_BYTES))
                .addLast(ORIGIN_GUARD, originGuard)
                .addLast(UPGRADE, new WebSocketUpgrade(PATH, HTTP_CODEC, () -> new GameWire(
                        new GameSession(codec, world.gate(), world.admission(), world.intentsPerSecond(),
                                world.pack(), world.modules()), sweeps)));
        if (tls != null) {
            Tls.install(ch.pipeline(), tls, ch.alloc());
        }
    }

    /**
     * A spare's answer to every connection: none. Its output is shut at once (the peer reads the end of the stream)
     * and what it sent is read and dropped, so that the kernel ends the connection with a FIN rather than the reset
     * a socket closed over unread bytes gets; the connection closes when the peer hangs up, or after two seconds.
     */
    private static final class Unassigned extends ChannelInboundHandlerAdapter {

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ((SocketChannel) ctx.channel()).shutdownOutput();
            ctx.executor().schedule(() -> ctx.close(), 2, TimeUnit.SECONDS);
            ctx.fireChannelActive();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ReferenceCountUtil.release(msg);
        }
    }
}
