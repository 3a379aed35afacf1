package lor.director.world;

/** A stored snapshot that cannot be turned into a world's state: starting the world from it would only fail. */
final class UnreadableSnapshotException extends RuntimeException {

    UnreadableSnapshotException(long seq, String why) {
        super("its snapshot seq " + seq + " cannot be loaded: " + why);
    }
}
