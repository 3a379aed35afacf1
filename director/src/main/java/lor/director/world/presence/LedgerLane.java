package lor.director.world.presence;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import lor.protocol.log.LogRate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The membership ledger's writes, one at a time and in the order the worlds reported them, on the blocking
 * executor. Handed to that executor one by one, a player who left and came straight back (a connection closed for a
 * flood of intents, then a new join) could have the delete of the leave overtake the insert of the return on
 * another thread: the database would say the account is in no world while it plays in one, and no director would
 * let it go when it entered another. Bounded: beyond {@value #MAX_QUEUED} waiting writes (a database that stopped
 * answering) new ones are dropped and reported, as the executor's own saturation drops work.
 */
final class LedgerLane {

    private static final Logger LOG = LoggerFactory.getLogger(LedgerLane.class);
    private static final LogRate DROPPED = new LogRate();
    static final int MAX_QUEUED = 65_536;

    private final Executor blocking;
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    /** A drain is scheduled or running: it takes every write queued meanwhile. */
    private boolean draining;

    LedgerLane(Executor blocking) {
        this.blocking = blocking;
    }

    void submit(Runnable write) {
        synchronized (this) {
            if (queue.size() >= MAX_QUEUED) {
                long dropped = DROPPED.occurred();
                if (dropped > 0) {
                    LOG.warn("membership writes are not keeping up; {} dropped since the last report", dropped);
                }
                return;
            }
            queue.add(write);
            if (draining) {
                return;
            }
            draining = true;
        }
        try {
            blocking.execute(this::drain);
        } catch (RejectedExecutionException e) {
            // The writes wait in the queue for the next submit to schedule them.
            synchronized (this) {
                draining = false;
            }
            LOG.warn("membership writes wait: the blocking executor is saturated");
        }
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = queue.poll();
                if (next == null) {
                    draining = false;
                    return;
                }
            }
            try {
                next.run();
            } catch (RuntimeException e) {
                LOG.warn("a membership write failed: {}", e.toString());
            }
        }
    }
}
