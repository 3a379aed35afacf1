package lor.director.control;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import lor.director.world.WorldSupervisor;
import lor.protocol.Limits;
import lor.protocol.control.ControlMessages;
import lor.protocol.netty.FrameRateLimiter;
import lor.protocol.netty.LingeringClose;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.OversizeClosingFrameAggregator;

/** The pipeline of {@code /control}, installed after the HTTP codec once the router has seen the upgrade. */
public final class ControlEndpoint {

    public static final String PATH = "/control";
    /** Until the world (or spare) registers: a registered one sends snapshots, beats and status unthrottled. */
    static final String FRAME_LIMIT = "control-frame-limit";
    static final String WEBSOCKET = "control-websocket";
    static final String FRAME_AGGREGATOR = "control-frame-aggregator";
    static final String SESSION = "control-session";

    private final WorldSupervisor supervisor;
    private final int maxSnapshotBytes;
    private final long portalTimeoutMs;
    private final WebSocketServerProtocolConfig webSocketConfig = WebSocketServerProtocolConfig.newBuilder()
            .websocketPath(PATH)
            // Worlds fragment big messages into frames of this size; the aggregator bounds the whole message.
            .maxFramePayloadLength(MessageFrames.FRAGMENT_BYTES)
            .handshakeTimeoutMillis(10_000)
            .build();

    /** @param portalTimeoutMs how long a portal transfer may wait for its target world to start */
    public ControlEndpoint(WorldSupervisor supervisor, int maxSnapshotBytes, long portalTimeoutMs) {
        this.supervisor = supervisor;
        this.maxSnapshotBytes = maxSnapshotBytes;
        this.portalTimeoutMs = portalTimeoutMs;
    }

    public void configure(ChannelPipeline pipeline) {
        pipeline.addLast(FRAME_LIMIT, FrameRateLimiter.forClients(ControlMessages.directorCodec()))
                .addLast(WEBSOCKET, new WebSocketServerProtocolHandler(webSocketConfig))
                .addLast(LingeringClose.NAME, LingeringClose.installer())
                // Until a world registers, its messages are held to client size.
                .addLast(FRAME_AGGREGATOR, new OversizeClosingFrameAggregator(Limits.MAX_CLIENT_FRAME_BYTES))
                .addLast(SESSION, new ControlSessionHandler(supervisor, maxSnapshotBytes, portalTimeoutMs));
    }
}
