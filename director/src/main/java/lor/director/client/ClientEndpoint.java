package lor.director.client;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import lor.protocol.Limits;
import lor.protocol.MessageCodec;
import lor.protocol.director.DirectorMessages;
import lor.protocol.netty.FrameRateLimiter;
import lor.protocol.netty.KeepAlive;
import lor.protocol.netty.LingeringClose;
import lor.protocol.netty.OversizeClosingFrameAggregator;

/** The pipeline of the client endpoint {@code /ws}, installed once the router has seen the upgrade. */
public final class ClientEndpoint {

    public static final String PATH = "/ws";
    static final String FRAME_LIMIT = "client-frame-limit";
    static final String WEBSOCKET = "client-websocket";
    static final String FRAME_AGGREGATOR = "client-frame-aggregator";
    static final String SESSION = "client-session";

    /** Writes the error that precedes a flooder's close. */
    private static final MessageCodec CODEC = DirectorMessages.serverCodec();

    private final ClientServices services;
    private final KeepAlive.Settings keepAlive;
    private final WebSocketServerProtocolConfig webSocketConfig = WebSocketServerProtocolConfig.newBuilder()
            .websocketPath(PATH)
            .maxFramePayloadLength(Limits.MAX_CLIENT_FRAME_BYTES)
            .handshakeTimeoutMillis(10_000)
            .build();

    /** @param keepAlive how connections are pinged, and when a silent one is dropped */
    public ClientEndpoint(ClientServices services, KeepAlive.Settings keepAlive) {
        this.services = services;
        this.keepAlive = keepAlive;
    }

    public void configure(ChannelPipeline pipeline) {
        // First, so that every byte read counts as life.
        pipeline.addFirst(KeepAlive.NAME, new KeepAlive(keepAlive));
        pipeline.addLast(FRAME_LIMIT, FrameRateLimiter.forClients(CODEC))
                .addLast(WEBSOCKET, new WebSocketServerProtocolHandler(webSocketConfig))
                .addLast(LingeringClose.NAME, LingeringClose.installer())
                .addLast(FRAME_AGGREGATOR, new OversizeClosingFrameAggregator(Limits.MAX_CLIENT_FRAME_BYTES))
                .addLast(SESSION, new ClientSessionHandler(services));
    }
}
