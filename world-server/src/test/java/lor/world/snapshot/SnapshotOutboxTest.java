package lor.world.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import lor.protocol.control.WorldSnapshotMessage;
import lor.sim.world.PlayerRecord;
import lor.sim.world.WorldSnapshot;
import lor.world.control.CapturingControlLink;
import org.junit.jupiter.api.Test;

class SnapshotOutboxTest {

    private final CapturingControlLink link = new CapturingControlLink(true);
    private final SnapshotOutbox outbox = new SnapshotOutbox("start", link, Runnable::run);

    @Test
    void publishSendsTheEncodedSnapshot() {
        WorldSnapshot snapshot = snapshot(100);

        outbox.publish(3, snapshot, true);

        WorldSnapshotMessage sent = onlySnapshotSent();
        assertThat(sent.worldId()).isEqualTo("start");
        assertThat(sent.seq()).isEqualTo(3);
        assertThat(sent.last()).isTrue();
        assertThat(SnapshotCodec.decode(sent.state().tree())).isEqualTo(snapshot);
    }

    @Test
    void encodesAndSendsOnTheIoExecutorNotOnTheCaller() {
        List<Runnable> io = new ArrayList<>();
        SnapshotOutbox queued = new SnapshotOutbox("start", link, io::add);

        queued.publish(1, snapshot(1), false);
        assertThat(link.delivered()).isEmpty();

        io.forEach(Runnable::run);
        assertThat(onlySnapshotSent().seq()).isEqualTo(1);
    }

    @Test
    void keepsSnapshotWhileDisconnectedAndResendsItAfter() {
        link.connected(false);
        outbox.publish(1, snapshot(10), false);
        assertThat(link.delivered()).isEmpty();

        link.connected(true);
        outbox.resend();

        assertThat(onlySnapshotSent().seq()).isEqualTo(1);
    }

    @Test
    void keepsOnlyTheNewestUnacknowledgedSnapshot() {
        link.connected(false);
        outbox.publish(1, snapshot(10), false);
        outbox.publish(2, snapshot(20), false);

        link.connected(true);
        outbox.resend();

        WorldSnapshotMessage sent = onlySnapshotSent();
        assertThat(sent.seq()).isEqualTo(2);
        assertThat(SnapshotCodec.decode(sent.state().tree()).tick()).isEqualTo(20);
    }

    @Test
    void resendsUnacknowledgedSnapshotEvenIfItWasSentBefore() {
        // The director may have lost it with the connection; only an ack proves it arrived.
        outbox.publish(1, snapshot(10), false);
        link.clear();

        outbox.resend();

        assertThat(onlySnapshotSent().seq()).isEqualTo(1);
    }

    @Test
    void aDrainSendsASnapshotKeptWhileTheChannelWasBackedUp() {
        link.connected(false);
        outbox.publish(1, snapshot(10), false);
        link.connected(true);

        outbox.sendKept();

        assertThat(onlySnapshotSent().seq()).isEqualTo(1);
    }

    @Test
    void aDrainDoesNotSendASnapshotAlreadySentOnThisConnection() {
        // A snapshot bigger than the write buffer backs the channel up by itself: each drain used to resend it.
        outbox.publish(1, snapshot(10), false);
        link.clear();

        outbox.sendKept();
        outbox.sendKept();

        assertThat(link.delivered()).isEmpty();
    }

    @Test
    void aDrainAfterAResendSendsNothingMore() {
        link.connected(false);
        outbox.publish(2, snapshot(20), false);
        link.connected(true);
        outbox.resend();
        link.clear();

        outbox.sendKept();

        assertThat(link.delivered()).isEmpty();
    }

    @Test
    void aResendThatFindsTheNewConnectionBackedUpLeavesTheSnapshotForTheDrain() {
        outbox.publish(3, snapshot(30), false);
        link.connected(false);
        outbox.resend();
        link.connected(true);
        link.clear();

        outbox.sendKept();

        assertThat(onlySnapshotSent().seq()).isEqualTo(3);
    }

    @Test
    void ackOfThePendingSeqClearsIt() {
        outbox.publish(4, snapshot(10), false);
        outbox.onAck(4);
        link.clear();

        outbox.resend();

        assertThat(link.delivered()).isEmpty();
        assertThat(outbox.ackedSeq()).isEqualTo(4);
    }

    @Test
    void ackAboveThePendingSeqClearsIt() {
        link.connected(false);
        outbox.publish(4, snapshot(10), false);
        outbox.onAck(5);

        link.connected(true);
        outbox.resend();

        assertThat(link.delivered()).isEmpty();
    }

    @Test
    void ackBelowThePendingSeqKeepsIt() {
        link.connected(false);
        outbox.publish(4, snapshot(10), false);
        outbox.onAck(3);

        link.connected(true);
        outbox.resend();

        assertThat(onlySnapshotSent().seq()).isEqualTo(4);
    }

    @Test
    void ignoresPublishOlderThanThePendingSnapshot() {
        link.connected(false);
        outbox.publish(5, snapshot(50), false);
        outbox.publish(4, snapshot(40), false);

        link.connected(true);
        outbox.resend();

        assertThat(onlySnapshotSent().seq()).isEqualTo(5);
    }

    @Test
    void ignoresPublishAtOrBelowTheAcknowledgedSeq() {
        outbox.onAck(6);

        outbox.publish(6, snapshot(60), false);
        outbox.publish(2, snapshot(20), false);
        outbox.resend();

        assertThat(link.delivered()).isEmpty();
    }

    @Test
    void acknowledgedCompletesOnlyOnceAnAckAtOrAboveItsSeqArrives() {
        CompletableFuture<Void> seven = outbox.acknowledged(7);
        CompletableFuture<Void> nine = outbox.acknowledged(9);

        outbox.onAck(6);
        assertThat(seven).isNotDone();

        outbox.onAck(8);
        assertThat(seven).isCompleted();
        assertThat(nine).isNotDone();

        outbox.onAck(9);
        assertThat(nine).isCompleted();
    }

    @Test
    void acknowledgedIsCompleteAtOnceForAnAlreadyAcknowledgedSeq() {
        outbox.onAck(5);

        assertThat(outbox.acknowledged(5)).isCompleted();
        assertThat(outbox.acknowledged(1)).isCompleted();
        assertThat(outbox.acknowledged(6)).isNotDone();
    }

    @Test
    void staleAckDoesNotLowerTheAcknowledgedSeq() {
        outbox.onAck(5);
        outbox.onAck(2);

        assertThat(outbox.ackedSeq()).isEqualTo(5);
    }

    private WorldSnapshotMessage onlySnapshotSent() {
        assertThat(link.delivered()).hasSize(1);
        return link.delivered(WorldSnapshotMessage.class).get(0);
    }

    private static WorldSnapshot snapshot(long tick) {
        return new WorldSnapshot(tick, 3, List.of(new PlayerRecord(42, 1, 2, 0), new PlayerRecord(43, 2, 2, 0)));
    }
}
