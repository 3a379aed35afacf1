package lor.world.game;

import java.util.Locale;
import java.util.concurrent.ThreadFactory;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.uring.IoUring;
import io.netty.channel.uring.IoUringIoHandler;
import io.netty.channel.uring.IoUringServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the game port's sockets reach the kernel: Java's NIO, Linux's epoll, or io_uring, through Netty's transports.
 * Chosen with the {@value #PROPERTY} system property ({@code --world-jvm-options "-Dlor.world.transport=nio"} on the
 * director); the default is {@link #DEFAULT}, from the measurements in docs/benchmarks.md. A native transport this
 * host cannot run (another OS, a kernel without io_uring, a seccomp policy that forbids it) falls back to NIO with a
 * log line saying why, so that a world always starts.
 */
public enum GameTransport {

    NIO, EPOLL, IO_URING;

    static final String PROPERTY = "lor.world.transport";
    static final GameTransport DEFAULT = EPOLL;

    private static final Logger LOG = LoggerFactory.getLogger(GameTransport.class);

    /** The transport of {@value #PROPERTY}, or the default, or NIO where the chosen one is not available here. */
    public static GameTransport configured() {
        GameTransport wanted = parse(System.getProperty(PROPERTY));
        Throwable missing = wanted.unavailability();
        if (missing == null) {
            return wanted;
        }
        LOG.warn("game transport {} is not available on this host ({}); using nio", wanted.label(),
                missing.toString());
        return NIO;
    }

    static GameTransport parse(String configured) {
        if (configured == null || configured.isBlank()) {
            return DEFAULT;
        }
        for (GameTransport transport : values()) {
            if (transport.label().equals(configured.trim().toLowerCase(Locale.ROOT))) {
                return transport;
            }
        }
        throw new IllegalArgumentException(
                "-D" + PROPERTY + " must be nio, epoll or io_uring, not \"" + configured + "\"");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Null when this transport runs here; else the reason it does not. */
    private Throwable unavailability() {
        return switch (this) {
            case NIO -> null;
            case EPOLL -> Epoll.unavailabilityCause();
            case IO_URING -> IoUring.unavailabilityCause();
        };
    }

    public EventLoopGroup eventLoops(String name, int threads) {
        ThreadFactory factory = new DefaultThreadFactory(name, true);
        return new MultiThreadIoEventLoopGroup(threads, factory, ioHandlers());
    }

    private IoHandlerFactory ioHandlers() {
        return switch (this) {
            case NIO -> NioIoHandler.newFactory();
            case EPOLL -> EpollIoHandler.newFactory();
            case IO_URING -> IoUringIoHandler.newFactory();
        };
    }

    public Class<? extends ServerChannel> serverChannel() {
        return switch (this) {
            case NIO -> NioServerSocketChannel.class;
            case EPOLL -> EpollServerSocketChannel.class;
            case IO_URING -> IoUringServerSocketChannel.class;
        };
    }
}
