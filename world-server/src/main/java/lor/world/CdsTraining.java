package lor.world;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketServerProtocolHandler;
import lor.protocol.netty.EventLoops;
import lor.protocol.ticket.Ticket;
import lor.protocol.ticket.TicketSigner;

/**
 * Run once at package time with {@code -XX:ArchiveClassesAtExit}: starts a world (map {@code start}, NPCs, the
 * game endpoint, a control client that completes its WebSocket handshake with a stand-in director and registers),
 * lets one player in and out, ticks for a moment and stops it, so that the class-data-sharing archive holds what a
 * real world start loads. Not used at run time.
 */
public final class CdsTraining {

    private static final long REGISTERED_WITHIN_MILLIS = 10_000;

    private CdsTraining() {
    }

    public static void main(String[] args) throws Exception {
        Spare.warmUp();
        EventLoopGroup standInGroup = EventLoops.create("training-director", 1);
        StandInDirector director = StandInDirector.start(standInGroup);
        WorldConfig config = WorldConfig.parse(new String[] {"--world-id", "training",
            "--control-url", "ws://127.0.0.1:" + director.port() + "/control", "--map", "start", "--npcs", "24",
            "--shutdown-ack-timeout-ms", "100"},
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, "training", WorldConfig.ENV_TICKET_SECRET,
                        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
        WorldServer server = WorldServer.start(config);
        // The control client's handshake and registration: without them most of a cold start's connection to the
        // director ran on classes outside the archive.
        if (!director.awaitRegistration(REGISTERED_WITHIN_MILLIS)) {
            System.err.println("CDS training: the world did not register; the archive lacks the control client's "
                    + "handshake classes");
        }
        server.runtime().hydrate(0, null);
        // A player's first connection too: the upgrade, the ticket check and the welcome.
        TicketSigner signer = TicketSigner.fromEncodedSecret(config.ticketSecret());
        try {
            LoopbackPlayer.enterAndLeave(server.gamePort(), signer.sign(new Ticket(1, config.worldId(),
                    System.currentTimeMillis() + 60_000, "training")));
        } catch (IOException e) {
            System.err.println("CDS training: the loopback player did not get in (" + e.getMessage()
                    + "); the archive lacks the game connection's classes");
        }
        TimeUnit.MILLISECONDS.sleep(500);
        server.shutdown("training done").get(10, TimeUnit.SECONDS);
        director.close();
        standInGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        System.exit(0);
    }

    /** Accepts the world's control WebSocket and its first message, and answers nothing. */
    private static final class StandInDirector {

        private final CountDownLatch registered = new CountDownLatch(1);
        private Channel channel;

        static StandInDirector start(EventLoopGroup group) throws InterruptedException {
            StandInDirector director = new StandInDirector();
            director.channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline()
                                    .addLast(new HttpServerCodec())
                                    .addLast(new HttpObjectAggregator(64 * 1024))
                                    .addLast(new WebSocketServerProtocolHandler("/control"))
                                    .addLast(director.new FirstMessage());
                        }
                    })
                    .bind("127.0.0.1", 0).sync().channel();
            return director;
        }

        int port() {
            return ((InetSocketAddress) channel.localAddress()).getPort();
        }

        boolean awaitRegistration(long millis) throws InterruptedException {
            return registered.await(millis, TimeUnit.MILLISECONDS);
        }

        void close() {
            channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }

        private final class FirstMessage extends SimpleChannelInboundHandler<TextWebSocketFrame> {
            @Override
            protected void channelRead0(ChannelHandlerContext ctx, TextWebSocketFrame frame) {
                registered.countDown();
            }
        }
    }
}
