package lor.world.snapshot;

import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

import lor.protocol.JsonPayload;
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
    /** Whether the pending snapshot went out on the current connection (a drain must not send it twice). */
    private boolean pendingSent;
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
                    JsonPayload.of(SnapshotCodec.encode(snapshot)), last));
            synchronized (this) {
                if (seq <= ackedSeq || seq < pendingSeq) {
                    return;
                }
                pendingSeq = seq;
                pendingJson = json;
                pendingSent = false;
            }
            send(seq, json, "sent");
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
     * Sends the unacknowledged snapshot again, if there is one: called after the control channel reconnects, since
     * the director may have lost what the old connection carried. Only an ack proves it arrived.
     */
    public void resend() {
        String json;
        long seq;
        synchronized (this) {
            pendingSent = false;
            json = pendingJson;
            seq = pendingSeq;
        }
        if (json != null && send(seq, json, "resent")) {
            LOG.info("resent unacknowledged snapshot seq {}", seq);
        }
    }

    /**
     * Sends the newest snapshot if it was kept back while the channel was backed up; called when the channel
     * drains. One already sent on this connection is not sent again: a snapshot larger than the write buffer
     * backs the channel up by itself, and resending it on every drain would send it over and over until its ack.
     */
    public void sendKept() {
        String json;
        long seq;
        synchronized (this) {
            if (pendingSent) {
                return;
            }
            json = pendingJson;
            seq = pendingSeq;
        }
        if (json != null) {
            send(seq, json, "sent after the channel drained");
        }
    }

    private boolean send(long seq, String json, String what) {
        boolean sent = link.sendText(json);
        synchronized (this) {
            if (sent && pendingSeq == seq && pendingJson == json) {
                pendingSent = true;
            }
        }
        if (sent) {
            LOG.debug("snapshot seq {} {} ({} bytes)", seq, what, json.length());
        } else {
            LOG.debug("snapshot seq {} kept until the director can take it", seq);
        }
        return sent;
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
