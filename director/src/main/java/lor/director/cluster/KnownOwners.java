package lor.director.cluster;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import lor.director.world.admission.JoinTarget;
import lor.director.world.admission.SpawnSecrets;
import lor.protocol.ticket.TicketSigner;

/**
 * Who ran each world a moment ago, as the database said, and whether this director may sign the world's tickets
 * itself: it may when the spawn's ticket secret derives from the key this director holds too ({@link SpawnSecrets})
 * and the spawn is not ending. Remembered for {@link #FRESH_MILLIS}, so that a burst of joins does not ask the
 * database each time; forgotten sooner when the owner does not answer, or says the spawn is ending.
 *
 * <p>Keyed by worlds the database has (looked up first, or named by a director that runs them), so bounded by them.
 */
final class KnownOwners {

    static final long FRESH_MILLIS = 1_000;

    /**
     * @param director the director whose lease on the world is live
     * @param epoch    its spawn's epoch; 0 when its spawn is not recorded (starting)
     * @param direct   where to send players and the signer of their tickets, when this director may sign them;
     *                 null when the owner must be asked
     */
    record Known(String director, long epoch, JoinTarget direct, long untilNanos) {
    }

    private final SpawnSecrets secrets;
    private final Map<String, Known> known = new ConcurrentHashMap<>();
    /** Spawns their director said are ending (stopping, or exited), by world: their tickets are its alone again. */
    private final Map<String, Long> ending = new ConcurrentHashMap<>();

    KnownOwners(SpawnSecrets secrets) {
        this.secrets = secrets;
    }

    /** What was learnt of the world less than {@link #FRESH_MILLIS} ago; null if nothing. */
    Known fresh(String worldId) {
        Known k = known.get(worldId);
        return k != null && System.nanoTime() - k.untilNanos() < 0 ? k : null;
    }

    /** Remembers that {@code director} (not this one) runs the world, with {@code spawn} (null if unrecorded). */
    Known learn(String worldId, String director, LeaseOwners.Spawn spawn) {
        JoinTarget direct = null;
        long epoch = 0;
        if (spawn != null) {
            epoch = spawn.epoch();
            Long endingEpoch = ending.get(worldId);
            if (endingEpoch != null && endingEpoch != epoch) {
                ending.remove(worldId, endingEpoch);
                endingEpoch = null;
            }
            String secret = secrets.secretOf(worldId, spawn.epoch(), spawn.spawnTokenSha256(), spawn.ticketKeyId());
            if (secret != null && spawn.gameUrl() != null && endingEpoch == null) {
                // A spawn with a derived secret was started by a director of this version: it takes named tickets.
                direct = new JoinTarget(worldId, spawn.gameUrl(), TicketSigner.fromEncodedSecret(secret), true);
            }
        }
        Known k = new Known(director, epoch, direct,
                System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS));
        known.put(worldId, k);
        return k;
    }

    void forget(String worldId) {
        known.remove(worldId);
    }

    /**
     * The director running the world says its spawn {@code epoch} is ending: joins for it go to that director, which
     * holds them for the next spawn, until the database shows another spawn.
     */
    void ending(String worldId, long epoch) {
        ending.put(worldId, epoch);
        known.computeIfPresent(worldId, (id, k) -> k.epoch() == epoch ? null : k);
    }
}
