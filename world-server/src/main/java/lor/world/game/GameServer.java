package lor.world.game;

import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.ThreadLocalRandom;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.unix.Errors;
import lor.protocol.netty.PortRange;

/** The world's game endpoint: binds, reports its port, closes. */
public final class GameServer {

    static final int LOW_WATER_MARK = 128 * 1024;
    static final int HIGH_WATER_MARK = 256 * 1024;
    private static final int EADDRINUSE = 98;

    private final Channel channel;

    private GameServer(Channel channel) {
        this.channel = channel;
    }

    public static GameServer bind(String address, int port, GameChannelInitializer initializer,
                                  GameTransport transport, EventLoopGroup boss, EventLoopGroup workers)
            throws InterruptedException {
        return bind(address, port == 0 ? PortRange.ANY : new PortRange(port, port), initializer, transport, boss,
                workers);
    }

    /**
     * Binds the first free port of {@code ports}, trying them in turn from a random one, so that worlds starting
     * together do not all race for the range's first port.
     *
     * @throws IllegalStateException when every port of the range is taken
     */
    public static GameServer bind(String address, PortRange ports, GameChannelInitializer initializer,
                                  GameTransport transport, EventLoopGroup boss, EventLoopGroup workers)
            throws InterruptedException {
        if (ports.any()) {
            return bindPort(address, 0, initializer, transport, boss, workers);
        }
        int start = ThreadLocalRandom.current().nextInt(ports.size());
        for (int i = 0; i < ports.size(); i++) {
            int port = ports.first() + (start + i) % ports.size();
            try {
                return bindPort(address, port, initializer, transport, boss, workers);
            } catch (Exception e) {
                // Netty rethrows the bind's checked exception undeclared.
                if (!isAddressInUse(e)) {
                    throw e;
                }
            }
        }
        throw new IllegalStateException("every game port of " + ports + " on " + address + " is taken");
    }

    private static GameServer bindPort(String address, int port, GameChannelInitializer initializer,
                                       GameTransport transport, EventLoopGroup boss, EventLoopGroup workers)
            throws InterruptedException {
        Channel channel = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
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

    /** Java's BindException from NIO; an errno from the native transports (EADDRINUSE, 98 on Linux). */
    private static boolean isAddressInUse(Exception e) {
        return e instanceof BindException
                || e instanceof Errors.NativeIoException n && n.expectedErr() == -EADDRINUSE;
    }

    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Stops accepting new players; connected ones stay until the runtime closes them. */
    public void stopAccepting() {
        channel.close().awaitUninterruptibly();
    }
}
