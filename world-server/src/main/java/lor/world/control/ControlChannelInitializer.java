package lor.world.control;

import java.net.URI;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.ssl.SslContext;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.OversizeClosingFrameAggregator;
import lor.protocol.netty.Tls;

/** The pipeline of one control connection to the director at {@code url}, its {@link ControlSession} last. */
final class ControlChannelInitializer extends ChannelInitializer<SocketChannel> {

    static final String HTTP_CODEC = "http-codec";
    static final String HTTP_AGGREGATOR = "http-aggregator";
    static final String WEBSOCKET = "websocket";
    static final String FRAME_AGGREGATOR = "frame-aggregator";
    static final String CONTROL = "control";

    private final URI url;
    /** The director's TLS, pinned to its certificate, for a {@code wss://} URL; null for {@code ws://}. */
    private final SslContext tls;
    private final int maxMessageBytes;
    private final ControlSession session;
    private final WebSocketClientProtocolConfig webSocketConfig;

    ControlChannelInitializer(URI url, SslContext tls, int maxMessageBytes, ControlSession session) {
        this.url = url;
        this.tls = tls;
        this.maxMessageBytes = maxMessageBytes;
        this.session = session;
        this.webSocketConfig = WebSocketClientProtocolConfig.newBuilder()
                .webSocketUri(url)
                // No Origin: the director refuses /control requests from browsers, which always send one.
                .generateOriginHeader(false)
                .maxFramePayloadLength(MessageFrames.FRAGMENT_BYTES)
                .handshakeTimeoutMillis(10_000)
                .build();
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (tls != null) {
            ch.pipeline().addLast(Tls.HANDLER, tls.newHandler(ch.alloc(), url.getHost(), url.getPort()));
        }
        ch.pipeline()
                .addLast(HTTP_CODEC, new HttpClientCodec())
                .addLast(HTTP_AGGREGATOR, new HttpObjectAggregator(64 * 1024))
                .addLast(WEBSOCKET, new WebSocketClientProtocolHandler(webSocketConfig))
                .addLast(FRAME_AGGREGATOR, new OversizeClosingFrameAggregator(maxMessageBytes))
                .addLast(CONTROL, session);
    }
}
