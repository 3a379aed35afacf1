package lor.protocol.netty;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;

/** A server on 127.0.0.1 for tests over real sockets: one event loop, the test's pipeline, its first connection. */
final class LoopbackServer implements AutoCloseable {

    private final EventLoopGroup group;
    private final Channel server;
    private final CompletableFuture<Channel> accepted = new CompletableFuture<>();

    private LoopbackServer(String name, Consumer<ChannelPipeline> pipeline) throws InterruptedException {
        group = EventLoops.create(name, 1);
        server = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        accepted.complete(ch);
                        pipeline.accept(ch.pipeline());
                    }
                })
                .bind("127.0.0.1", 0).sync().channel();
    }

    static LoopbackServer start(String name, Consumer<ChannelPipeline> pipeline) throws InterruptedException {
        return new LoopbackServer(name, pipeline);
    }

    InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    /** The server's side of the first connection it accepted. */
    Channel accepted(Duration timeout) throws Exception {
        return accepted.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
