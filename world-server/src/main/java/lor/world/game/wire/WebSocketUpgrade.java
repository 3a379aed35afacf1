package lor.world.game.wire;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.function.Supplier;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;
import lor.protocol.netty.HttpResponses;
import lor.protocol.netty.KeepAlive;

/**
 * The WebSocket opening handshake of the game endpoint (RFC 6455, section 4.2), and the switch to {@link GameWire}:
 * answers a valid upgrade request for {@code path} with 101 and replaces every handler from {@code firstHttpHandler}
 * on (the HTTP codec and what guards the HTTP phase), and the HTTP phase's {@link KeepAlive}, with one wire. Bytes
 * that arrived behind the request are handed to the wire, not lost. Anything else is answered as a web server would:
 * 404 for another path; and, closing the connection, 403 for a method other than GET, 426 naming version 13 for
 * another version, 400 for a request that is no upgrade.
 */
public final class WebSocketUpgrade extends ChannelInboundHandlerAdapter {

    private static final String ACCEPT_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

    private final String path;
    private final String firstHttpHandler;
    private final Supplier<ChannelHandler> wire;

    /**
     * @param firstHttpHandler the name of the first handler of the HTTP phase (its codec): it and all after it go
     * @param wire             makes the connection's wire, once the handshake is answered
     */
    public WebSocketUpgrade(String path, String firstHttpHandler, Supplier<ChannelHandler> wire) {
        this.path = path;
        this.firstHttpHandler = firstHttpHandler;
        this.wire = wire;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            upgrade(ctx, request);
        } finally {
            ReferenceCountUtil.release(request);
        }
    }

    private void upgrade(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (!path.equals(new QueryStringDecoder(request.uri()).path())) {
            HttpResponses.notFound(ctx, request);
            return;
        }
        HttpHeaders headers = request.headers();
        if (!HttpMethod.GET.equals(request.method())) {
            HttpResponses.sendAndClose(ctx, HttpResponseStatus.FORBIDDEN, HttpResponses.TEXT,
                    "a WebSocket upgrade is a GET\n");
            return;
        }
        String key = headers.get(HttpHeaderNames.SEC_WEBSOCKET_KEY);
        if (!headers.containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true)
                || !headers.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true)
                || key == null || key.isBlank()) {
            HttpResponses.sendAndClose(ctx, HttpResponseStatus.BAD_REQUEST, HttpResponses.TEXT,
                    "not a WebSocket upgrade: Upgrade, Connection and Sec-WebSocket-Key are required\n");
            return;
        }
        if (!"13".equals(headers.get(HttpHeaderNames.SEC_WEBSOCKET_VERSION))) {
            FullHttpResponse refusal = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.UPGRADE_REQUIRED);
            refusal.headers().set(HttpHeaderNames.SEC_WEBSOCKET_VERSION, "13")
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
            ctx.writeAndFlush(refusal).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        FullHttpResponse switching = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.SWITCHING_PROTOCOLS);
        switching.headers().set(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET)
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE)
                .set(HttpHeaderNames.SEC_WEBSOCKET_ACCEPT, accept(key.trim()));
        // Encoded by the HTTP codec now, before it goes.
        ctx.writeAndFlush(switching);
        ChannelPipeline pipeline = ctx.pipeline();
        // The wire's sweep keeps the connection alive from now on: the HTTP phase's idle timer goes too.
        if (pipeline.get(KeepAlive.NAME) != null) {
            pipeline.remove(KeepAlive.NAME);
        }
        removeAfterCodec(pipeline);
        // Replacing the codec hands the bytes it holds beyond the request to the wire.
        pipeline.replace(firstHttpHandler, GameWire.NAME, wire.get());
    }

    /** Removes every handler between the HTTP codec and the end of the pipeline, this one too. */
    private void removeAfterCodec(ChannelPipeline pipeline) {
        List<String> names = pipeline.names();
        int codec = names.indexOf(firstHttpHandler);
        for (int i = names.size() - 1; i > codec; i--) {
            String name = names.get(i);
            if (pipeline.context(name) != null) {
                pipeline.remove(name);
            }
        }
    }

    /** The {@code Sec-WebSocket-Accept} of {@code key}: SHA-1 of it and the protocol's GUID, in base64. */
    static String accept(String key) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] digest = sha1.digest((key + ACCEPT_GUID).getBytes(StandardCharsets.US_ASCII));
            return Base64.getEncoder().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-1", e);
        }
    }
}
