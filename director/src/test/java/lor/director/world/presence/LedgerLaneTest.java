package lor.director.world.presence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LedgerLaneTest {

    private final ExecutorService blocking = Executors.newFixedThreadPool(8);

    @AfterEach
    void stop() {
        blocking.shutdownNow();
    }

    @Test
    void runsWritesOneAtATimeInTheOrderTheyCame() {
        LedgerLane lane = new LedgerLane(blocking);
        List<Integer> done = new CopyOnWriteArrayList<>();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        for (int i = 0; i < 2_000; i++) {
            int n = i;
            lane.submit(() -> {
                mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                done.add(n);
                running.decrementAndGet();
            });
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> done.size() == 2_000);
        assertThat(done).containsExactlyElementsOf(IntStream.range(0, 2_000).boxed().toList());
        assertThat(mostAtOnce.get()).isEqualTo(1);
    }

    @Test
    void aFailedWriteDoesNotStopTheOnesAfterIt() {
        LedgerLane lane = new LedgerLane(blocking);
        List<String> done = new CopyOnWriteArrayList<>();
        lane.submit(() -> {
            throw new IllegalStateException("the database said no");
        });
        lane.submit(() -> done.add("after"));
        await().atMost(Duration.ofSeconds(10)).until(() -> done.contains("after"));
    }

    @Test
    void dropsWritesBeyondItsBoundWhileTheDatabaseHangs() throws Exception {
        LedgerLane lane = new LedgerLane(blocking);
        CountDownLatch hang = new CountDownLatch(1);
        CountDownLatch hanging = new CountDownLatch(1);
        AtomicInteger ran = new AtomicInteger();
        lane.submit(() -> {
            hanging.countDown();
            try {
                hang.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(hanging.await(10, TimeUnit.SECONDS)).isTrue();
        for (int i = 0; i < LedgerLane.MAX_QUEUED + 100; i++) {
            lane.submit(ran::incrementAndGet);
        }
        hang.countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> ran.get() >= LedgerLane.MAX_QUEUED);
        // Runs after every write the lane kept: the count is final once it has.
        CountDownLatch last = new CountDownLatch(1);
        lane.submit(last::countDown);
        assertThat(last.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(ran.get()).isEqualTo(LedgerLane.MAX_QUEUED);
    }
}
