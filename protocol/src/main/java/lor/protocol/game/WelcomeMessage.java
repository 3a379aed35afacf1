package lor.protocol.game;

import java.util.Map;

import lor.protocol.Message;
import tools.jackson.databind.node.ObjectNode;

/**
 * ← {@code welcome}: the player's entity, the world's clock and grid, and where the player stands; in a world with a
 * content pack, the pack ({@code content}: items, objects, recipes, formulas, clock, as the studio wrote it) and what
 * the player carries ({@code inventory}, item → count); both null in a world without one.
 */
public record WelcomeMessage(int entityId, long tick, int tickRate, int broadcastRate, GridSize grid, Position you,
                             String encoding, ObjectNode content, Map<String, Integer> inventory, Object ref)
        implements Message {

    public WelcomeMessage(int entityId, long tick, int tickRate, int broadcastRate, GridSize grid, Position you,
                          String encoding, Object ref) {
        this(entityId, tick, tickRate, broadcastRate, grid, you, encoding, null, null, ref);
    }

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
