package lor.sim.grid;

/** A map text that cannot be read; the message names the layer, row and column where it can. */
public final class MapFormatException extends IllegalArgumentException {

    public MapFormatException(String message) {
        super(message);
    }
}
