package lor.world.snapshot;

import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import lor.protocol.MessageCodec;
import lor.protocol.control.ControlMessages;
import lor.protocol.control.WorldSnapshotMessage;
import lor.sim.world.WorldSnapshot;
import lor.world.control.ControlLink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers snapshots to the director until one is acknowledged. The tick thread hands over an immutable copy;
 * encoding happens on the I/O executor. Snapshots are full states, so only the newest unacknowledged one is kept:
 * it replaces older ones, is sent at once if the director is reachable, and is sent again after every reconnect.
 */
public final class SnapshotOutbox {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotOutbox.class);

    private final String worldId;
    private final ControlLink link;
    private final Executor io;
    private final MessageCodec codec = ControlMessages.worldCodec();
    /** Waiters by seq; completed when any ack at or above their seq arrives. */
    private final Map<Long, CompletableFuture<Void>> waiters = new TreeMap<>();
    private long pendingSeq;
    private String pendingJson;
    private long ackedSeq;

    public SnapshotOutbox(String worldId, ControlLink link, Executor io) {
        this.worldId = worldId;
        this.link = link;
        this.io = io;
    }

    /** Called on the tick thread with a copy it will not touch again. */
    public void publish(long seq, WorldSnapshot snapshot, boolean last) {
        io.execute(() -> {
            String json = codec.encode(new WorldSnapshotMessage(worldId, seq,
                    SnapshotCodec.encode(snapshot), last));
            synchronized (this) {
                if (seq <= ackedSeq || seq < pendingSeq) {
                    return;
                }
                pendingSeq = seq;
                pendingJson = json;
            }
            if (link.sendText(json)) {
                LOG.debug("snapshot seq {} sent ({} bytes)", seq, json.length());
            } else {
                LOG.debug("snapshot seq {} kept until the director can take it", seq);
            }
        });
    }

    /** Called when the director acknowledges {@code seq}. */
    public void onAck(long seq) {
        synchronized (this) {
            if (seq > ackedSeq) {
                ackedSeq = seq;
            }
            if (pendingSeq <= ackedSeq) {
                pendingJson = null;
            }
            Iterator<Map.Entry<Long, CompletableFuture<Void>>> it = waiters.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<Long, CompletableFuture<Void>> waiter = it.next();
                if (waiter.getKey() > ackedSeq) {
                    break;
                }
                it.remove();
                waiter.getValue().complete(null);
            }
        }
        LOG.debug("snapshot seq {} acknowledged", seq);
    }

    /**
     * Sends the unacknowledged snapshot again, if there is one; called after the control channel reconnects and
     * whenever it drains after being backed up.
     */
    public void resend() {
        String json;
        long seq;
        synchronized (this) {
            json = pendingJson;
            seq = pendingSeq;
        }
        if (json != null && link.sendText(json)) {
            LOG.info("resent unacknowledged snapshot seq {}", seq);
        }
    }

    /** Completes once the director has acknowledged {@code seq} or a later snapshot. */
    public synchronized CompletableFuture<Void> acknowledged(long seq) {
        if (seq <= ackedSeq) {
            return CompletableFuture.completedFuture(null);
        }
        return waiters.computeIfAbsent(seq, s -> new CompletableFuture<>());
    }

    public synchronized long ackedSeq() {
        return ackedSeq;
    }
}
