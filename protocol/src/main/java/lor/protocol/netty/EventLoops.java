package lor.protocol.netty;

import java.util.concurrent.ThreadFactory;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

/** Event loop groups named after what they serve, so thread dumps and log lines say whose thread it is. */
public final class EventLoops {

    private EventLoops() {
    }

    public static EventLoopGroup create(String name, int threads) {
        ThreadFactory factory = new DefaultThreadFactory(name, true);
        return new MultiThreadIoEventLoopGroup(threads, factory, NioIoHandler.newFactory());
    }
}
