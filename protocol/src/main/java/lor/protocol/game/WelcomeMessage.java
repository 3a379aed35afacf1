package lor.protocol.game;

import lor.protocol.Message;

/** ← {@code welcome}: the player's entity, the world's clock and grid, and where the player stands. */
public record WelcomeMessage(int entityId, long tick, int tickRate, int broadcastRate, GridSize grid, Position you,
                             String encoding, Object ref) implements Message {

    public static final String TYPE = "welcome";

    @Override
    public String type() {
        return TYPE;
    }

    /** The grid's dimensions in cells. */
    public record GridSize(int width, int height, int layers) {
    }

    /** A cell of the grid. */
    public record Position(int x, int y, int layer) {
    }
}
