package lor.director.world;

import java.util.concurrent.CompletableFuture;

import lor.director.db.DataAccessException;
import lor.protocol.JsonPayload;
import lor.protocol.control.WorldHydrateMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sending a registered world the newest snapshot to hydrate from. The snapshot is read ahead while the world's JVM
 * starts (or a warm spare builds the world), off the join's critical path; an unreadable snapshot fails the world
 * (another start would read the same row), a database away kills the spawn so that the next join tries again.
 */
final class WorldHydration {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    private final LocalDirector director;

    WorldHydration(LocalDirector director) {
        this.director = director;
    }

    /**
     * Sends the world its newest snapshot: the one read ahead at launch or assignment if nothing newer was persisted
     * since, or else one read now.
     */
    void send(WorldInstance w, WorldProcess p, ControlChannel channel) {
        CompletableFuture<WorldHydrateMessage> prefetched = p.takePrefetched();
        if (prefetched == null) {
            director.runBlocking(() -> loadAndSend(w, p, channel), p::kill);
            return;
        }
        prefetched.whenComplete((hydrate, error) -> {
            if (error == null && hydrate.seq() >= w.lastSnapshotSeq()) {
                sendHydrate(w, p, channel, hydrate);
            } else {
                director.runBlocking(() -> loadAndSend(w, p, channel), p::kill);
            }
        });
    }

    /** Reads the snapshot a world will be hydrated from while it starts. */
    void prefetch(WorldInstance w, WorldProcess p) {
        CompletableFuture<WorldHydrateMessage> prefetched = new CompletableFuture<>();
        p.prefetch(prefetched);
        director.runBlocking(() -> {
            try {
                prefetched.complete(load(w));
            } catch (RuntimeException e) {
                prefetched.completeExceptionally(e);
            }
        }, () -> prefetched.completeExceptionally(new IllegalStateException("blocking executor saturated")));
    }

    private void loadAndSend(WorldInstance w, WorldProcess p, ControlChannel channel) {
        WorldHydrateMessage hydrate;
        try {
            hydrate = load(w);
        } catch (UnreadableSnapshotException e) {
            LOG.error("world {}: {}", w.worldId(), e.getMessage());
            // Its exit marks the world failed with this reason: another start would read the same row.
            p.cannotRun(e.getMessage() + " (the row is kept for inspection)");
            return;
        } catch (DataAccessException e) {
            LOG.error("cannot load the snapshot of world {}: {}", w.worldId(), e.getMessage());
            p.abort(new WorldUnavailableException("the world's state is unavailable"));
            return;
        }
        sendHydrate(w, p, channel, hydrate);
    }

    private static void sendHydrate(WorldInstance w, WorldProcess p, ControlChannel channel,
                                    WorldHydrateMessage hydrate) {
        p.hydratingFrom(hydrate.seq());
        LOG.info("hydrating world {} from snapshot seq {}", w.worldId(), hydrate.seq());
        channel.send(hydrate);
    }

    private WorldHydrateMessage load(WorldInstance w) {
        return director.snapshots.latest(w.worldId())
                .map(s -> new WorldHydrateMessage(w.worldId(), s.seq(), state(s.seq(), s.stateJson())))
                .orElse(new WorldHydrateMessage(w.worldId(), 0, null));
    }

    /**
     * The stored text, handed on as it is. It is not parsed (the director never reads a world's state), only looked
     * at for its braces: a row that is plainly no object fails the world here, before any process reads it. Text
     * that looks like an object but is not JSON is the world's to refuse: it exits with
     * {@code UNREADABLE_SNAPSHOT}, which fails the world as well.
     */
    private static JsonPayload state(long seq, String json) {
        String trimmed = json.strip();
        if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) {
            throw new UnreadableSnapshotException(seq, "its state is not a JSON object");
        }
        return JsonPayload.ofText(json);
    }
}
