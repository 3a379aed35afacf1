package lor.protocol.netty;

import java.util.function.Function;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses, with {@code 403} and a closed connection, an HTTP request whose {@code Origin} its path's
 * {@link OriginPolicy} does not allow; nothing else about the request is looked at, and it reaches no further
 * handler. Paths without a policy pass. Sits after the HTTP aggregator; stateless, so one instance serves every
 * connection of a port.
 */
@ChannelHandler.Sharable
public final class OriginGuard extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(OriginGuard.class);

    private final Function<String, OriginPolicy> policyForPath;

    /** @param policyForPath the policy of a request path (without its query); null lets the request pass */
    public OriginGuard(Function<String, OriginPolicy> policyForPath) {
        this.policyForPath = policyForPath;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FullHttpRequest request) {
            OriginPolicy policy = policyForPath.apply(new QueryStringDecoder(request.uri()).path());
            String origin = request.headers().get(HttpHeaderNames.ORIGIN);
            if (policy != null && !policy.allows(origin)) {
                try {
                    LOG.debug("refused a request from {}: origin not allowed", ctx.channel().remoteAddress());
                    HttpResponses.sendAndClose(ctx, HttpResponseStatus.FORBIDDEN, HttpResponses.TEXT,
                            "origin not allowed\n");
                } finally {
                    request.release();
                }
                return;
            }
        }
        ctx.fireChannelRead(msg);
    }
}
