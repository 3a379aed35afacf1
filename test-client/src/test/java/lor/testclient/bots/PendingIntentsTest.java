package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class PendingIntentsTest {

    private final List<Long> latencies = new ArrayList<>();
    private final PendingIntents intents = new PendingIntents(latencies::add);

    @Test
    void numbersIntentsFromOne() {
        assertThat(intents.send(0, true)).isEqualTo(1);
        assertThat(intents.send(0, true)).isEqualTo(2);
        assertThat(intents.lastSeq()).isEqualTo(2);
    }

    @Test
    void oneAckAnswersEveryPendingSeqUpToIt() {
        intents.send(100, true);
        intents.send(200, true);
        intents.send(300, true);

        intents.ack(2, 1_000);

        assertThat(latencies).containsExactly(900L, 800L);
        assertThat(intents.answeredByState()).isEqualTo(2);
        assertThat(intents.pending()).isEqualTo(1);
        intents.ack(3, 2_000);
        assertThat(latencies).containsExactly(900L, 800L, 1_700L);
        assertThat(intents.pending()).isZero();
    }

    @Test
    void aRepeatedOrOlderAckAnswersNothingAgain() {
        intents.send(0, true);
        intents.send(0, true);
        intents.ack(2, 50);
        intents.ack(2, 60);
        intents.ack(1, 70);
        intents.ack(0, 80);
        assertThat(latencies).containsExactly(50L, 50L);
    }

    @Test
    void anAckBeyondTheLastSeqAnswersOnlyWhatWasSent() {
        intents.send(0, true);
        intents.ack(5, 10);
        long next = intents.send(20, true);
        assertThat(next).isEqualTo(2);
        assertThat(intents.pending()).isEqualTo(1);
        intents.ack(5, 30);
        assertThat(latencies).containsExactly(10L, 10L);
    }

    @Test
    void aRejectionAnswersItsSeqOnlyAndTheNextAckSkipsIt() {
        intents.send(0, true);
        intents.send(10, true);
        intents.send(20, true);

        intents.reject(2, false, 40);
        assertThat(latencies).containsExactly(30L);
        assertThat(intents.answeredByRejection()).isEqualTo(1);
        assertThat(intents.pending()).isEqualTo(3);

        intents.ack(3, 100);
        assertThat(latencies).containsExactly(30L, 100L, 80L);
        assertThat(intents.answeredByState()).isEqualTo(2);
        assertThat(intents.pending()).isZero();
    }

    @Test
    void aRejectionOfTheOldestPendingSeqMovesTheFrontOn() {
        intents.send(0, true);
        intents.send(0, true);
        intents.reject(2, false, 5);
        intents.reject(1, false, 6);
        assertThat(intents.pending()).isZero();
        assertThat(latencies).containsExactly(5L, 6L);
    }

    @Test
    void aRejectionAfterTheAckAlreadyAnsweredItIsIgnored() {
        intents.send(0, true);
        intents.ack(1, 10);
        intents.reject(1, false, 20);
        intents.reject(7, false, 20);
        assertThat(latencies).containsExactly(10L);
        assertThat(intents.answeredByRejection()).isZero();
    }

    @Test
    void aRateLimitedRefusalIsCountedApartAndNotTimed() {
        intents.send(0, true);
        intents.send(0, true);
        intents.reject(1, true, 5);
        intents.ack(2, 50);
        assertThat(intents.rateLimited()).isEqualTo(1);
        assertThat(intents.answeredByRejection()).isZero();
        assertThat(latencies).containsExactly(50L);
    }

    @Test
    void intentsSentOutsideTheWindowAreNeitherTimedNorCounted() {
        intents.send(0, false);
        intents.send(0, true);
        intents.send(0, false);
        intents.reject(3, true, 10);
        intents.ack(3, 20);
        assertThat(latencies).containsExactly(20L);
        assertThat(intents.measured()).isEqualTo(1);
        assertThat(intents.answeredByState()).isEqualTo(1);
        assertThat(intents.rateLimited()).isZero();
    }

    @Test
    void measuredIntentsStillPendingAtTheEndAreUnanswered() {
        intents.send(0, true);
        intents.send(0, false);
        intents.send(0, true);
        intents.send(0, true);
        intents.reject(3, false, 10);
        assertThat(intents.measuredPending()).isEqualTo(2);

        intents.abandonAsUnanswered();

        assertThat(intents.unanswered()).isEqualTo(2);
        assertThat(intents.pending()).isZero();
        intents.ack(4, 100);
        assertThat(latencies).containsExactly(10L);
    }

    @Test
    void aNewConnectionDiscardsWhatIsPendingAndNumbersFromOneAgain() {
        intents.send(0, true);
        intents.send(0, true);
        intents.ack(1, 10);

        intents.restart();

        assertThat(intents.discarded()).isEqualTo(1);
        assertThat(intents.unanswered()).isZero();
        assertThat(intents.send(20, true)).isEqualTo(1);
        intents.ack(1, 25);
        assertThat(latencies).containsExactly(10L, 5L);
    }

    @Test
    void keepsEveryPendingIntentBeyondItsInitialCapacity() {
        for (int i = 0; i < 1000; i++) {
            intents.send(i, true);
        }
        intents.reject(500, false, 2_000);
        intents.ack(1000, 5_000);
        assertThat(latencies).hasSize(1000);
        assertThat(latencies.get(0)).isEqualTo(2_000L - 499);
        assertThat(latencies.get(1)).isEqualTo(5_000L);
        assertThat(latencies.get(999)).isEqualTo(5_000L - 999);
        assertThat(intents.answeredByState()).isEqualTo(999);
        assertThat(intents.answeredByRejection()).isEqualTo(1);
    }

    @Test
    void windowContainsItsStartButNotItsEnd() {
        MeasurementWindow window = new MeasurementWindow();
        assertThat(window.contains(0)).isFalse();
        window.set(1_000, 2_000);
        assertThat(window.contains(999)).isFalse();
        assertThat(window.contains(1_000)).isTrue();
        assertThat(window.contains(1_999)).isTrue();
        assertThat(window.contains(2_000)).isFalse();
        assertThat(window.seconds()).isEqualTo(1e-6);
    }

    @Test
    void windowHandlesTheNanoTimeClockWrappingAround() {
        MeasurementWindow window = new MeasurementWindow();
        window.set(Long.MAX_VALUE - 10, Long.MAX_VALUE + 10);
        assertThat(window.contains(Long.MAX_VALUE)).isTrue();
        assertThat(window.contains(Long.MIN_VALUE + 5)).isTrue();
        assertThat(window.contains(Long.MIN_VALUE + 9)).isFalse();
    }
}
