package lor.protocol.game;

import java.util.Map;

import lor.protocol.Message;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * ← {@code welcome}: the player's entity, the world's clock and grid, and where the player stands; in a world with a
 * content pack, the pack ({@code content}: items, objects, recipes, formulas, clock, as the studio wrote it) and what
 * the player carries ({@code inventory}, item → count); both null in a world without one. {@code modules} is the
 * contract's {@code welcome.modules}: the game modules the world runs, as JSON the way the world built it (a module
 * may add keys of its own, so a client reads what it knows and ignores the rest); empty, never null, when it runs
 * none.
 */
public record WelcomeMessage(int entityId, long tick, int tickRate, int broadcastRate, GridSize grid, Position you,
                             String encoding, ObjectNode content, Map<String, Integer> inventory, ArrayNode modules,
                             Object ref)
        implements Message {

    public static final String TYPE = "welcome";

    /** @param modules null for none, kept as the empty array that a decoded welcome without modules holds */
    public WelcomeMessage {
        modules = modules == null ? JsonNodeFactory.instance.arrayNode() : modules;
    }

    public WelcomeMessage(int entityId, long tick, int tickRate, int broadcastRate, GridSize grid, Position you,
                          String encoding, ObjectNode content, Map<String, Integer> inventory, Object ref) {
        this(entityId, tick, tickRate, broadcastRate, grid, you, encoding, content, inventory, null, ref);
    }

    public WelcomeMessage(int entityId, long tick, int tickRate, int broadcastRate, GridSize grid, Position you,
                          String encoding, Object ref) {
        this(entityId, tick, tickRate, broadcastRate, grid, you, encoding, null, null, null, ref);
    }

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
