package lor.director.http;

import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;

/**
 * What browsers expect on every response of the director's port, placed right after the HTTP codec so that it sees
 * every answer whoever writes it (the router, the API, the origin guard's 403, the aggregator's 413):
 * {@code Content-Security-Policy}, {@code X-Content-Type-Options: nosniff} and {@code Referrer-Policy: no-referrer}.
 * It steps aside once the connection is upgraded to a WebSocket (the {@code 101} response).
 * <p>
 * A page ({@code text/html}) may load scripts, styles and images of its own origin only, no inline code, no
 * {@code eval} (TeaVM's {@code sim.js} needs none, nor WebAssembly), and be framed by nobody. It connects to the
 * director ({@code 'self'}) and to the worlds' {@code /game}: those are on other ports of the public host, or at a
 * {@code --public-game-url} template, or at an Agones node's address, and with several directors on one database a
 * page is handed the worlds of the others at their own hosts; so the worlds are allowed as any WebSocket URL rather
 * than by host ({@code ws:} and {@code wss:} only: no other origin for {@code fetch}), and on a page served over
 * https as {@code wss:} alone (a browser refuses {@code ws:} from https anyway). A host list would add little:
 * script that got into the page could leave by navigation, which no policy stops; keeping script out
 * ({@code script-src 'self'}) is what protects the password. Anything else (JSON, scripts, the favicon) gets a policy
 * that allows nothing, in case it is ever opened as a document.
 */
@ChannelHandler.Sharable
final class SecurityHeaders extends ChannelOutboundHandlerAdapter {

    /** What anything but a page may do: nothing. */
    static final String NOTHING = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    static final String CONTENT_TYPE_OPTIONS = "X-Content-Type-Options";
    static final String REFERRER_POLICY = "Referrer-Policy";

    private final String pagePolicy;

    /** @param tls whether the port serves https (and its page then connects to wss only) */
    SecurityHeaders(boolean tls) {
        this.pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self' "
                + (tls ? "wss:" : "ws: wss:") + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    }

    String pagePolicy() {
        return pagePolicy;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof HttpResponse response) {
            if (response.status().code() == HttpResponseStatus.SWITCHING_PROTOCOLS.code()) {
                ctx.write(msg, promise);
                ctx.pipeline().remove(this);
                return;
            }
            if (response.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
                ctx.write(msg, promise); // 100 Continue: the final answer carries them
                return;
            }
            HttpHeaders headers = response.headers();
            String type = headers.get(HttpHeaderNames.CONTENT_TYPE);
            headers.set(HttpHeaderNames.CONTENT_SECURITY_POLICY,
                    type != null && type.startsWith("text/html") ? pagePolicy : NOTHING)
                    .set(CONTENT_TYPE_OPTIONS, "nosniff")
                    .set(REFERRER_POLICY, "no-referrer");
        }
        ctx.write(msg, promise);
    }
}
