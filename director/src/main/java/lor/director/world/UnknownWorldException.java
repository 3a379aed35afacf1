package lor.director.world;

/** No world with this id is registered. */
public final class UnknownWorldException extends RuntimeException {

    public UnknownWorldException(String worldId) {
        super("no world " + worldId, null, false, false);
    }
}
