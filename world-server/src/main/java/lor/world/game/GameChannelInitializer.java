package lor.world.game;

import java.util.function.Supplier;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.handler.ssl.SslContext;
import lor.protocol.Limits;
import lor.protocol.MessageCodec;
import lor.protocol.game.GameMessages;
import lor.protocol.netty.ConnectionThrottle;
import lor.protocol.netty.FrameRateLimiter;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.LingeringClose;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.OriginGuard;
import lor.protocol.netty.OriginPolicy;
import lor.protocol.netty.OversizeClosingFrameAggregator;
import lor.protocol.netty.Tls;

/**
 * The pipeline of the game endpoint {@code /game}, in order: a connection over its address's limits is closed at
 * once; HTTP under a handshake deadline; a request from a browser page of an origin not allowed is refused with 403;
 * the WebSocket upgrade; every inbound frame counted against the connection's budget (a flood is closed with 1008);
 * the session.
 */
public final class GameChannelInitializer extends ChannelInitializer<SocketChannel> {

    public static final String PATH = "/game";

    static final String KEEP_ALIVE = KeepAlive.NAME;
    static final String HTTP_CODEC = "http-codec";
    static final String HTTP_DEADLINES = "http-deadlines";
    static final String HTTP_AGGREGATOR = "http-aggregator";
    static final String ORIGIN_GUARD = "origin-guard";
    static final String FRAME_LIMIT = "frame-limit";
    static final String WEBSOCKET = "websocket";
    static final String FRAME_AGGREGATOR = "frame-aggregator";
    static final String SESSION = "session";

    /** Upgrade requests are small; anything bigger is not a client of ours. */
    private static final int MAX_HTTP_REQUEST_BYTES = 8 * 1024;

    private final MessageCodec codec = GameMessages.serverCodec();
    private final Supplier<GameEntry> entry;
    private final NetworkGuards guards;
    private final ConnectionThrottle throttle;
    private final OriginGuard originGuard;
    private final WebSocketServerProtocolConfig webSocketConfig = WebSocketServerProtocolConfig.newBuilder()
            .websocketPath(PATH)
            .maxFramePayloadLength(Limits.MAX_CLIENT_FRAME_BYTES)
            .handshakeTimeoutMillis(10_000)
            // The session answers a client's close frame itself: it tells a player who left from a lost one.
            .handleCloseFrames(false)
            .build();
    private final KeepAlive.Settings keepAlive;
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
            ch.close();
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
                .addLast(FRAME_LIMIT, FrameRateLimiter.forClients(codec))
                .addLast(WEBSOCKET, new WebSocketServerProtocolHandler(webSocketConfig))
                .addLast(LingeringClose.NAME, LingeringClose.installer())
                .addLast(FRAME_AGGREGATOR, new OversizeClosingFrameAggregator(Limits.MAX_CLIENT_FRAME_BYTES))
                .addLast(SESSION, new GameSessionHandler(codec, world.gate(), world.admission(),
                        world.intentsPerSecond(), world.pack()));
        if (tls != null) {
            Tls.install(ch.pipeline(), tls, ch.alloc());
        }
    }
}
