package lor.bench;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import lor.protocol.MessageCodec;
import lor.protocol.game.GameMessages;
import lor.protocol.game.RejectedMessage;
import lor.world.game.Rejections;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One {@code rejected} answer made into frame bytes the two ways the world has: {@link #codec} as
 * {@code send(Message)} did (a tree, a string, then the text frame's copy), {@link #rejections} as the tick writes
 * it now. Run with {@code -prof gc} for the bytes each allocates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RejectedEncodeBenchmark {

    private final MessageCodec codec = GameMessages.serverCodec();
    private long seq = 1_000_000;

    @Benchmark
    public int codec() {
        ByteBuf frame = Unpooled.copiedBuffer(codec.encode(new RejectedMessage(seq++, RejectedMessage.OCCUPIED)),
                StandardCharsets.UTF_8);
        int size = frame.readableBytes();
        frame.release();
        return size;
    }

    @Benchmark
    public int rejections() {
        ByteBuf frame = Rejections.encode(ByteBufAllocator.DEFAULT, seq++, RejectedMessage.OCCUPIED);
        int size = frame.readableBytes();
        frame.release();
        return size;
    }
}
