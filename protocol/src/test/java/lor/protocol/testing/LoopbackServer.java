package lor.protocol.testing;

import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.WebSocketFrameAggregator;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import lor.protocol.netty.EventLoops;

/**
 * The one stand-in server of every module's tests: a Netty server on 127.0.0.1 (a free port) with the test's
 * pipeline, playing a director, a world, or just the far end of a socket. It keeps the connections it accepted, so
 * a test can reach the server's side of one, and closing it drops them all at once, as a killed process does.
 */
public final class LoopbackServer implements AutoCloseable {

    /** What an HTTP request (the WebSocket upgrade included) may hold, aggregated. */
    private static final int HTTP_REQUEST_BYTES = 64 * 1024;

    private final EventLoopGroup group;
    private final boolean ownsGroup;
    private final Channel server;
    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final AtomicInteger opened = new AtomicInteger();
    private final CompletableFuture<Channel> firstAccepted = new CompletableFuture<>();

    private LoopbackServer(Builder builder, Consumer<ChannelPipeline> pipeline) throws InterruptedException {
        ownsGroup = builder.group == null;
        group = ownsGroup ? EventLoops.create(builder.name, 1) : builder.group;
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        connections.add(ch);
                        opened.incrementAndGet();
                        firstAccepted.complete(ch);
                        pipeline.accept(ch.pipeline());
                    }
                });
        if (builder.receiveBuffer > 0) {
            bootstrap.childOption(ChannelOption.SO_RCVBUF, builder.receiveBuffer);
        }
        server = bootstrap.bind("127.0.0.1", 0).sync().channel();
    }

    /** A server on an event loop of its own, named {@code name}, running {@code pipeline} on each connection. */
    public static LoopbackServer start(String name, Consumer<ChannelPipeline> pipeline) throws InterruptedException {
        return named(name).start(pipeline);
    }

    public static Builder named(String name) {
        return new Builder(name);
    }

    /**
     * A WebSocket endpoint at {@code path}: HTTP, the upgrade, frames of at most {@code maxFramePayload} bytes
     * (aggregated into messages of at most {@code maxMessageBytes}, or left as they come when 0), then a new
     * {@code handler} per connection. Other paths reach the handler as full HTTP requests.
     */
    public static Consumer<ChannelPipeline> webSocket(String path, int maxFramePayload, int maxMessageBytes,
            Supplier<? extends ChannelHandler> handler) {
        WebSocketServerProtocolConfig config = WebSocketServerProtocolConfig.newBuilder()
                .websocketPath(path)
                .maxFramePayloadLength(maxFramePayload)
                .build();
        return pipeline -> {
            pipeline.addLast(new HttpServerCodec())
                    .addLast(new HttpObjectAggregator(HTTP_REQUEST_BYTES))
                    .addLast(new WebSocketServerProtocolHandler(config));
            if (maxMessageBytes > 0) {
                pipeline.addLast(new WebSocketFrameAggregator(maxMessageBytes));
            }
            pipeline.addLast(handler.get());
        };
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    public int port() {
        return address().getPort();
    }

    /** {@code ws://127.0.0.1:port} and {@code path}. */
    public URI webSocketUrl(String path) {
        return URI.create("ws://127.0.0.1:" + port() + path);
    }

    /** The server's side of the first connection it accepted. */
    public Channel accepted(Duration timeout) throws Exception {
        return firstAccepted.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The connections accepted and still open. */
    public ChannelGroup connections() {
        return connections;
    }

    /** Connections accepted so far, open or not. */
    public int connectionsOpened() {
        return opened.get();
    }

    /** Stops listening and drops every connection; the event loop goes too when it is the server's own. */
    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        connections.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        if (ownsGroup) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        }
    }

    /** Where the server runs and how its connections are set up, before it starts. */
    public static final class Builder {

        private final String name;
        private EventLoopGroup group;
        private int receiveBuffer;

        private Builder(String name) {
            this.name = name;
        }

        /** On {@code shared} event loops, which the caller shuts down, instead of a loop of its own. */
        public Builder on(EventLoopGroup shared) {
            this.group = shared;
            return this;
        }

        /** A fixed receive buffer per connection, not autotuned: for tests of what a peer that stops reading does. */
        public Builder receiveBuffer(int bytes) {
            this.receiveBuffer = bytes;
            return this;
        }

        public LoopbackServer start(Consumer<ChannelPipeline> pipeline) throws InterruptedException {
            return new LoopbackServer(this, pipeline);
        }
    }
}
