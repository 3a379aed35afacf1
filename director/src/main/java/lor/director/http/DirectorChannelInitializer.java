package lor.director.http;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import lor.director.client.ClientEndpoint;
import lor.director.control.ControlEndpoint;

/**
 * The pipeline of every connection to the director's port: HTTP first; the router then either answers HTTP or
 * installs the {@code /ws} ({@link ClientEndpoint}) or {@code /control} ({@link ControlEndpoint}) pipeline.
 */
public final class DirectorChannelInitializer extends ChannelInitializer<SocketChannel> {

    static final String HTTP_CODEC = "http-codec";
    static final String HTTP_AGGREGATOR = "http-aggregator";
    static final String ROUTER = "router";

    /** No HTTP request of ours has a body; headers of an upgrade fit easily. */
    private static final int MAX_HTTP_REQUEST_BYTES = 16 * 1024;

    private final ClientEndpoint clients;
    private final ControlEndpoint control;
    private final ApiHandler api;

    public DirectorChannelInitializer(ClientEndpoint clients, ControlEndpoint control, ApiHandler api) {
        this.clients = clients;
        this.control = control;
        this.api = api;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        ch.pipeline()
                .addLast(HTTP_CODEC, new HttpServerCodec())
                .addLast(HTTP_AGGREGATOR, new HttpObjectAggregator(MAX_HTTP_REQUEST_BYTES))
                .addLast(ROUTER, new EndpointRouter(clients, control, api));
    }
}
