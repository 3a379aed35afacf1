package lor.world.game;

import java.net.InetSocketAddress;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.nio.NioServerSocketChannel;

/** The world's game endpoint: binds, reports its port, closes. */
public final class GameServer {

    private final Channel channel;

    private GameServer(Channel channel) {
        this.channel = channel;
    }

    public static GameServer bind(String address, int port, GameChannelInitializer initializer,
                                  EventLoopGroup boss, EventLoopGroup workers) throws InterruptedException {
        Channel channel = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 512)
                .childOption(ChannelOption.TCP_NODELAY, true)
                // Above 1 MiB queued a connection is "not writable": broadcasts skip it until it drains.
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                .childHandler(initializer)
                .bind(address, port)
                .sync()
                .channel();
        return new GameServer(channel);
    }

    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Stops accepting new players; connected ones stay until the runtime closes them. */
    public void stopAccepting() {
        channel.close().awaitUninterruptibly();
    }
}
