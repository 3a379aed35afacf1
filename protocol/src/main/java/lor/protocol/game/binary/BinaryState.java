package lor.protocol.game.binary;

/**
 * The {@code binary} encoding of {@code state}, negotiated with {@code "encoding":"binary"} in {@code hello}. Every
 * other message stays JSON text; only state frames become binary WebSocket frames. All integers are unsigned LEB128
 * varints; deltas are zigzag varints.
 *
 * <p>The map is cut into square <em>regions</em> of {@link #REGION_SIZE} cells on each layer, numbered
 * {@code (layer * regionsHigh + (y / 8)) * regionsWide + (x / 8)} with {@code regionsWide = ceil(width / 8)}. A
 * player's view is every region that intersects the square of the view radius around it. A frame carries only what
 * changed since the previous frame written on the connection (the baseline; TCP delivers frames in order, and a
 * connection that skipped a broadcast gets a reset frame), in parts that are encoded once per broadcast and shared
 * by every player whose view holds the region:
 * <pre>
 * u8      kind = 1 (state)
 * varint  tick
 * varint  ack                      highest intent seq of this connection a tick has processed
 * u8      flags                    bit 0: reset: forget every entity before applying this frame
 * varint  L, then L × varint region      regions that left the view: forget every entity in them
 * varint  E, then E × snapshot           regions that entered the view (all of them after a reset)
 * varint  C, then C × change             regions of the view with changes since the previous broadcast
 *
 * snapshot: varint region, varint n, n × entity
 * change:   varint region,
 *           varint d, d × varint id               entities that left this region (moved out or removed)
 *           varint a, a × entity                   entities that arrived in this region (moved in or added)
 *           varint m, m × (varint id, zigzag dx, zigzag dy)   entities that moved within this region
 * entity:   varint id, varint x, varint y, varint layer, u8 kind (1 player, 2 npc)
 * </pre>
 * A client applies a frame in this order: reset; left regions; every departure of every change; snapshots; every
 * arrival; every move. The entity set is then exactly the entities in the view's regions, at their positions at
 * {@code tick}.
 *
 * <p>In a world with a content pack, a second kind of frame carries what changed of its objects in the view's
 * regions, the clock's line and the player's inventory, written just before the state frame of the same broadcast,
 * and only when something changed for this connection. Kinds, items, recipes and lines are indices into the lists of
 * {@code welcome}'s {@code content}; the field's transmuted cells follow from the map, the pack's clock and the line,
 * so they are not sent:
 * <pre>
 * u8      kind = 2 (world)
 * varint  tick
 * u8      flags                    bit 0: reset: forget every object first; bit 1: line; bit 2: inventory
 * [bit 1] varint line
 * [bit 2] varint n, n × (varint item, varint count)   everything the player carries (counts above 0)
 * varint  R, R × varint id         objects removed, or no longer in the view
 * varint  U, U × object            objects new in the view, or changed
 * object: varint id, varint kind, varint x, varint y, varint layer, varint recipe + 1 (0: none),
 *         varint progress, varint ticks (of the running recipe; 0: idle), varint s, s × (varint item, varint count)
 * </pre>
 * A running recipe's progress at a later tick is {@code min(ticks, progress + (later - tick))}.
 *
 * <p>In a world that runs game modules, a third kind of frame carries the modules' attributes of the entities and the
 * cells of the modules' fields in the view's regions, written just before the state frame of the same broadcast (after
 * the world frame), and only when something of it changed for this connection. Its parts mirror the state frame's:
 * one per region that entered the view (every attribute of each of its entities, every non-empty cell) and one per
 * region still in view with changes (every attribute of an entity that arrived in it, the changed attributes of one
 * that stayed, every cell whose value changed, 0 for one emptied). Attributes are numbered across {@code
 * welcome.modules} in its order (a module's attributes after those of the modules before it), modules by their
 * position there:
 * <pre>
 * u8      kind = 3 (modules)
 * varint  tick
 * u8      flags                    bit 0: reset: forget every attribute value and field cell first
 * varint  R, then R × part
 * part:   varint region,
 *         varint a, a × (varint id, varint k, k × (varint attribute, zigzag value))
 *         varint c, c × (varint module, varint cell (within the region: (y % 8) * 8 + x % 8), varint value)
 * </pre>
 * A client applies it before the state frame that follows: reset; every part. The state frame then forgets the cells
 * of the regions it lists as left, and with each entity that leaves the view its attributes.
 */
public final class BinaryState {

    public static final String ENCODING = "binary";
    public static final int KIND_STATE = 1;
    public static final int KIND_WORLD = 2;
    public static final int KIND_MODULES = 3;
    public static final int MODULES_RESET = 1;
    public static final int WORLD_RESET = 1;
    public static final int WORLD_LINE = 2;
    public static final int WORLD_INVENTORY = 4;
    public static final int REGION_SIZE = 8;
    public static final int REGION_SHIFT = 3;
    public static final int FLAG_RESET = 1;
    public static final int ENTITY_PLAYER = 1;
    public static final int ENTITY_NPC = 2;

    private BinaryState() {
    }

    public static int regionsWide(int width) {
        return (width + REGION_SIZE - 1) >> REGION_SHIFT;
    }

    public static int regionsHigh(int height) {
        return (height + REGION_SIZE - 1) >> REGION_SHIFT;
    }

    public static int region(int x, int y, int layer, int regionsWide, int regionsHigh) {
        return (layer * regionsHigh + (y >> REGION_SHIFT)) * regionsWide + (x >> REGION_SHIFT);
    }
}
