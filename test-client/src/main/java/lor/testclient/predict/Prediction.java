package lor.testclient.predict;

import java.util.List;
import java.util.Map;

import lor.protocol.game.MapEncoding;
import lor.protocol.game.MapMessage;
import lor.protocol.game.StateMessage;
import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Portal;
import lor.sim.module.ActionArguments;
import lor.sim.module.AttributeSpec;
import lor.sim.module.WorldModules;
import lor.sim.predict.Predictor;
import lor.sim.world.IntentOutcome;

/**
 * Client-side prediction on the server's own rules, of steps and of actions on objects: sim-core's
 * {@link Predictor} (the browser runs the same class, compiled to JavaScript), fed from the protocol's {@code map},
 * {@code welcome}, {@code state} and {@code rejected} messages. Not thread-safe.
 */
public final class Prediction {

    private final Predictor predictor;
    private final ContentPack pack;
    private final WorldModules modules;
    /** What the player carries, as the welcome or the last state that carried it said; null when neither did. */
    private Map<String, Integer> inventory;

    /**
     * @param pack      the world's content pack, compiled from {@code welcome}'s {@code content}
     * @param tick      the welcome's tick, whose clock line the field starts on
     * @param inventory the welcome's inventory, or null
     */
    public Prediction(MapMessage map, ContentPack pack, long tick, int entityId, int x, int y, int layer,
                      Map<String, Integer> inventory) {
        this(map, pack, WorldModules.none(), tick, entityId, x, y, layer, inventory);
    }

    /** @param modules the world's game modules, whose code predicts this player's {@code act} intents */
    public Prediction(MapMessage map, ContentPack pack, WorldModules modules, long tick, int entityId, int x, int y,
                      int layer, Map<String, Integer> inventory) {
        GridSize size = new GridSize(map.width(), map.height(), map.layers());
        // A client knows where a portal leads, not to which cell: the target cell is left at the origin.
        List<Portal> portals = map.portals().stream()
                .map(p -> new Portal(p.number(), p.worldId(), 0, 0, 0))
                .toList();
        Grid grid = Grid.of(size, MapEncoding.decode(map.cells(), size.cells()), map.spawnX(), map.spawnY(),
                map.spawnLayer(), portals);
        this.predictor = new Predictor(grid, pack, modules, tick, entityId, x, y, layer);
        this.pack = pack;
        this.modules = modules;
        this.inventory = inventory;
        tellInventory();
    }

    public Grid grid() {
        return predictor.grid();
    }

    /** The map as the clock's line of the last state transmutes it. */
    public Field field() {
        return predictor.field();
    }

    /** Applies a step locally at once. @return the predicted outcome */
    public IntentOutcome apply(long seq, Direction direction) {
        return predictor.apply(seq, direction);
    }

    /**
     * Applies an action on an object locally at once, as the server's tick will.
     *
     * @param packed an {@link lor.sim.world.ObjectIntent}
     * @return the predicted outcome
     */
    public IntentOutcome act(long seq, long packed) {
        return predictor.act(seq, packed);
    }

    /**
     * Applies a game module's action locally at once, by the module's own code.
     *
     * @param fields the action's fields as the wire carries them
     * @return null when predicted carried out, else the predicted reason for refusing it ({@code unknown_action} and
     *         {@code bad_field} as the world checks them)
     */
    public String act(long seq, String action, Map<String, ?> fields) {
        WorldModules.ActionRef ref = action == null ? null : modules.action(action);
        if (ref == null) {
            return "unknown_action";
        }
        ActionArguments.Checked checked = ActionArguments.check(ref.spec(), fields, pack);
        if (!checked.ok()) {
            return "bad_field";
        }
        return predictor.act(seq, ref, checked.values());
    }

    /** Reconciles with an authoritative state. */
    public void onState(StateMessage state) {
        predictor.beginState(state.tick());
        List<AttributeSpec> attributes = modules.attributes();
        for (StateMessage.EntityState e : state.entities()) {
            predictor.entity(e.id(), e.x(), e.y(), e.layer());
            if (e.attrs() != null) {
                for (int a = 0; a < attributes.size(); a++) {
                    Integer value = e.attrs().get(attributes.get(a).name());
                    if (value != null) {
                        predictor.attribute(e.id(), a, value);
                    }
                }
            }
        }
        if (state.fields() != null) {
            for (StateMessage.FieldCell c : state.fields()) {
                predictor.fieldCell(moduleIndex(c.module()), c.x(), c.y(), c.layer(), c.value());
            }
        }
        for (StateMessage.ObjectState o : state.objects()) {
            predictor.object(o.id(), o.kind() == null ? -1 : pack.kindIndex(o.kind()), o.x(), o.y(), o.layer(),
                    o.recipe() == null ? -1 : pack.recipeIndex(o.recipe()));
            if (o.stock() != null) {
                o.stock().forEach((item, count) -> predictor.objectStock(pack.itemIndex(item), count));
            }
        }
        if (state.inventory() != null) {
            inventory = state.inventory();
        }
        tellInventory();
        if (state.clock() != null) {
            predictor.clockLine(state.clock().line());
        }
        predictor.endState(state.ack());
    }

    /**
     * The server refused an intent ({@code rejected}): a {@code rate_limited} one never reached a tick and never
     * happened; an action's reason is what its predicted outcome is judged against.
     */
    public void rejected(long seq, String reason) {
        predictor.rejected(seq, reason);
    }

    private int moduleIndex(String name) {
        return modules.indexOf(name);
    }

    /** Whether a game module's field walls a cell, as the prediction has it. */
    public boolean moduleBlocks(int x, int y, int layer) {
        return predictor.moduleBlocks(x, y, layer);
    }

    /** A module's field cell as the prediction has it (0 for empty or unknown). */
    public int fieldCell(String module, int x, int y, int layer) {
        int m = moduleIndex(module);
        return m < 0 ? 0 : predictor.fieldCell(m, x, y, layer);
    }

    /** An inventory lists the items carried: one it leaves out is carried no more. */
    private void tellInventory() {
        if (inventory == null) {
            return;
        }
        for (int item = 0; item < pack.itemCount(); item++) {
            predictor.inventory(item, inventory.getOrDefault(pack.item(item), 0));
        }
    }

    public int x() {
        return predictor.x();
    }

    public int y() {
        return predictor.y();
    }

    public int layer() {
        return predictor.layer();
    }

    public int predictedX() {
        return predictor.predictedX();
    }

    public int predictedY() {
        return predictor.predictedY();
    }

    public int pendingCount() {
        return predictor.pendingCount();
    }

    /** Steps and actions whose predicted outcome was not the server's. */
    public long mispredictions() {
        return predictor.mispredictions();
    }

    /** Actions on objects the server answered, each judged against the prediction. */
    public long judgedActions() {
        return predictor.judgedActions();
    }

    /** The judged actions whose predicted outcome was not the server's. */
    public long mispredictedActions() {
        return predictor.mispredictedActions();
    }

    /** States that acknowledged at least one intent. */
    public long reconciled() {
        return predictor.reconciled();
    }

    /**
     * The entity in a cell as of the last state, or minus the object's id (0: free or unknown); never this player's
     * own entity.
     */
    public int other(int cx, int cy, int cl) {
        return predictor.other(cx, cy, cl);
    }
}
