package lor.protocol.netty;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.SslHandler;

/**
 * Plain HTTP answers, written with keep-alive handled the same way everywhere. An answer to {@code HEAD} carries the
 * headers the same {@code GET} would (its {@code Content-Length} included) and no body.
 */
public final class HttpResponses {

    public static final String JSON = "application/json; charset=utf-8";
    public static final String TEXT = "text/plain; charset=utf-8";

    private HttpResponses() {
    }

    public static void send(ChannelHandlerContext ctx, HttpRequest request, HttpResponseStatus status,
                            String contentType, String body) {
        send(ctx, request, status, contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    public static void send(ChannelHandlerContext ctx, HttpRequest request, HttpResponseStatus status,
                            String contentType, byte[] body) {
        write(ctx, request, response(status, contentType, body));
    }

    /** An answer not to be stored by any cache, for the caller to add headers to and {@link #write}. */
    public static FullHttpResponse response(HttpResponseStatus status, String contentType, byte[] body) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(body));
        response.headers()
                .set(HttpHeaderNames.CONTENT_TYPE, contentType)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        return response;
    }

    /**
     * Writes {@code response} to {@code request}: its {@code Content-Length} from its content (a 304 has none), the
     * body dropped for a {@code HEAD}, and the connection kept or closed as the request asked.
     */
    public static void write(ChannelHandlerContext ctx, HttpRequest request, FullHttpResponse response) {
        FullHttpResponse out = response;
        if (response.status().code() != HttpResponseStatus.NOT_MODIFIED.code()) {
            response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        }
        if (HttpMethod.HEAD.equals(request.method())) {
            out = response.replace(Unpooled.EMPTY_BUFFER);
            response.release();
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        if (keepAlive) {
            out.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(out);
        } else {
            out.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(out).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Answers and closes the connection whatever the request asked for: a refusal ends the conversation. */
    public static void sendAndClose(ChannelHandlerContext ctx, HttpResponseStatus status, String contentType,
                                    String body) {
        ctx.writeAndFlush(closing(status, contentType, body)).addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * Like {@link #sendAndClose}, for a request that was not read to its end (a request line or headers too long):
     * the way {@link LingeringClose} ends a WebSocket, the connection is half-closed after the answer, and what the
     * client still sends is read and dropped until it hangs up, for at most {@link LingeringClose#LINGER_MILLIS}.
     * Closed at once, the socket would hold the client's unread bytes, the kernel would answer them with a reset,
     * and a reset can reach the client before it has read the answer.
     */
    public static void sendAndLinger(ChannelHandlerContext ctx, HttpResponseStatus status, String contentType,
                                     String body) {
        Channel channel = ctx.channel();
        ctx.writeAndFlush(closing(status, contentType, body)).addListener(written -> {
            if (!written.isSuccess() || !(channel instanceof DuplexChannel duplex) || !duplex.isActive()
                    || channel.pipeline().get(SslHandler.class) != null) {
                // Over TLS the close goes through the pipeline, for its close_notify.
                channel.close();
                return;
            }
            // Reading on is how the client's hang-up is seen; the codec drops whatever follows a request it refused.
            channel.config().setAutoRead(true);
            duplex.shutdownOutput();
            channel.eventLoop().schedule(() -> channel.close(), LingeringClose.LINGER_MILLIS, TimeUnit.MILLISECONDS);
        });
    }

    private static FullHttpResponse closing(HttpResponseStatus status, String contentType, String body) {
        FullHttpResponse response = response(status, contentType, body.getBytes(StandardCharsets.UTF_8));
        response.headers()
                .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        return response;
    }

    public static void notFound(ChannelHandlerContext ctx, HttpRequest request) {
        send(ctx, request, HttpResponseStatus.NOT_FOUND, TEXT, "not found\n");
    }
}
