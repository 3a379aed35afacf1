package lor.sim.predict;

import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.grid.GridSize;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.util.IntList;
import lor.sim.world.IntentOutcome;
import lor.sim.world.ObjectActions;

/**
 * A client's copy of the objects it sees and of its own inventory, on which its actions on objects are predicted
 * with the server's own {@link ObjectActions}: rebuilt from each authoritative state, then changed by the actions
 * not yet acknowledged. Objects get ids of their own here; {@code serverIds} maps back to the server's (0 for one
 * the prediction built). A recipe in progress is known only by its selection, so what dismantling it refunds can
 * be predicted wrong (as a contested cell can be).
 */
final class ObjectMirror {

    private static final long ACCOUNT = 1;
    /** Room for objects built by pending actions beyond those in the last state. */
    private static final int SPARE = 32;

    private final ContentPack pack;
    private final GridSize size;
    private final Field field;
    private final int[] occupancy;
    /** The last state's objects: server id, kind, cell, recipe, then its stock as item, count pairs; -1 between two. */
    private final IntList seen = new IntList(64);
    private int objectsSeen;
    /** The last state's inventory, item by item (the pack's starting one until a state says otherwise). */
    private final int[] inventory;
    private ObjectEngine engine;
    private Inventories.Inventory mine;
    private ObjectActions actions;
    private int[] serverIds = new int[0];
    /** Whether a client uses it: one that only steps pays nothing for it. */
    private boolean engaged;

    ObjectMirror(ContentPack pack, Field field, int[] occupancy) {
        this.pack = pack;
        this.size = field.grid().size();
        this.field = field;
        this.occupancy = occupancy;
        this.inventory = new int[pack.itemCount()];
        for (int i = 0; i < inventory.length; i++) {
            inventory[i] = pack.startCount(i);
        }
    }

    boolean hasObjects() {
        return pack.kindCount() > 0;
    }

    /** From now on the copy is rebuilt with every state: the client acts on objects or reads them. */
    void engage() {
        engaged = true;
    }

    boolean engaged() {
        return engaged;
    }

    /** A state begins: its objects follow. */
    void beginState() {
        seen.clear();
        objectsSeen = 0;
    }

    void object(int serverId, int kind, int cell, int recipe) {
        if (seen.size() > 0) {
            seen.add(-1);
        }
        objectsSeen++;
        seen.add(serverId);
        seen.add(kind);
        seen.add(cell);
        seen.add(recipe);
    }

    /** An item in the stock of the object given last. */
    void stock(int item, int count) {
        if (seen.size() > 0 && item >= 0 && item < pack.itemCount() && count > 0) {
            seen.add(item);
            seen.add(count);
        }
    }

    void inventory(int item, int count) {
        if (item >= 0 && item < inventory.length) {
            inventory[item] = count;
        }
    }

    /**
     * Rebuilds the copy from the last state, its objects written into the occupancy (whose entities the caller has
     * written): the point from which pending actions are replayed. The cells the previous copy held are freed first.
     */
    void reset(long tick) {
        if (engine != null) {
            for (int id = 1; id < engine.idBound(); id++) {
                if (engine.exists(id) && occupancy[engine.cellOf(id)] == -id) {
                    occupancy[engine.cellOf(id)] = 0;
                }
            }
        }
        engine = new ObjectEngine(pack, size, occupancy, tick, field.line(), objectsSeen + SPARE,
                ObjectEngine.NO_BLOCKS);
        Inventories inventories = new Inventories(pack);
        mine = inventories.of(ACCOUNT);
        for (int i = 0; i < inventory.length; i++) {
            mine.set(i, inventory[i]);
        }
        actions = new ObjectActions(pack, field, occupancy, engine, inventories);
        serverIds = new int[objectsSeen + SPARE + 1];
        int i = 0;
        while (i < seen.size()) {
            int serverId = seen.get(i);
            int kind = seen.get(i + 1);
            int cell = seen.get(i + 2);
            int recipe = seen.get(i + 3);
            i += 4;
            boolean placeable = kind >= 0 && kind < pack.kindCount() && cell >= 0 && occupancy[cell] == 0;
            int id = placeable ? engine.build(kind, cell) : 0;
            if (id > 0) {
                serverIds[id] = serverId;
                if (recipe >= 0 && pack.kind(kind).canRun(recipe)) {
                    engine.setRecipe(id, recipe);
                }
            }
            for (; i < seen.size() && seen.get(i) != -1; i += 2) {
                if (id > 0 && engine.room(id, seen.get(i)) >= seen.get(i + 1)) {
                    engine.add(id, seen.get(i), seen.get(i + 1));
                }
            }
            i++;
        }
    }

    /** This player's action at {@code (x, y, layer)}, as the server's tick would carry it out. */
    IntentOutcome apply(int x, int y, int layer, long packed) {
        if (engine == null) {
            reset(0);
        }
        if (engine.count() >= serverIds.length - 1) {
            return IntentOutcome.NO_ROOM; // more pending builds than the copy holds: wait for the server's word
        }
        return actions.apply(ACCOUNT, x, y, layer, packed);
    }

    /** The predicted inventory, for a game module's action to change (the copy engaged and reset first). */
    Inventories.Inventory predictedInventory() {
        if (engine == null) {
            reset(0);
        }
        return mine;
    }

    /** The predicted inventory. */
    int count(int item) {
        return mine == null ? inventory[item] : mine.count(item);
    }

    /** The predicted object on a cell: its kind, or -1. */
    int kindAt(int cell) {
        int id = objectAt(cell);
        return id == 0 ? -1 : engine.kindOf(id);
    }

    /** The server's id of the object on a cell: 0 for none, or for one only the prediction has built. */
    int serverIdAt(int cell) {
        int id = objectAt(cell);
        return id == 0 || id >= serverIds.length ? 0 : serverIds[id];
    }

    private int objectAt(int cell) {
        return engine == null ? 0 : engine.objectAt(cell);
    }
}
