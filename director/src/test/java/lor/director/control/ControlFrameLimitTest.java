package lor.director.control;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import lor.director.DirectorMetrics;
import lor.director.world.WorldSupervisor;
import lor.director.world.admission.TicketIssuer;
import lor.director.world.lease.LocalLeases;
import lor.director.world.presence.Membership;
import lor.director.world.process.StandInWorlds;
import lor.director.world.store.WorldRepository;
import lor.protocol.ErrorMessage;
import lor.protocol.Limits;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.netty.FrameRateLimiter;
import lor.protocol.netty.OversizeClosingFrameAggregator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The frame budget of {@code /control} holds until the connection proves itself one of our processes (its spawn
 * token): a registered world or spare then sends snapshots, beats and status without limit. The pipeline is
 * {@link ControlEndpoint}'s after the upgrade; the spare is a stand-in process the supervisor started.
 */
class ControlFrameLimitTest {

    @TempDir
    Path dir;

    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    private final ExecutorService blocking = Executors.newFixedThreadPool(2);
    private StandInWorlds standIns;
    private WorldSupervisor supervisor;
    private EmbeddedChannel channel;
    private ControlSessionHandler session;

    @AfterEach
    void stop() {
        if (channel != null) {
            channel.finishAndReleaseAll();
        }
        if (supervisor != null) {
            supervisor.shutdownAll(Duration.ofSeconds(10));
        }
        if (standIns != null) {
            standIns.close();
        }
        scheduler.shutdownNow();
        blocking.shutdownNow();
    }

    private void connect() throws Exception {
        standIns = new StandInWorlds(dir);
        supervisor = new WorldSupervisor(List.of(new WorldRepository.WorldRecord("start", "Start", 0,
                "{\"map\":\"start\"}")), standIns.launcher(), null, new LocalLeases(), blocking,
                scheduler, new DirectorMetrics(),
                new Membership(), new TicketIssuer(Clock.systemUTC(), 30_000), "127.0.0.1", 60_000, 0, 30_000, 1);
        supervisor.start();
        session = new ControlSessionHandler(supervisor, 1 << 20, 1_000);
        channel = new EmbeddedChannel();
        channel.pipeline()
                .addLast(ControlEndpoint.FRAME_LIMIT, FrameRateLimiter.forClients(ControlMessages.directorCodec()))
                .addLast(new PingsAnswered())
                .addLast(ControlEndpoint.FRAME_AGGREGATOR,
                        new OversizeClosingFrameAggregator(Limits.MAX_CLIENT_FRAME_BYTES))
                .addLast(ControlEndpoint.SESSION, session);
    }

    private void flood(int frames) {
        for (int i = 0; i < frames && channel.isOpen(); i++) {
            channel.writeInbound(new PingWebSocketFrame(Unpooled.wrappedBuffer(new byte[] {1})));
        }
    }

    @Test
    void anUnregisteredConnectionIsClosedOverTheBudget() throws Exception {
        connect();
        flood(FrameRateLimiter.CLIENT_FRAME_BURST);
        assertThat(channel.isOpen()).isTrue();
        flood(1);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aRegisteredSpareIsNoLongerCounted() throws Exception {
        connect();
        StandInWorlds.Spawned spare = standIns.next(Duration.ofSeconds(30));

        channel.writeInbound(new TextWebSocketFrame(ControlMessages.worldCodec().encode(
                new SpareRegisterMessage(spare.spawnToken(), spare.pid()))));

        assertThat(supervisor.readySpares()).isEqualTo(1);
        assertThat(session.state()).isEqualTo(ControlState.SPARE);
        assertThat(channel.pipeline().get(ControlEndpoint.FRAME_LIMIT)).isNull();
        flood(10 * FrameRateLimiter.CLIENT_FRAME_BURST);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void aRegisteredSpareRegistersOnlyAsItsAssignedWorld() throws Exception {
        connect();
        StandInWorlds.Spawned spare = standIns.next(Duration.ofSeconds(30));
        String register = ControlMessages.worldCodec()
                .encode(new SpareRegisterMessage(spare.spawnToken(), spare.pid()));
        channel.writeInbound(new TextWebSocketFrame(register));

        channel.writeInbound(new TextWebSocketFrame(register));

        TextWebSocketFrame error = channel.readOutbound();
        assertThat(ControlMessages.worldCodec().decode(error.text()))
                .isInstanceOfSatisfying(ErrorMessage.class, e -> {
                    assertThat(e.code()).isEqualTo("not_authenticated");
                    assertThat(e.message()).isEqualTo("a spare registers only as its assigned world");
                });
        error.release();
        assertThat(channel.isOpen()).isFalse();
        assertThat(supervisor.readySpares()).as("its close reported").isZero();
    }

    /**
     * Takes pings off the pipeline as the WebSocket protocol handler does (after the limiter, before the session):
     * a ping flood costs the director a pong per frame without the session ever seeing it, which is what the budget
     * is for once every other frame of an unregistered connection is refused at once.
     */
    private static final class PingsAnswered extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof PingWebSocketFrame ping) {
                ping.release();
                return;
            }
            ctx.fireChannelRead(msg);
        }
    }
}
