package lor.bench;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import lor.protocol.Message;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import lor.protocol.game.GameMessages;
import lor.protocol.game.MoveFrameReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One bot's {@code move} frame as the game channel receives it (a direct buffer), decoded the two ways the world can:
 * {@link #codec} as text then a JSON tree (every frame before the reader, and every frame it leaves), {@link #reader}
 * straight from the bytes. Run with {@code -prof gc} for the bytes each allocates.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MoveDecodeBenchmark {

    private static final String FRAME = "{\"type\":\"move\",\"dir\":\"E\",\"seq\":123456}";

    private final MessageCodec codec = GameMessages.serverCodec();
    private ByteBuf frame;

    @Setup(Level.Trial)
    public void setUp() {
        frame = Unpooled.directBuffer(FRAME.length());
        frame.writeCharSequence(FRAME, StandardCharsets.US_ASCII);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        frame.release();
    }

    @Benchmark
    public Message codec() throws ProtocolException {
        return codec.decode(frame.toString(StandardCharsets.UTF_8));
    }

    @Benchmark
    public Message reader() {
        return MoveFrameReader.read(frame);
    }
}
