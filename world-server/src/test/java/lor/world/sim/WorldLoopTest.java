package lor.world.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The tick thread's command queue: bounded, and commands that are waited on are applied between ticks. */
class WorldLoopTest {

    private WorldLoop loop;

    @AfterEach
    void stop() throws InterruptedException {
        if (loop != null) {
            loop.stop();
            assertThat(loop.awaitStopped(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void commandsSubmittedEitherWayRunOnTheTickThreadInOrder() throws InterruptedException {
        AtomicInteger ticks = new AtomicInteger();
        loop = new WorldLoop("test", 16, l -> ticks.incrementAndGet());
        StringBuilder order = new StringBuilder();
        AtomicBoolean allOnTickThread = new AtomicBoolean(true);
        CountDownLatch done = new CountDownLatch(3);
        Runnable a = () -> record(order, "a", allOnTickThread, done);
        Runnable b = () -> record(order, "b", allOnTickThread, done);
        Runnable c = () -> record(order, "c", allOnTickThread, done);

        assertThat(loop.submit(a)).isTrue();
        assertThat(loop.submitNow(b)).isTrue();
        assertThat(loop.submit(c)).isTrue();
        loop.start();

        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(order).hasToString("abc");
        assertThat(allOnTickThread).isTrue();
    }

    @Test
    void aFullQueueRefusesBothKindsOfSubmission() {
        loop = new WorldLoop("test", 2, l -> { });

        assertThat(loop.submit(() -> { })).isTrue();
        assertThat(loop.submitNow(() -> { })).isTrue();

        assertThat(loop.submit(() -> { })).isFalse();
        assertThat(loop.submitNow(() -> { })).isFalse();
        assertThat(loop.queuedCommands()).isEqualTo(2);
        loop.start();
    }

    @Test
    void aCommandSubmittedNowToARunningLoopIsApplied() throws InterruptedException {
        AtomicInteger ticks = new AtomicInteger();
        loop = new WorldLoop("test", 16, l -> ticks.incrementAndGet());
        loop.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> ticks.get() >= 2);
        CountDownLatch ran = new CountDownLatch(1);

        assertThat(loop.submitNow(ran::countDown)).isTrue();

        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
    }

    private void record(StringBuilder order, String name, AtomicBoolean allOnTickThread, CountDownLatch done) {
        if (!loop.isTickThread()) {
            allOnTickThread.set(false);
        }
        order.append(name);
        done.countDown();
    }
}
