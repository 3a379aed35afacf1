package lor.director.world;

/** The world cannot take players now; the message is safe to show to a client. */
public class WorldUnavailableException extends RuntimeException {

    public WorldUnavailableException(String message) {
        super(message, null, false, false);
    }
}
