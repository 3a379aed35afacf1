package lor.director.world.lease;

/** Another director runs the world: its lease is live. */
public final class LeaseHeldException extends Exception {

    private final String owner;

    public LeaseHeldException(String worldId, String owner) {
        super("world " + worldId + " is run by another director (" + owner + ")");
        this.owner = owner;
    }

    public String owner() {
        return owner;
    }
}
