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

    static final int LOW_WATER_MARK = 128 * 1024;
    static final int HIGH_WATER_MARK = 256 * 1024;

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
                // Above 256 KiB queued a connection is "not writable": broadcasts skip it until it is back under
                // 128 KiB. Its cut-off, at 1 MiB or after 10 s above the mark, is UnwritableGuard's.
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                        new WriteBufferWaterMark(LOW_WATER_MARK, HIGH_WATER_MARK))
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
