package lor.director.world;

/**
 * Who may run a world, decided by the database so that two directors (or two racing spawns) never run one world
 * twice. A claim bumps the world's epoch; snapshots are stored only under the current epoch.
 */
public interface WorldLeases {

    /**
     * Takes the world for this director and starts a new epoch.
     *
     * @return the new epoch
     * @throws LeaseHeldException when another director's lease on the world is live
     */
    long claim(String worldId) throws LeaseHeldException;

    /** Extends every lease this director holds; a lease not renewed expires and another director may claim. */
    void renewAll();

    /** Gives the world up, if this epoch still holds it. */
    void release(String worldId, long epoch);

    /** Gives up every world this director holds: it is shutting down and its worlds have exited. */
    void releaseAll();
}
