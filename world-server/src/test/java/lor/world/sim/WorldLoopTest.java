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

/**
 * The tick thread on a clock the test steps: ticks fall on an absolute timeline and each is measured, overruns are
 * counted, the command queue is bounded, and commands that are waited on are applied between ticks.
 */
class WorldLoopTest {

    private static final Duration PERIOD = Duration.ofMillis(1000 / WorldLoop.TICK_RATE);
    /** Any start: the loop's timeline is relative to the clock's first reading. */
    private static final long T0 = 1_000_000_000L;

    private final SteppedClock clock = new SteppedClock(T0);
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
        loop = new WorldLoop("test", 16, l -> ticks.incrementAndGet(), clock);
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
        loop = new WorldLoop("test", 2, l -> { }, clock);

        assertThat(loop.submit(() -> { })).isTrue();
        assertThat(loop.submitNow(() -> { })).isTrue();

        assertThat(loop.submit(() -> { })).isFalse();
        assertThat(loop.submitNow(() -> { })).isFalse();
        assertThat(loop.queuedCommands()).isEqualTo(2);
        loop.start();
    }

    @Test
    void aCommandSubmittedNowToARunningLoopIsAppliedBeforeTheNextTick() throws InterruptedException {
        AtomicInteger ticks = new AtomicInteger();
        loop = new WorldLoop("test", 16, l -> ticks.incrementAndGet(), clock);
        loop.start();
        awaitParkedUntil(1);
        clock.advance(PERIOD);
        awaitParkedUntil(2);
        clock.advance(PERIOD);
        awaitParkedUntil(3);
        assertThat(ticks).hasValue(2);
        CountDownLatch ran = new CountDownLatch(1);

        assertThat(loop.submitNow(ran::countDown)).isTrue();

        assertThat(ran.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ticks).as("applied while time stood still, between ticks").hasValue(2);
    }

    @Test
    void ticksFallOnTheAbsoluteTimelineWhateverTheyTakeAndEachIsMeasured() {
        loop = new WorldLoop("test", 16, l -> clock.advance(Duration.ofMillis(7)), clock);
        loop.start();
        awaitParkedUntil(1);
        assertThat(loop.passes()).isZero();

        clock.advance(PERIOD);

        awaitParkedUntil(2);
        assertThat(loop.passes()).isEqualTo(1);
        assertThat(loop.stats().summary().max()).isEqualTo(0.007);
        assertThat(loop.overruns()).isZero();
    }

    @Test
    void aTickPastTheNextDeadlineIsAnOverrunAndTheNextFollowsAtOnceOnTheSameTimeline() {
        AtomicInteger ticks = new AtomicInteger();
        loop = new WorldLoop("test", 16, l -> {
            if (ticks.incrementAndGet() == 1) {
                clock.advance(PERIOD.plusMillis(20));
            }
        }, clock);
        loop.start();
        awaitParkedUntil(1);

        clock.advance(PERIOD);

        awaitParkedUntil(3);
        assertThat(loop.passes()).isEqualTo(2);
        assertThat(loop.overruns()).isEqualTo(1);
    }

    @Test
    void aLoopFarBehindResetsItsTimelineInsteadOfBurstingThroughTheBacklog() {
        AtomicInteger ticks = new AtomicInteger();
        loop = new WorldLoop("test", 16, l -> {
            if (ticks.incrementAndGet() == 1) {
                clock.advance(PERIOD.multipliedBy(8));
            }
        }, clock);
        loop.start();
        awaitParkedUntil(1);

        clock.advance(PERIOD);

        // The first tick ended at 9 periods: the one after it runs at once, the next a period later, not 7 at once.
        awaitParkedUntil(10);
        assertThat(loop.passes()).isEqualTo(2);
        assertThat(loop.overruns()).isEqualTo(1);
    }

    /** Waits until the tick thread is parked on {@code T0 + n} periods: the tick before that one has finished. */
    private void awaitParkedUntil(int n) {
        Long deadline = T0 + PERIOD.toNanos() * n;
        await().atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(1))
                .until(clock::parkedUntil, deadline::equals);
    }

    private void record(StringBuilder order, String name, AtomicBoolean allOnTickThread, CountDownLatch done) {
        if (!loop.isTickThread()) {
            allOnTickThread.set(false);
        }
        order.append(name);
        done.countDown();
    }
}
