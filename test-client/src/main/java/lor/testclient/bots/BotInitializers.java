package lor.testclient.bots;

import java.net.URI;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketClientProtocolHandler;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;

/**
 * The two pipelines of a bot: to the director's {@code /ws} (log in, join) and to the world's {@code /game}. The
 * game pipeline starts with the {@link ByteCounter}, so that it sees the raw bytes read and written, WebSocket
 * framing included.
 */
final class BotInitializers {

    static final String BYTE_COUNTER = "byte-counter";
    static final String HTTP_CODEC = "http-codec";
    static final String HTTP_AGGREGATOR = "http-aggregator";
    static final String WEBSOCKET = "websocket";
    static final String FRAME_AGGREGATOR = "frame-aggregator";
    static final String BOT = "bot";

    /** Generous: on a first run the director's password hashing can hold every core for minutes. */
    static final int HANDSHAKE_TIMEOUT_MS = 30_000;
    /** Upgrade responses are small. */
    private static final int MAX_HTTP_RESPONSE_BYTES = 64 * 1024;
    /** The largest message a bot accepts: a big world's {@code map} is the largest one. */
    private static final int MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
    /** The world writes messages in fragments of at most 1 MiB ({@code MessageFrames.FRAGMENT_BYTES}). */
    private static final int MAX_FRAME_BYTES = 4 * 1024 * 1024;

    private BotInitializers() {
    }

    static ChannelInitializer<SocketChannel> director(URI url, ChannelHandler handler) {
        WebSocketClientProtocolConfig config = config(url);
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline()
                        .addLast(HTTP_CODEC, new HttpClientCodec())
                        .addLast(HTTP_AGGREGATOR, new HttpObjectAggregator(MAX_HTTP_RESPONSE_BYTES))
                        .addLast(WEBSOCKET, new WebSocketClientProtocolHandler(config))
                        .addLast(FRAME_AGGREGATOR, new WebSocketFrameAggregator(MAX_MESSAGE_BYTES))
                        .addLast(BOT, handler);
            }
        };
    }

    static ChannelInitializer<SocketChannel> game(URI url, ByteCounter counter, ChannelHandler handler) {
        WebSocketClientProtocolConfig config = config(url);
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline()
                        .addLast(BYTE_COUNTER, counter)
                        .addLast(HTTP_CODEC, new HttpClientCodec())
                        .addLast(HTTP_AGGREGATOR, new HttpObjectAggregator(MAX_HTTP_RESPONSE_BYTES))
                        .addLast(WEBSOCKET, new WebSocketClientProtocolHandler(config))
                        .addLast(FRAME_AGGREGATOR, new WebSocketFrameAggregator(MAX_MESSAGE_BYTES))
                        .addLast(BOT, handler);
            }
        };
    }

    private static WebSocketClientProtocolConfig config(URI url) {
        return WebSocketClientProtocolConfig.newBuilder()
                .webSocketUri(url)
                // No Origin: bots are no browser page; the endpoints refuse origins they do not serve.
                .generateOriginHeader(false)
                .maxFramePayloadLength(MAX_FRAME_BYTES)
                .handshakeTimeoutMillis(HANDSHAKE_TIMEOUT_MS)
                .build();
    }
}
