package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

class BroadcastBatchTest {

    /** An event loop that only queues: what it was handed is visible before anything runs. */
    private static final class QueuedLoop implements Executor {
        final List<Runnable> tasks = new ArrayList<>();

        @Override
        public void execute(Runnable task) {
            tasks.add(task);
        }

        void runAll() {
            tasks.forEach(Runnable::run);
        }
    }

    private final BroadcastBatch batch = new BroadcastBatch();

    @Test
    void eachLoopGetsOneTaskWithItsConnectionsFramesInOrder() {
        QueuedLoop loopA = new QueuedLoop();
        QueuedLoop loopB = new QueuedLoop();
        RecordingPlayerConnection a1 = new RecordingPlayerConnection(1).writingOn(loopA);
        RecordingPlayerConnection a2 = new RecordingPlayerConnection(2).writingOn(loopA);
        RecordingPlayerConnection b1 = new RecordingPlayerConnection(3).writingOn(loopB);
        ByteBuf first = frame("a1-binary");
        ByteBuf second = frame("a1-text");

        batch.add(a1, first, true);
        batch.add(b1, frame("b1"), true);
        batch.add(a2, frame("a2"), true);
        batch.add(a1, second, false);
        batch.send();

        assertThat(loopA.tasks).hasSize(1);
        assertThat(loopB.tasks).hasSize(1);
        assertThat(a1.heldBinaryFrames()).as("nothing is written on the tick thread").isEmpty();

        loopA.runAll();
        assertThat(a1.heldBinaryFrames()).containsExactly(first);
        assertThat(a1.heldFrames()).containsExactly(second);
        assertThat(a2.heldBinaryFrames()).hasSize(1);
        assertThat(b1.heldBinaryFrames()).as("loop B has not run").isEmpty();
        loopB.runAll();
        assertThat(b1.heldBinaryFrames()).hasSize(1);
    }

    @Test
    void aLoopFlushesEachConnectionOnceAfterWritingAllItsFrames() {
        QueuedLoop loop = new QueuedLoop();
        RecordingPlayerConnection a = new RecordingPlayerConnection(1).writingOn(loop);
        RecordingPlayerConnection b = new RecordingPlayerConnection(2).writingOn(loop);
        batch.add(a, frame("a-rejected"), false);
        batch.add(b, frame("b-rejected"), false);
        batch.add(a, frame("a-state"), true);
        batch.add(b, frame("b-state"), true);
        batch.send();

        loop.runAll();

        assertThat(a.flushes()).as("a rejection and a state frame, one flush").isOne();
        assertThat(b.flushes()).isOne();
        assertThat(a.unflushed()).isZero();
        assertThat(b.unflushed()).isZero();
        for (RecordingPlayerConnection c : List.of(a, b)) {
            c.heldFrames().forEach(ByteBuf::release);
            c.heldBinaryFrames().forEach(ByteBuf::release);
        }
    }

    @Test
    void aSentBatchStartsEmpty() {
        QueuedLoop loop = new QueuedLoop();
        RecordingPlayerConnection c = new RecordingPlayerConnection(1).writingOn(loop);
        batch.add(c, frame("one"), true);
        batch.send();
        batch.send();

        assertThat(loop.tasks).hasSize(1);
    }

    @Test
    void framesForALoopThatRefusesTasksAreReleased() {
        Executor stopped = task -> {
            throw new RejectedExecutionException("shut down");
        };
        RecordingPlayerConnection c = new RecordingPlayerConnection(1).writingOn(stopped);
        ByteBuf frame = frame("late");

        batch.add(c, frame, true);
        batch.send();

        assertThat(frame.refCnt()).isZero();
        assertThat(c.heldBinaryFrames()).isEmpty();
    }

    private static ByteBuf frame(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }
}
