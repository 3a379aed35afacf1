package lor.protocol.game;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.protocol.Message;

/**
 * ← {@code state}, ten times a second: the entities within the player's view at {@code tick}, and {@code ack}, the
 * highest {@code seq} of this connection a tick has processed (0 before any). In a world with a content pack also the
 * objects in view, the clock, the player's inventory when it changed (else null) and the field cells in view that
 * the clock's line transmutes, when they changed (else empty). In a world that runs game modules also {@code
 * fields}, every cell in view whose value on a module's field is not 0 (a cell in view not listed is empty); null,
 * and absent from the frame, in a world that runs none.
 */
public record StateMessage(long tick, long ack, List<EntityState> entities, List<ObjectState> objects,
                           ClockState clock, Map<String, Integer> inventory, List<CellState> cells,
                           List<FieldCell> fields)
        implements Message {

    public static final String TYPE = "state";

    public StateMessage {
        entities = List.copyOf(entities);
        objects = objects == null ? List.of() : List.copyOf(objects);
        cells = cells == null ? List.of() : List.copyOf(cells);
        fields = fields == null ? null : List.copyOf(fields);
    }

    public StateMessage(long tick, long ack, List<EntityState> entities, List<ObjectState> objects,
                        ClockState clock, Map<String, Integer> inventory, List<CellState> cells) {
        this(tick, ack, entities, objects, clock, inventory, cells, null);
    }

    public StateMessage(long tick, long ack, List<EntityState> entities) {
        this(tick, ack, entities, List.of(), null, null, List.of(), null);
    }

    /**
     * One object in view: {@code recipe} null for none, {@code progress} ticks done of the running recipe (0 when
     * idle), {@code stock} item → count.
     */
    public record ObjectState(int id, String kind, int x, int y, int layer, String recipe, int progress,
                              Map<String, Integer> stock) {
    }

    /** The clock's line (by name) and the world tick it was read at. */
    public record ClockState(String line, long tick) {
    }

    /** A field cell as the clock's line makes it, in the map's cell encoding. */
    public record CellState(int x, int y, int layer, int cell) {
    }

    /** A cell in view whose value on {@code module}'s field is {@code value}, not 0 (a value its cells name). */
    public record FieldCell(String module, int x, int y, int layer, int value) {
    }

    @Override
    public String type() {
        return TYPE;
    }

    /**
     * One entity: {@code kind} is {@code player} or {@code npc}; {@code attrs} every attribute the world's modules
     * declare → its value, in their order, or null in a world that runs no modules.
     */
    public record EntityState(int id, int x, int y, int layer, String kind, Map<String, Integer> attrs) {

        public EntityState {
            attrs = attrs == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(attrs));
        }

        public EntityState(int id, int x, int y, int layer, String kind) {
            this(id, x, y, layer, kind, null);
        }
    }
}
