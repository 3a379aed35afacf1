package lor.director.world;

/** The world could not be claimed here: another director's lease on it is live, and that director serves it. */
public final class RunElsewhereException extends WorldUnavailableException {

    private final String owner;

    public RunElsewhereException(String owner) {
        // The other director's name is for routing and the operator's log, not for players.
        super("the world is run by another director");
        this.owner = owner;
    }

    public String owner() {
        return owner;
    }
}
