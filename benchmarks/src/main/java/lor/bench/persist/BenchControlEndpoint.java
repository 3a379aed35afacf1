package lor.bench.persist;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolConfig;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import lor.director.db.DataAccessException;
import lor.director.world.store.SnapshotRepository;
import lor.protocol.Limits;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.netty.EventLoops;
import lor.protocol.netty.MessageFrames;
import lor.protocol.netty.OversizeClosingFrameAggregator;

/**
 * The director's end of the {@code /control} WebSocket, as far as snapshots go, for {@link SnapshotPersistBench}.
 *
 * <p>The director's own {@code ControlSessionHandler} and {@code WorldSupervisor} accept only a world process the
 * director spawned itself (its spawn token reaches nobody else), so this bench cannot connect a world it built in
 * process to them. This stand-in reproduces their snapshot path with the same pieces: the same
 * {@link WebSocketServerProtocolConfig} as {@code ControlEndpoint} (1 MiB frames), the client-size aggregator until
 * {@code world_register} and then the 256 MiB one ({@code --max-snapshot-bytes} default), the director's
 * {@link ControlMessages#directorCodec() codec}; on {@code world_snapshot} it takes the state's text on the event
 * loop as {@code WorldSupervisor.onSnapshot} does, stores it with the real {@link SnapshotRepository} on a blocking
 * pool (as {@code persist} does) and then writes {@code snapshot_ack} as {@code ControlSessionHandler} does.
 * Registration is answered with an empty {@code world_hydrate}; nothing else is implemented.
 */
final class BenchControlEndpoint implements AutoCloseable {

    /** Director-side timestamps of the first copy of one snapshot, {@link System#nanoTime()}. */
    record Arrival(long received, long decoded, long persistStarted, long committed, boolean written) {
    }

    private static final String AGGREGATOR = "control-frame-aggregator";

    private final SnapshotRepository snapshots;
    private final ExecutorService blocking;
    private final int maxSnapshotBytes;
    private final MessageCodec codec = ControlMessages.directorCodec();
    private final EventLoopGroup boss = EventLoops.create("bench-director-accept", 1);
    private final EventLoopGroup workers = EventLoops.create("bench-director-io", 0);
    /** By {@code worldId + "#" + seq}. */
    private final Map<String, Arrival> firstArrivals = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> copies = new ConcurrentHashMap<>();
    /** Snapshots received and not yet acknowledged. */
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong duplicatesStored = new AtomicLong();
    private final Channel server;

    BenchControlEndpoint(SnapshotRepository snapshots, ExecutorService blocking, int maxSnapshotBytes)
            throws InterruptedException {
        this.snapshots = snapshots;
        this.blocking = blocking;
        this.maxSnapshotBytes = maxSnapshotBytes;
        WebSocketServerProtocolConfig webSocket = WebSocketServerProtocolConfig.newBuilder()
                .websocketPath("/control")
                .maxFramePayloadLength(MessageFrames.FRAGMENT_BYTES)
                .handshakeTimeoutMillis(10_000)
                .build();
        server = new ServerBootstrap()
                .group(boss, workers)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline()
                                .addLast(new HttpServerCodec())
                                .addLast(new HttpObjectAggregator(16 * 1024))
                                .addLast(new WebSocketServerProtocolHandler(webSocket))
                                .addLast(AGGREGATOR, new OversizeClosingFrameAggregator(Limits.MAX_CLIENT_FRAME_BYTES))
                                .addLast(new Session());
                    }
                })
                .bind("127.0.0.1", 0)
                .sync()
                .channel();
    }

    String url() {
        return "ws://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort() + "/control";
    }

    Arrival arrival(String worldId, long seq) {
        return firstArrivals.get(key(worldId, seq));
    }

    /** How many times the world sent {@code seq}. */
    int copiesOf(String worldId, long seq) {
        AtomicInteger n = copies.get(key(worldId, seq));
        return n == null ? 0 : n.get();
    }

    int inFlight() {
        return inFlight.get();
    }

    long received() {
        return received.get();
    }

    long duplicatesStored() {
        return duplicatesStored.get();
    }

    private static String key(String worldId, long seq) {
        return worldId + "#" + seq;
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    private final class Session extends SimpleChannelInboundHandler<TextWebSocketFrame> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
            long receivedAt = System.nanoTime();
            Message message;
            try {
                message = codec.decode(frame.text());
            } catch (ProtocolException e) {
                System.err.println("bench director: unreadable control message: " + e.getMessage());
                return;
            }
            if (message instanceof WorldRegisterMessage register) {
                ctx.pipeline().replace(AGGREGATOR, AGGREGATOR, new OversizeClosingFrameAggregator(maxSnapshotBytes));
                MessageFrames.writeText(ctx.channel(), codec.encode(new WorldHydrateMessage(register.worldId(), 0,
                        null)));
            } else if (message instanceof WorldSnapshotMessage snapshot) {
                received.incrementAndGet();
                inFlight.incrementAndGet();
                copies.computeIfAbsent(key(snapshot.worldId(), snapshot.seq()), k -> new AtomicInteger())
                        .incrementAndGet();
                // WorldSupervisor.onSnapshot: the state as the codec kept it, the text the world sent.
                String json = snapshot.state().text();
                long decodedAt = System.nanoTime();
                Channel channel = ctx.channel();
                blocking.execute(() -> persist(channel, snapshot, json, receivedAt, decodedAt));
            }
        }

        private void persist(Channel channel, WorldSnapshotMessage snapshot, String json, long receivedAt,
                             long decodedAt) {
            try {
                long started = System.nanoTime();
                // The bench's worlds are never claimed: epoch 0 is theirs.
                boolean written = snapshots.store(snapshot.worldId(), 0, snapshot.seq(), json)
                        == SnapshotRepository.Outcome.WRITTEN;
                long committed = System.nanoTime();
                if (!written) {
                    duplicatesStored.incrementAndGet();
                }
                Arrival arrival = new Arrival(receivedAt, decodedAt, started, committed, written);
                String key = key(snapshot.worldId(), snapshot.seq());
                if (written) {
                    firstArrivals.put(key, arrival);
                } else {
                    firstArrivals.putIfAbsent(key, arrival);
                }
                MessageFrames.writeText(channel, codec.encode(new SnapshotAckMessage(snapshot.worldId(),
                        snapshot.seq())));
            } catch (DataAccessException e) {
                System.err.println("bench director: snapshot seq " + snapshot.seq() + " not persisted: " + e);
            } finally {
                inFlight.decrementAndGet();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            System.err.println("bench director: control connection failed: " + cause);
            ctx.close();
        }
    }
}
