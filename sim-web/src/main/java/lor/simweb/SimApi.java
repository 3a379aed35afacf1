package lor.simweb;

import org.teavm.jso.JSExport;

/**
 * What the page calls of sim-core, compiled to JavaScript by TeaVM into {@code sim.js} (the script's exports): the
 * prediction ({@link #predictor}, a {@link PagePrediction} whose methods it calls) and {@link #lastError}. Nothing else
 * is exported: the seeded worlds that compare the compiled simulation with the JVM's are the test script's
 * ({@code sim-test.js}, compiled from this module's tests by the same build).
 *
 * <p>Numbers, booleans, strings and exported objects cross into JavaScript.
 */
public final class SimApi {

    private SimApi() {
    }

    /** Nothing to do at load: the exported functions are the API. */
    public static void main(String[] args) {
    }

    private static String lastError = "";

    /**
     * A prediction for this player in a world: the {@code map} message's {@code cells} ({@code rle-varint}) and
     * sizes; {@code welcome}'s {@code content} as JSON text ({@code ""} for a world without a pack); the player's
     * entity and position as of {@code tick}.
     *
     * @return the prediction, whose methods the page calls, or null with {@link #lastError} saying why
     */
    @JSExport
    public static PagePrediction predictor(String cells, int width, int height, int layers, String content,
                                           double tick, int entityId, int x, int y, int layer) {
        try {
            return new PagePrediction(cells, width, height, layers, content, (long) tick, entityId, x, y, layer);
        } catch (IllegalArgumentException e) {
            lastError = e.getMessage();
            return null;
        }
    }

    /** Why the last call that could fail did. */
    @JSExport
    public static String lastError() {
        return lastError;
    }
}
