package lor.sim.world;

import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.content.ObjectKind;
import lor.sim.content.Recipe;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.GridSize;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;

/**
 * The rules of players' actions on objects ({@link ObjectIntent}): each one is checked against the world as it
 * stands at its tick, in a fixed order of checks, and either carried out whole or refused with a reason, changing
 * nothing. The server and a predicting client run this same code.
 */
public final class ObjectActions {

    private final ContentPack pack;
    private final GridSize size;
    private final Field field;
    private final int[] occupancy;
    private final ObjectEngine objects;
    private final Inventories inventories;

    public ObjectActions(ContentPack pack, Field field, int[] occupancy, ObjectEngine objects,
            Inventories inventories) {
        this.pack = pack;
        this.size = field.grid().size();
        this.field = field;
        this.occupancy = occupancy;
        this.objects = objects;
        this.inventories = inventories;
    }

    /** Applies one action of the player standing at {@code (x, y, layer)}. */
    public IntentOutcome apply(long account, int x, int y, int layer, long packed) {
        Direction side = ObjectIntent.side(packed);
        int tx = x + side.dx;
        int ty = y + side.dy;
        int cell = tx < 0 || ty < 0 || tx >= size.width() || ty >= size.height() ? -1 : size.index(tx, ty, layer);
        Inventories.Inventory inventory = inventories.of(account);
        return switch (ObjectIntent.type(packed)) {
            case BUILD -> build(inventory, cell, ObjectIntent.index(packed));
            case PUT -> put(inventory, cell, ObjectIntent.index(packed), ObjectIntent.count(packed));
            case TAKE -> take(inventory, cell, ObjectIntent.index(packed), ObjectIntent.count(packed));
            case SET_RECIPE -> setRecipe(cell, ObjectIntent.index(packed));
            case DISMANTLE -> dismantle(inventory, cell);
        };
    }

    private IntentOutcome build(Inventories.Inventory inventory, int cell, int kind) {
        if (kind < 0 || kind >= pack.kindCount()) {
            return IntentOutcome.UNKNOWN_KIND;
        }
        if (cell < 0) {
            return IntentOutcome.OUT_OF_BOUNDS;
        }
        if (field.isWall(cell)) {
            return IntentOutcome.WALL;
        }
        if (occupancy[cell] != 0 || Cells.portal(field.cell(cell)) != 0) {
            return IntentOutcome.CELL_TAKEN;
        }
        ObjectKind k = pack.kind(kind);
        for (int i = 0; i < k.costItemCount(); i++) {
            if (inventory.count(k.costItem(i)) < k.costCount(i)) {
                return IntentOutcome.MISSING_ITEMS;
            }
        }
        for (int i = 0; i < k.costItemCount(); i++) {
            inventory.add(k.costItem(i), -k.costCount(i));
        }
        objects.build(kind, cell);
        return IntentOutcome.DONE;
    }

    private IntentOutcome put(Inventories.Inventory inventory, int cell, int item, int count) {
        IntentOutcome refused = refuseItemMove(cell, item, count);
        if (refused != null) {
            return refused;
        }
        int id = objectAt(cell);
        if (inventory.count(item) < count) {
            return IntentOutcome.MISSING_ITEMS;
        }
        if (objects.room(id, item) < count) {
            return IntentOutcome.NO_ROOM;
        }
        inventory.add(item, -count);
        objects.add(id, item, count);
        return IntentOutcome.DONE;
    }

    private IntentOutcome take(Inventories.Inventory inventory, int cell, int item, int count) {
        IntentOutcome refused = refuseItemMove(cell, item, count);
        if (refused != null) {
            return refused;
        }
        int id = objectAt(cell);
        if (objects.count(id, item) < count) {
            return IntentOutcome.MISSING_ITEMS;
        }
        if (inventory.room(item) < count) {
            return IntentOutcome.NO_ROOM;
        }
        objects.take(id, item, count);
        inventory.add(item, count);
        return IntentOutcome.DONE;
    }

    /** The checks a put and a take share, in their order; null when they pass. */
    private IntentOutcome refuseItemMove(int cell, int item, int count) {
        if (item < 0 || item >= pack.itemCount()) {
            return IntentOutcome.UNKNOWN_ITEM;
        }
        if (count < 0) {
            return IntentOutcome.BAD_COUNT;
        }
        return objectAt(cell) == 0 ? IntentOutcome.NO_OBJECT : null;
    }

    private IntentOutcome setRecipe(int cell, int recipe) {
        if (recipe < 0 || recipe >= pack.recipeCount()) {
            return IntentOutcome.UNKNOWN_RECIPE;
        }
        int id = objectAt(cell);
        if (id == 0) {
            return IntentOutcome.NO_OBJECT;
        }
        if (!pack.kind(objects.kindOf(id)).canRun(recipe)) {
            return IntentOutcome.UNKNOWN_RECIPE;
        }
        return objects.setRecipe(id, recipe) ? IntentOutcome.DONE : IntentOutcome.NO_ROOM;
    }

    /**
     * The object goes back into the inventory whole: its cost, its stock, and a running recipe's inputs (or, when
     * its outputs are done and wait for room, those outputs). Refused when the inventory cannot hold it all.
     */
    private IntentOutcome dismantle(Inventories.Inventory inventory, int cell) {
        int id = objectAt(cell);
        if (id == 0) {
            return IntentOutcome.NO_OBJECT;
        }
        int[] refund = refundOf(id);
        for (int item = 0; item < refund.length; item++) {
            if (refund[item] > inventory.room(item)) {
                return IntentOutcome.NO_ROOM;
            }
        }
        objects.remove(id);
        for (int item = 0; item < refund.length; item++) {
            if (refund[item] != 0) {
                inventory.add(item, refund[item]);
            }
        }
        return IntentOutcome.DONE;
    }

    /** Everything dismantling an object gives back, per item. Allocates: dismantling is rare next to ticks. */
    int[] refundOf(int id) {
        int[] refund = new int[pack.itemCount()];
        ObjectKind k = pack.kind(objects.kindOf(id));
        for (int i = 0; i < k.costItemCount(); i++) {
            refund[k.costItem(i)] += k.costCount(i);
        }
        for (int i = 0; i < k.slots(); i++) {
            int item = objects.stockItem(id, i);
            if (item >= 0) {
                refund[item] += objects.stockCount(id, i);
            }
        }
        if (objects.isCrafting(id)) {
            Recipe r = pack.recipe(objects.recipeOf(id));
            boolean done = objects.progressOf(id, objects.tick()) >= r.ticks();
            int n = done ? r.outputCount() : r.inputCount();
            for (int i = 0; i < n; i++) {
                int item = done ? r.outputItem(i) : r.inputItem(i);
                refund[item] += done ? r.outputAmount(i) : r.inputAmount(i);
            }
        }
        return refund;
    }

    private int objectAt(int cell) {
        return cell < 0 ? 0 : objects.objectAt(cell);
    }
}
