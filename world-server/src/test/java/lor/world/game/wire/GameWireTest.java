package lor.world.game.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import lor.protocol.netty.KeepAlive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GameWireTest {

    private static final KeepAlive.Settings KEEP_ALIVE = new KeepAlive.Settings(Duration.ofSeconds(1),
            Duration.ofSeconds(3));
    private static final long SECOND = 1_000_000_000L;

    private final RecordingWireSession session = new RecordingWireSession();
    private final KeepAliveSweep.Sweeps sweeps = GameWire.sweeps(KEEP_ALIVE);
    private final GameWire wire = new GameWire(session, sweeps, 50, 5);
    private final EmbeddedChannel channel = new EmbeddedChannel(wire);

    @AfterEach
    void releaseEverything() {
        channel.finishAndReleaseAll();
    }

    @Test
    void aTextFrameReachesTheSessionAndAPingIsAnsweredWithItsPayload() {
        read(ClientFrameReaderTest.frame(true, 1, "{}".getBytes(StandardCharsets.UTF_8)));
        read(ClientFrameReaderTest.frame(true, 9, new byte[] {7, 8}));

        assertThat(session.texts).containsExactly("{}");
        assertThat(written()).containsExactly(0x8A, 2, 7, 8);
    }

    @Test
    void aConnectionIsPingedWhenDueAndClosedWith1001OnceSilentForTheTimeout() {
        long start = System.nanoTime();
        wire.keepAlive(start + SECOND / 2, KEEP_ALIVE.pingInterval().toNanos(), KEEP_ALIVE.timeout().toNanos());
        assertThat((Object) channel.readOutbound()).as("not due yet").isNull();

        wire.keepAlive(start + SECOND + SECOND / 10, KEEP_ALIVE.pingInterval().toNanos(),
                KEEP_ALIVE.timeout().toNanos());
        assertThat(written()).containsExactly(0x89, 0);
        assertThat(channel.isOpen()).isTrue();

        wire.keepAlive(start + 4 * SECOND, KEEP_ALIVE.pingInterval().toNanos(), KEEP_ALIVE.timeout().toNanos());
        byte[] close = written();
        assertThat(close[0] & 0xff).isEqualTo(0x88);
        assertThat((close[2] & 0xff) << 8 | close[3] & 0xff).isEqualTo(1001);
        assertThat(new String(close, 4, close.length - 4, StandardCharsets.UTF_8)).isEqualTo(KeepAlive.CLOSE_REASON);
        assertThat(channel.isOpen()).isFalse();
        assertThat(session.ended).isTrue();
    }

    @Test
    void framesOverTheBudgetGetRateLimitedAndClose1008AndNothingAfterReachesTheSession() {
        for (int i = 0; i < 8 && channel.isOpen(); i++) {
            read(ClientFrameReaderTest.frame(true, 1, ("m" + i).getBytes(StandardCharsets.UTF_8)));
        }

        assertThat(session.texts).containsExactly("m0", "m1", "m2", "m3", "m4");
        byte[] error = written();
        assertThat(new String(error, 2, error.length - 2, StandardCharsets.UTF_8)).contains("rate_limited");
        byte[] close = written();
        assertThat((close[2] & 0xff) << 8 | close[3] & 0xff).isEqualTo(1008);
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void aProtocolViolationIsAnsweredWithItsCloseStatusAndCloses() {
        read(new byte[] {(byte) 0x81, 0x01, 'a'});

        byte[] close = written();
        assertThat(close[0] & 0xff).isEqualTo(0x88);
        assertThat((close[2] & 0xff) << 8 | close[3] & 0xff).isEqualTo(1002);
        assertThat(channel.isOpen()).isFalse();
        assertThat(session.goodbye).as("the server closed: no goodbye").isFalse();
    }

    @Test
    void aClientsCloseIsEchoedAndIsAGoodbye() {
        read(ClientFrameReaderTest.frame(true, 8, new byte[] {0x03, (byte) 0xE8, 'o', 'k'}));

        assertThat(written()).containsExactly(0x88, 4, 0x03, 0xE8, 'o', 'k');
        assertThat(session.goodbye).isTrue();
        assertThat(channel.isOpen()).isFalse();
    }

    @Test
    void nothingIsWrittenAfterTheCloseFrame() {
        wire.closeNow(1008, "bye");
        written();
        ByteBuf late = Unpooled.buffer(16).writerIndex(10).writeByte(1);
        late.readerIndex(10);

        wire.write(late, 2);
        wire.flush();

        assertThat((Object) channel.readOutbound()).isNull();
        assertThat(late.refCnt()).isZero();
    }

    @Test
    void aClosedConnectionLeavesItsLoopsSweep() {
        KeepAliveSweep sweep = sweeps.of(channel.eventLoop());
        assertThat(sweep.size()).isOne();

        channel.close();

        assertThat(sweep.size()).isZero();
    }

    private void read(byte[] bytes) {
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
    }

    /** The bytes of the next buffer written. */
    private byte[] written() {
        ByteBuf out = channel.readOutbound();
        assertThat(out).isNotNull();
        try {
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }
}
