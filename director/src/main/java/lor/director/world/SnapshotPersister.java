package lor.director.world;

import java.util.concurrent.CompletableFuture;

import lor.director.db.DataAccessException;
import lor.director.world.store.SnapshotRepository;
import lor.protocol.control.WorldSnapshotMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores the snapshots worlds send, idempotent by (world, seq) and only under the world's current epoch. A
 * snapshot is acknowledged once committed; while the database is away it is retried until stored, unless a newer
 * one from the same process replaces it or the process is gone.
 */
final class SnapshotPersister {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    /** Longest wait between two attempts to persist a snapshot while the database is unavailable. */
    static final long RETRY_MAX_MILLIS = 2_000;

    private final LocalDirector director;

    SnapshotPersister(LocalDirector director) {
        this.director = director;
    }

    /** Completes once the snapshot is committed (or was already stored): when the sender may be acknowledged. */
    CompletableFuture<Void> persist(ControlChannel channel, String registeredWorldId, WorldSnapshotMessage message) {
        WorldInstance w = director.worlds.get(registeredWorldId);
        if (w == null || !registeredWorldId.equals(message.worldId())) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("snapshot for another world"));
        }
        if (message.seq() <= 0) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("snapshot seq must be positive"));
        }
        if (director.fenced()) {
            // Not acknowledged: the world keeps it and sends it to the director that adopts it.
            return CompletableFuture.failedFuture(new IllegalStateException("fenced off"));
        }
        WorldProcess p = w.currentOn(channel);
        if (p != null) {
            p.snapshotSent(message.seq());
        }
        if (p == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("not the world's current process"));
        }
        // The text the world sent, kept by the control codec: stored as it is, never parsed here.
        String json = message.state().text();
        CompletableFuture<Void> done = new CompletableFuture<>();
        store(w, p, message.seq(), json, message.last(), 1, done);
        return done;
    }

    private void store(WorldInstance w, WorldProcess p, long seq, String json, boolean last, int attempt,
                       CompletableFuture<Void> done) {
        director.runBlocking(() -> {
            try {
                SnapshotRepository.Outcome outcome = director.snapshots.store(w.worldId(), p.epoch(), seq, json);
                if (outcome == SnapshotRepository.Outcome.SEQ_NOT_ABOVE && p.supersededAt(seq) != null) {
                    // Overtaken by a newer one from the same process on another thread (a resent snapshot and the
                    // next periodic one, after a reconnect): that one's ack covers it.
                    LOG.debug("world {} snapshot seq {} overtaken by a newer one", w.worldId(), seq);
                    done.completeExceptionally(new IllegalStateException("superseded"));
                    return;
                }
                if (!outcome.acknowledged()) {
                    refused(w, p, seq, outcome);
                    done.completeExceptionally(new IllegalStateException("snapshot refused: " + outcome));
                    return;
                }
                stored(w, seq, json, last, outcome == SnapshotRepository.Outcome.WRITTEN);
                done.complete(null);
            } catch (DataAccessException e) {
                // Retried until stored, however long the database is away, unless the world has moved on: a
                // snapshot is a full state, so a newer one from the process replaces it, and a gone process
                // needs no ack.
                String supersededBy = p.supersededAt(seq);
                if (supersededBy != null) {
                    director.metrics.snapshotFailures.incrementAndGet();
                    LOG.warn("world {} snapshot seq {} not persisted ({}); dropped: {}", w.worldId(), seq,
                            e.getMessage(), supersededBy);
                    done.completeExceptionally(e);
                    return;
                }
                long delay = Math.min(250L << Math.min(attempt, 4), RETRY_MAX_MILLIS);
                if (attempt == 1 || attempt % 10 == 0) {
                    LOG.warn("world {} snapshot seq {} not persisted ({}); attempt {}, retrying every {} ms until "
                            + "the database answers", w.worldId(), seq, e.getMessage(), attempt, delay);
                }
                director.schedule(() -> store(w, p, seq, json, last, attempt + 1, done), delay);
            }
        }, () -> done.completeExceptionally(new WorldUnavailableException("director overloaded")));
    }

    private void stored(WorldInstance w, long seq, String json, boolean last, boolean written) {
        (written ? director.metrics.snapshotsPersisted : director.metrics.snapshotDuplicates).incrementAndGet();
        w.snapshotStored(seq);
        if (last || !written) {
            LOG.info("world {} {}snapshot seq {} {} ({} bytes)", w.worldId(), last ? "final " : "", seq,
                    written ? "persisted" : "was already stored", json.length());
        } else {
            LOG.debug("world {} snapshot seq {} persisted ({} bytes)", w.worldId(), seq, json.length());
        }
    }

    /**
     * A snapshot the database would not take. From an older epoch, the process has been fenced off (another spawn
     * or director claimed the world since): it must not run on. A seq not above the stored one is refused and the
     * world keeps running; its next snapshot goes on from its own seq.
     */
    private void refused(WorldInstance w, WorldProcess p, long seq, SnapshotRepository.Outcome outcome) {
        director.metrics.snapshotRefusals.incrementAndGet();
        if (outcome == SnapshotRepository.Outcome.STALE_EPOCH) {
            LOG.error("world {} snapshot seq {} refused: pid {} runs epoch {}, but the world has been claimed again "
                    + "since; killing the fenced-off process", w.worldId(), seq, p.pid(), p.epoch());
            p.kill();
        } else {
            LOG.error("world {} snapshot seq {} refused: not above the stored seq", w.worldId(), seq);
        }
    }
}
