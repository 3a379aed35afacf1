package lor.director.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import lor.director.client.ClientEndpoint;
import lor.director.control.ControlEndpoint;
import lor.protocol.netty.HttpResponses;

/**
 * The first handler after the HTTP codec: a WebSocket upgrade to {@code /ws} or {@code /control} turns the
 * connection into that endpoint (the router steps aside and replays the upgrade request to it); anything else is
 * plain HTTP for {@link ApiHandler}.
 */
final class EndpointRouter extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final ClientEndpoint clients;
    private final ControlEndpoint control;
    private final ApiHandler api;

    EndpointRouter(ClientEndpoint clients, ControlEndpoint control, ApiHandler api) {
        super(false);
        this.clients = clients;
        this.control = control;
        this.api = api;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (request.decoderResult().isFailure()) {
            refuseUnreadable(ctx, request);
            return;
        }
        String path;
        try {
            path = new QueryStringDecoder(request.uri()).path();
        } catch (IllegalArgumentException e) {
            // A malformed escape (%zz) in the path.
            request.release();
            HttpResponses.sendAndClose(ctx, HttpResponseStatus.BAD_REQUEST, HttpResponses.TEXT,
                    "malformed request path\n");
            return;
        }
        boolean upgrade = request.headers().containsValue(HttpHeaderNames.UPGRADE, HttpHeaderValues.WEBSOCKET, true);
        if (upgrade && (path.equals(ClientEndpoint.PATH) || path.equals(ControlEndpoint.PATH))) {
            if (path.equals(ClientEndpoint.PATH)) {
                clients.configure(ctx.pipeline());
            } else {
                control.configure(ctx.pipeline());
            }
            ctx.pipeline().remove(this);
            ctx.fireChannelRead(request);
            return;
        }
        try {
            if (path.equals(ClientEndpoint.PATH) || path.equals(ControlEndpoint.PATH)) {
                HttpResponses.send(ctx, request, HttpResponseStatus.BAD_REQUEST, HttpResponses.TEXT,
                        "this path accepts WebSocket upgrades only\n");
            } else {
                api.handle(ctx, request, path);
            }
        } finally {
            request.release();
        }
    }

    /**
     * The codec could not read the request: its line or headers were too long, or it was not HTTP. Answered with
     * the status that says which, and closed: what follows on the connection cannot be trusted to be a request. The
     * client may still be sending the rest of it, so the connection lingers (see {@link HttpResponses#sendAndLinger}).
     */
    private static void refuseUnreadable(ChannelHandlerContext ctx, FullHttpRequest request) {
        Throwable cause = request.decoderResult().cause();
        request.release();
        if (cause instanceof TooLongHttpLineException) {
            refuse(ctx, HttpResponseStatus.REQUEST_URI_TOO_LONG, "request line too long\n");
        } else if (cause instanceof TooLongHttpHeaderException) {
            refuse(ctx, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "request headers too large\n");
        } else {
            refuse(ctx, HttpResponseStatus.BAD_REQUEST, "malformed request\n");
        }
    }

    private static void refuse(ChannelHandlerContext ctx, HttpResponseStatus status, String body) {
        HttpResponses.sendAndLinger(ctx, status, HttpResponses.TEXT, body);
    }
}
