package lor.world.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import lor.sim.grid.Direction;
import lor.sim.module.CheckedAct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IntentQueueTest {

    private final IntentQueue queue = new IntentQueue(4);

    @Test
    void handsIntentsOverInTheOrderTheyWereOffered() {
        queue.offer(1, Direction.N);
        queue.offer(2, Direction.E);
        queue.offer(7, Direction.S);

        assertThat(drain(queue)).containsExactly("1N", "2E", "7S");
    }

    @Test
    void emptyQueuePollsEmpty() {
        assertThat(queue.poll()).isEqualTo(IntentQueue.EMPTY);
        assertThat(queue.size()).isZero();
    }

    @Test
    void refusesAnOfferWhenFullAndKeepsWhatItHolds() {
        for (int seq = 1; seq <= 4; seq++) {
            assertThat(queue.offer(seq, Direction.W)).isTrue();
        }

        assertThat(queue.offer(5, Direction.N)).isFalse();

        assertThat(queue.size()).isEqualTo(4);
        assertThat(drain(queue)).containsExactly("1W", "2W", "3W", "4W");
    }

    @Test
    void makesRoomForOneMoreForEveryIntentTaken() {
        for (int seq = 1; seq <= 4; seq++) {
            queue.offer(seq, Direction.W);
        }

        queue.poll();

        assertThat(queue.offer(5, Direction.E)).isTrue();
        assertThat(queue.offer(6, Direction.E)).isFalse();
        assertThat(drain(queue)).containsExactly("2W", "3W", "4W", "5E");
    }

    @Test
    void keepsOrderAcrossManyWrapsOfTheRing() {
        List<String> taken = new ArrayList<>();
        long offered = 0;
        for (int round = 0; round < 100; round++) {
            // Batches of 1 to 4 move the ring's start around every slot.
            int batch = round % 4 + 1;
            for (int i = 0; i < batch; i++) {
                offered++;
                assertThat(queue.offer(offered, direction(offered))).isTrue();
            }
            for (int i = 0; i < batch; i++) {
                taken.add(describe(queue.poll()));
            }
        }

        List<String> expected = new ArrayList<>();
        for (long s = 1; s <= offered; s++) {
            expected.add(s + direction(s).name());
        }
        assertThat(taken).hasSize(250).isEqualTo(expected);
        assertThat(queue.poll()).isEqualTo(IntentQueue.EMPTY);
    }

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 7, 8, 255, 1L << 31, (1L << 32) + 5, 1L << 53, (1L << 53) + 1, 1L << 60,
            IntentQueue.MAX_SEQ - 1, IntentQueue.MAX_SEQ})
    void packsAndUnpacksEverySeqWithEveryDirection(long seq) {
        for (Direction direction : Direction.values()) {
            assertThat(queue.offer(seq, direction)).isTrue();
            long packed = queue.poll();

            assertThat(packed).isNotEqualTo(IntentQueue.EMPTY);
            assertThat(IntentQueue.seqOf(packed)).isEqualTo(seq);
            assertThat(IntentQueue.directionOf(packed)).isEqualTo(direction);
        }
    }

    @Test
    void theLargestSeqIsTwoToTheSixtyOneMinusTwo() {
        assertThat(IntentQueue.MAX_SEQ).isEqualTo((1L << 61) - 2);
    }

    @Test
    void aModuleActionWithTheLargestSeqIsNotMistakenForAnEmptyQueue() {
        CheckedAct act = new CheckedAct(null, null, "bad_field");
        assertThat(queue.offerAct(IntentQueue.MAX_SEQ, act)).isTrue();

        long packed = queue.poll();

        assertThat(packed).isNotEqualTo(IntentQueue.EMPTY);
        assertThat(IntentQueue.seqOf(packed)).isEqualTo(IntentQueue.MAX_SEQ);
        assertThat(queue.polledAct()).isSameAs(act);
    }

    @ParameterizedTest
    @ValueSource(longs = {-1, (1L << 61) - 1, 1L << 61, Long.MAX_VALUE, Long.MIN_VALUE})
    void refusesASeqThatPackingWouldTruncate(long seq) {
        assertThatThrownBy(() -> queue.offer(seq, Direction.N)).isInstanceOf(IllegalArgumentException.class);

        assertThat(queue.size()).isZero();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3, 6, 100})
    void refusesACapacityThatIsNotAPowerOfTwo(int capacity) {
        assertThatThrownBy(() -> new IntentQueue(capacity)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void oneProducerAndOneConsumerPassAMillionIntentsExactlyOnceInOrder() throws Exception {
        int total = 1_000_000;
        IntentQueue ring = new IntentQueue(8);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
                for (long seq = 1; seq <= total; seq++) {
                    while (!ring.offer(seq, direction(seq))) {
                        if (System.nanoTime() > deadline) {
                            throw new AssertionError("producer stuck at seq " + seq);
                        }
                        Thread.onSpinWait();
                    }
                }
            }, threads);
            CompletableFuture<Long> consumer = CompletableFuture.supplyAsync(() -> {
                long expected = 1;
                while (expected <= total) {
                    long packed = ring.poll();
                    if (packed == IntentQueue.EMPTY) {
                        if (System.nanoTime() > deadline) {
                            throw new AssertionError("consumer starved at seq " + expected);
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                    // Each seq must be the next one: a loss, a duplicate or a reordering shows here.
                    if (IntentQueue.seqOf(packed) != expected
                            || IntentQueue.directionOf(packed) != direction(expected)) {
                        throw new AssertionError("expected " + expected + direction(expected) + ", got "
                                + describe(packed));
                    }
                    expected++;
                }
                return expected - 1;
            }, threads);

            producer.get(70, TimeUnit.SECONDS);
            assertThat(consumer.get(70, TimeUnit.SECONDS)).isEqualTo(total);
            assertThat(ring.poll()).as("nothing left over").isEqualTo(IntentQueue.EMPTY);
        } finally {
            threads.shutdownNow();
        }
    }

    private static Direction direction(long seq) {
        return Direction.values()[(int) (seq * 7 % 4)];
    }

    private static List<String> drain(IntentQueue queue) {
        List<String> intents = new ArrayList<>();
        long packed;
        while ((packed = queue.poll()) != IntentQueue.EMPTY) {
            intents.add(describe(packed));
        }
        return intents;
    }

    private static String describe(long packed) {
        return IntentQueue.seqOf(packed) + IntentQueue.directionOf(packed).name();
    }
}
