package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executor;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import lor.protocol.MessageCodec;
import lor.protocol.game.GameMessages;
import lor.protocol.game.RejectedMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RejectionsTest {

    private static final ByteBufAllocator ALLOC = UnpooledByteBufAllocator.DEFAULT;
    private final MessageCodec codec = GameMessages.serverCodec();

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 9, 10, 123_456_789, IntentQueue.MAX_SEQ, Long.MAX_VALUE})
    void writesTheBytesTheCodecWritesForEveryReason(long seq) {
        for (String reason : List.of(RejectedMessage.WALL, RejectedMessage.OUT_OF_BOUNDS, RejectedMessage.OCCUPIED,
                RejectedMessage.RATE_LIMITED)) {
            ByteBuf frame = Rejections.encode(ALLOC, seq, reason);
            try {
                assertThat(frame.toString(StandardCharsets.UTF_8))
                        .isEqualTo(codec.encode(new RejectedMessage(seq, reason)));
            } finally {
                frame.release();
            }
        }
    }

    @Test
    void handsEachLoopItsConnectionsAnswersAsOneTaskInOrder() {
        CountingLoop first = new CountingLoop();
        CountingLoop second = new CountingLoop();
        RecordingPlayerConnection a = new RecordingPlayerConnection(1).writingOn(first);
        RecordingPlayerConnection b = new RecordingPlayerConnection(2).writingOn(second);
        RecordingPlayerConnection c = new RecordingPlayerConnection(3).writingOn(first);
        BroadcastBatch batch = new BroadcastBatch();
        Rejections rejections = new Rejections(ALLOC, batch);

        rejections.add(a, 4, RejectedMessage.WALL);
        rejections.add(b, 5, RejectedMessage.OCCUPIED);
        rejections.add(c, 6, RejectedMessage.OUT_OF_BOUNDS);
        rejections.add(a, 7, RejectedMessage.WALL);
        assertThat(a.heldFrames()).as("nothing is written before send").isEmpty();
        batch.send();

        assertThat(first.tasks).isEqualTo(1);
        assertThat(second.tasks).isEqualTo(1);
        a.releaseFrames();
        b.releaseFrames();
        c.releaseFrames();
        assertThat(a.sent()).containsExactly(new RejectedMessage(4, "wall"), new RejectedMessage(7, "wall"));
        assertThat(b.sent()).containsExactly(new RejectedMessage(5, "occupied"));
        assertThat(c.sent()).containsExactly(new RejectedMessage(6, "out_of_bounds"));
    }

    /** An event loop that runs each task at once and counts them. */
    private static final class CountingLoop implements Executor {
        int tasks;

        @Override
        public void execute(Runnable task) {
            tasks++;
            task.run();
        }
    }
}
