package lor.director.world.lease;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import lor.director.world.admission.SpawnSecrets;
import lor.director.world.store.WorldRepository;

/**
 * Who may run a world, decided by the database so that two directors (or two racing spawns) never run one world
 * twice. A claim bumps the world's epoch; snapshots are stored only under the current epoch. Beside each lease, the
 * spawn record of the process that runs the world lets a restarted director take the world back.
 */
public interface WorldLeases {

    /**
     * Takes the world for this director and starts a new epoch.
     *
     * @return the new epoch, and the world as stored when it was claimed
     * @throws LeaseHeldException   when another director's lease on the world is live
     * @throws UnknownWorldException when the world has been removed (through any director)
     */
    Claim claim(String worldId) throws LeaseHeldException;

    /**
     * A won claim. The world's name and settings come with it, read in the claim's transaction: another director may
     * have changed them since this one last read them, and a spawn must run the world as it is defined now.
     *
     * @param stored the world's row as the claim found it; null where leases are kept apart from the worlds'
     *               definitions (tests without a database): the director's own copy stands
     */
    record Claim(long epoch, WorldRepository.WorldRecord stored) {
    }

    /**
     * Extends this director's leases on the worlds it runs; a lease not renewed expires and another director may
     * claim. A world this director let go keeps its lease until it expires, so that its process, if no other
     * director adopts it, has ended by then (see {@link LeaseKeeper}).
     *
     * @param running the worlds this director has a process (or a claim under way) for
     * @return those of them whose leases this director still holds: one missing was taken over by another director
     */
    Set<String> renewAll(Set<String> running);

    /** Gives the world up, if this epoch still holds it, and forgets its spawn record. */
    void release(String worldId, long epoch);

    /** Gives up every world this director holds: it is shutting down and its worlds have exited. */
    void releaseAll();

    /**
     * Notes which process of this director runs the world under {@code epoch}, replacing the record of an earlier
     * spawn.
     *
     * @param processStartedAt when the OS started it, or null where the OS does not say
     * @param gameUrl          where players reach it, for a director that adopts it
     * @param ticketKeyId      the shared key its ticket secret is derived from ({@link SpawnSecrets}); null for none
     */
    default void recordSpawn(String worldId, long epoch, long pid, Instant processStartedAt, int gamePort,
                             byte[] spawnTokenSha256, String gameUrl, String ticketKeyId) {
    }

    /**
     * The spawn records of worlds whose lease is still held by a director of this host that is gone (crashed or
     * killed): the worlds a director restarted here may take back. Leases of gone directors without a record are
     * given up on the way, so that their worlds can be started at once rather than after the lease expires.
     */
    default List<SpawnRecord> leftBehind() {
        return List.of();
    }

    /**
     * Takes over the lease of a world left behind by {@code previousOwner}, keeping its epoch: the process that runs
     * the world goes on storing snapshots under it.
     *
     * @param ticketKeyId the shared key this director derives the spawn's ticket secret from; null for none
     * @return false when the world has been claimed since (the record is stale)
     */
    default boolean takeOver(String worldId, long epoch, String previousOwner, String ticketKeyId) {
        return false;
    }

    /**
     * Takes over a running world whose process came to this director with the spawn token of the world's current
     * spawn (its own director died, or let it go): the lease becomes this director's under the same epoch, whoever
     * held it, because the process that proves the token is the one that runs the world.
     *
     * @param ticketKeyId the shared key this director derives the spawn's ticket secret from; null for none
     * @return the world's spawn record when adopted; else whether the token is stale (another spawn's) or the
     *         current spawn is not recorded yet (its director records it once it runs)
     */
    default Adoption adopt(String worldId, byte[] spawnTokenSha256, String ticketKeyId) {
        return Adoption.STALE;
    }

    /** What {@link #adopt} found. */
    record Adoption(SpawnRecord record, boolean unrecorded) {

        /** The token is not the current spawn's: another process runs (or ran) the world. */
        static final Adoption STALE = new Adoption(null, false);
        /** A spawn under way whose director has not recorded it yet: it may be this token's. */
        static final Adoption UNRECORDED = new Adoption(null, true);

        static Adoption of(SpawnRecord record) {
            return new Adoption(record, false);
        }
    }
}
