package lor.testclient.bots;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * What the bots of one run share: the options, the one event-loop group, the histograms, the token cache, the
 * measurement window, and the join pacing ({@code --join-concurrency} bots joining at once: each bot that finishes
 * joining, or fails to, starts the next).
 */
final class Fleet {

    final BotsOptions options;
    final EventLoopGroup group;
    final FleetStats stats = new FleetStats();
    final MeasurementWindow window = new MeasurementWindow();
    final Map<String, String> tokens;
    final Bootstrap bootstrap;
    final Bot[] bots;
    /** Counted down once per bot when it has joined or failed to. */
    final CountDownLatch joinsDone;
    /** Counted down once per bot when its connections are closed at the end of the run. */
    final CountDownLatch closed;
    final AtomicInteger joined = new AtomicInteger();
    final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger nextJoin = new AtomicInteger();
    /** Set when the run is ending: no bot starts joining after it. */
    private volatile boolean joinsClosed;
    /** The origin of every bot's intent slots; bots walk once it is set. */
    private volatile long walkOrigin;
    private volatile boolean walking;

    Fleet(BotsOptions options, EventLoopGroup group, Map<String, String> cachedTokens) {
        this.options = options;
        this.group = group;
        this.tokens = new ConcurrentHashMap<>(cachedTokens);
        this.bootstrap = new Bootstrap()
                .channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 10_000)
                .option(ChannelOption.TCP_NODELAY, true);
        this.bots = new Bot[options.count()];
        for (int n = 0; n < bots.length; n++) {
            bots[n] = new Bot(n, this, group.next(), n < options.sampleBots());
        }
        this.joinsDone = new CountDownLatch(bots.length);
        this.closed = new CountDownLatch(bots.length);
    }

    void startJoins() {
        int first = Math.min(options.joinConcurrency(), bots.length);
        for (int i = 0; i < first; i++) {
            startNextJoin();
        }
    }

    /** Called by a bot, on its event loop, once: it has its {@code welcome}, or it gave up joining. */
    void joinFinished(boolean success) {
        (success ? joined : failed).incrementAndGet();
        joinsDone.countDown();
        startNextJoin();
    }

    /** Every bot that plays starts walking; bots that play later start when they get their map. */
    void startWalking(long originNanos) {
        walkOrigin = originNanos;
        walking = true;
        for (Bot bot : bots) {
            bot.loop().execute(bot::startWalking);
        }
    }

    boolean walking() {
        return walking;
    }

    long walkOrigin() {
        return walkOrigin;
    }

    void closeJoins() {
        joinsClosed = true;
    }

    private void startNextJoin() {
        if (joinsClosed) {
            return;
        }
        int n = nextJoin.getAndIncrement();
        if (n < bots.length) {
            bots[n].start();
        }
    }
}
