package lor.director.http;

import java.util.function.Supplier;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import lor.director.client.ClientEndpoint;
import lor.director.control.ControlEndpoint;
import lor.protocol.netty.ConnectionThrottle;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.OriginGuard;
import lor.protocol.netty.OriginPolicy;
import lor.protocol.netty.Tls;

/**
 * The pipeline of every connection to the director's port: a connection over its address's limits is closed at once;
 * then HTTP, under {@code HttpDeadlines} until it is upgraded, every answer carrying the {@link SecurityHeaders};
 * requests for {@code /ws} from a browser page of another origin, and for {@code /control} from any browser page, are
 * refused with 403; the router then either answers HTTP or installs the {@code /ws} ({@link ClientEndpoint}) or
 * {@code /control} ({@link ControlEndpoint}) pipeline.
 */
public final class DirectorChannelInitializer extends ChannelInitializer<SocketChannel> {

    static final String HTTP_CODEC = "http-codec";
    static final String SECURITY_HEADERS = "security-headers";
    static final String HTTP_DEADLINES = "http-deadlines";
    static final String HTTP_AGGREGATOR = "http-aggregator";
    static final String ORIGIN_GUARD = "origin-guard";
    static final String ROUTER = "router";

    /** No HTTP request of ours has a body; headers of an upgrade fit easily. */
    private static final int MAX_HTTP_REQUEST_BYTES = 16 * 1024;

    private final ClientEndpoint clients;
    private final ControlEndpoint control;
    private final ApiHandler api;
    private final Supplier<NetworkGuards> guards;
    private final ConnectionThrottle throttle;
    private final OriginGuard originGuard;
    private final SslContext tls;
    private final SecurityHeaders securityHeaders;

    /**
     * @param guards the port's guards; read per connection, since the allowed origins name the port, known only once
     *               it is bound (until then, nothing can connect)
     */
    public DirectorChannelInitializer(ClientEndpoint clients, ControlEndpoint control, ApiHandler api,
                                      Supplier<NetworkGuards> guards, ConnectionThrottle throttle) {
        this(clients, control, api, guards, throttle, null);
    }

    /** @param tls the port's TLS, or null for plain HTTP and WebSocket */
    public DirectorChannelInitializer(ClientEndpoint clients, ControlEndpoint control, ApiHandler api,
                                      Supplier<NetworkGuards> guards, ConnectionThrottle throttle, SslContext tls) {
        this.tls = tls;
        this.securityHeaders = new SecurityHeaders(tls != null);
        this.clients = clients;
        this.control = control;
        this.api = api;
        this.guards = guards;
        this.throttle = throttle;
        this.originGuard = new OriginGuard(path -> {
            if (path.equals(ClientEndpoint.PATH)) {
                return guards.get().originPolicy();
            }
            // Worlds are no browsers; a page that talks to /control is an attack.
            return path.equals(ControlEndpoint.PATH) ? OriginPolicy.NO_BROWSERS : null;
        });
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        if (!throttle.admit(ch)) {
            return;
        }
        ch.pipeline()
                .addLast(HTTP_CODEC, new HttpServerCodec())
                .addLast(SECURITY_HEADERS, securityHeaders)
                .addLast(HTTP_DEADLINES, guards.get().deadlines())
                .addLast(HTTP_AGGREGATOR, new HttpObjectAggregator(MAX_HTTP_REQUEST_BYTES))
                .addLast(ORIGIN_GUARD, originGuard)
                .addLast(ROUTER, new EndpointRouter(clients, control, api));
        if (tls != null) {
            Tls.install(ch.pipeline(), tls, ch.alloc());
        }
    }
}
