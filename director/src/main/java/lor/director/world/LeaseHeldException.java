package lor.director.world;

/** Another director runs the world: its lease is live. */
public final class LeaseHeldException extends Exception {

    public LeaseHeldException(String worldId, String owner) {
        super("world " + worldId + " is run by another director (" + owner + ")");
    }
}
