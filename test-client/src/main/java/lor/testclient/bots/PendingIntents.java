package lor.testclient.bots;

import java.util.function.LongConsumer;

/**
 * The intents of one bot waiting to become visible, and what became of the measured ones. Seqs are handed out from
 * 1 upwards; an intent is answered by the first of a {@code state} whose {@code ack} is at least its seq (one ack
 * answers every pending seq up to it) or a {@code rejected} naming it. Its latency runs from {@link #send} to that
 * answer and goes to the sink only when the intent was <em>measured</em> (sent inside the measurement window) and
 * the answer was not {@code rate_limited}: a rate-limited intent never reached a tick and is counted apart as
 * refused. Not thread-safe: one bot's event loop owns it.
 */
final class PendingIntents {

    private static final byte MEASURED = 1;
    private static final byte RESOLVED = 2;

    private final LongConsumer latencySink;
    private long[] sentAt = new long[64];
    private byte[] flags = new byte[64];
    private long nextSeq = 1;
    /** Every seq below this one is resolved. */
    private long firstPending = 1;

    private long measured;
    private long answeredByState;
    private long answeredByRejection;
    private long rateLimited;
    private long unanswered;
    private long discarded;

    /** @param latencySink receives the latency in nanoseconds of every measured intent answered by the server */
    PendingIntents(LongConsumer latencySink) {
        this.latencySink = latencySink;
    }

    /** Registers the intent about to be written at {@code nowNanos}; returns its seq. */
    long send(long nowNanos, boolean measure) {
        if (nextSeq - firstPending == sentAt.length) {
            grow();
        }
        long seq = nextSeq++;
        int slot = slot(seq);
        sentAt[slot] = nowNanos;
        flags[slot] = measure ? MEASURED : 0;
        if (measure) {
            measured++;
        }
        return seq;
    }

    /** A {@code state} with {@code ack} arrived at {@code nowNanos}. */
    void ack(long ack, long nowNanos) {
        long upTo = Math.min(ack, nextSeq - 1);
        for (long seq = firstPending; seq <= upTo; seq++) {
            int slot = slot(seq);
            if ((flags[slot] & RESOLVED) == 0 && (flags[slot] & MEASURED) != 0) {
                answeredByState++;
                latencySink.accept(nowNanos - sentAt[slot]);
            }
            flags[slot] = RESOLVED;
        }
        if (upTo >= firstPending) {
            firstPending = upTo + 1;
        }
    }

    /** A {@code rejected} for {@code seq} arrived at {@code nowNanos}. */
    void reject(long seq, boolean rateLimitedAnswer, long nowNanos) {
        if (seq < firstPending || seq >= nextSeq) {
            return;
        }
        int slot = slot(seq);
        if ((flags[slot] & RESOLVED) != 0) {
            return;
        }
        if ((flags[slot] & MEASURED) != 0) {
            if (rateLimitedAnswer) {
                rateLimited++;
            } else {
                answeredByRejection++;
                latencySink.accept(nowNanos - sentAt[slot]);
            }
        }
        flags[slot] |= RESOLVED;
        while (firstPending < nextSeq && (flags[slot(firstPending)] & RESOLVED) != 0) {
            firstPending++;
        }
    }

    /** The run is over (or the connection is lost): every measured intent still pending counts as unanswered. */
    void abandonAsUnanswered() {
        unanswered += measuredPending();
        firstPending = nextSeq;
    }

    /** A new connection (after a portal transfer): forget what is pending without counting it as unanswered, and
     * number intents from 1 again. */
    void restart() {
        discarded += measuredPending();
        nextSeq = 1;
        firstPending = 1;
    }

    /** Measured intents sent and not answered yet. */
    long measuredPending() {
        long count = 0;
        for (long seq = firstPending; seq < nextSeq; seq++) {
            byte f = flags[slot(seq)];
            if ((f & RESOLVED) == 0 && (f & MEASURED) != 0) {
                count++;
            }
        }
        return count;
    }

    long pending() {
        return nextSeq - firstPending;
    }

    long lastSeq() {
        return nextSeq - 1;
    }

    long measured() {
        return measured;
    }

    long answeredByState() {
        return answeredByState;
    }

    long answeredByRejection() {
        return answeredByRejection;
    }

    long rateLimited() {
        return rateLimited;
    }

    long unanswered() {
        return unanswered;
    }

    long discarded() {
        return discarded;
    }

    private int slot(long seq) {
        return (int) (seq & (sentAt.length - 1));
    }

    private void grow() {
        long[] newSent = new long[sentAt.length * 2];
        byte[] newFlags = new byte[flags.length * 2];
        int newMask = newSent.length - 1;
        for (long seq = firstPending; seq < nextSeq; seq++) {
            newSent[(int) (seq & newMask)] = sentAt[slot(seq)];
            newFlags[(int) (seq & newMask)] = flags[slot(seq)];
        }
        sentAt = newSent;
        flags = newFlags;
    }
}
