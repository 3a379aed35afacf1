package lor.sim.predict;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.module.AttributeSpec;
import lor.sim.module.CellSpec;
import lor.sim.module.LineOfSight;
import lor.sim.module.ModuleHook;
import lor.sim.module.ModuleRandom;
import lor.sim.module.ModuleSpec;
import lor.sim.module.WorldModules;
import lor.sim.objects.Inventories;
import lor.sim.world.IntentOutcome;
import lor.sim.world.ModuleGridView;

/**
 * The world as a predicting client knows it, seen by a game module's action: the last state's field cells and
 * attributes of the entities in view, the player's predicted position and inventory, the map on the clock's line. A
 * pending action runs the module's own code on it, as the server's tick will; its changes stay in the prediction
 * until the next state, from which the pending actions run again.
 *
 * <p>What a client does not know, the mirror does not pretend to: entity data columns read as the prediction set them
 * (0 from each state), wakes are not kept (their effects come in states), and spawning, removing or stepping NPCs
 * throws, so that an action doing so is predicted as {@code module_error} and judged against the server's answer.
 * Randomness is derived as the server derives it, but from the seed 0 and the tick after the last state: an action
 * that draws may be mispredicted.
 */
final class ModuleMirror extends ModuleGridView {

    private final WorldModules modules;
    private final ContentPack pack;
    /** As the Predictor's: other entities' ids by cell, objects' as minus their id. */
    private final int[] others;
    private final ObjectMirror objects;
    private final int entityId;
    /** Per module, the last state's field cells, and the prediction's copy of them. */
    private final int[][] stateCells;
    private final int[][] cells;
    private final boolean[][] blocking;
    /** Per entity in the last state's view, its attributes (the world's order); the prediction's copies. */
    private final Map<Integer, int[]> stateAttributes = new HashMap<>();
    private final Map<Integer, int[]> attributes = new HashMap<>();
    private final int[] ownData;
    private final Map<Integer, Integer> cellOf = new HashMap<>();
    private long stateTick;
    private int module;
    private int randomBase;
    private int draws;
    private int px;
    private int py;
    private int layer;

    ModuleMirror(WorldModules modules, ContentPack pack, Field field, int[] others, ObjectMirror objects,
                 int entityId) {
        super(field);
        this.modules = modules;
        this.pack = pack;
        this.others = others;
        this.objects = objects;
        this.entityId = entityId;
        this.stateCells = new int[modules.size()][size.cells()];
        this.cells = new int[modules.size()][size.cells()];
        this.blocking = new boolean[modules.size()][];
        for (int m = 0; m < modules.size(); m++) {
            ModuleSpec spec = modules.spec(m);
            int max = 0;
            for (CellSpec cell : spec.cells()) {
                max = Math.max(max, cell.value());
            }
            blocking[m] = new boolean[max + 1];
            for (CellSpec cell : spec.cells()) {
                blocking[m][cell.value()] = cell.blocksMovement();
            }
        }
        this.ownData = new int[modules.dataCount()];
    }

    void beginState(long tick) {
        stateTick = tick;
        for (int[] field : stateCells) {
            Arrays.fill(field, 0);
        }
        stateAttributes.clear();
        cellOf.clear();
    }

    void fieldCell(int m, int cell, int value) {
        if (m >= 0 && m < stateCells.length && value >= 0 && value < blocking[m].length) {
            stateCells[m][cell] = value;
        }
    }

    void entity(int id, int cell) {
        cellOf.put(id, cell);
    }

    void attribute(int id, int attribute, int value) {
        List<AttributeSpec> all = modules.attributes();
        if (attribute >= 0 && attribute < all.size()) {
            stateAttributes.computeIfAbsent(id, k -> defaults())[attribute] = all.get(attribute).clamp(value);
        }
    }

    /** The prediction starts again from the last state. */
    void reset() {
        for (int m = 0; m < cells.length; m++) {
            System.arraycopy(stateCells[m], 0, cells[m], 0, cells[m].length);
        }
        attributes.clear();
        stateAttributes.forEach((id, values) -> attributes.put(id, values.clone()));
        Arrays.fill(ownData, 0);
    }

    /**
     * The player's action, by the module's own code, from where the prediction has it.
     *
     * @return null when predicted carried out, else its predicted reason
     */
    String act(WorldModules.ActionRef action, int[] fields, int x, int y, int l) {
        px = x;
        py = y;
        layer = l;
        module = action.module();
        randomBase = ModuleRandom.base(0, tick(), module, ModuleHook.ACT.ordinal(), entityId, action.index());
        draws = 0;
        // A refused or failed action changes nothing: run it on copies and keep them only when it was carried out.
        int[][] savedCells = new int[cells.length][];
        for (int m = 0; m < cells.length; m++) {
            savedCells[m] = cells[m].clone();
        }
        Map<Integer, int[]> savedAttributes = new HashMap<>();
        attributes.forEach((id, values) -> savedAttributes.put(id, values.clone()));
        int[] savedData = ownData.clone();
        Inventories.Inventory inventory = objects.predictedInventory();
        int[] savedInventory = new int[pack.itemCount()];
        for (int i = 0; i < savedInventory.length; i++) {
            savedInventory[i] = inventory.count(i);
        }
        String reason;
        try {
            reason = modules.rules(module).act(this, entityId, action.index(), fields.clone());
            if (reason != null && !modules.spec(module).reasons().contains(reason)
                    && !IntentOutcome.isContractReason(reason)) {
                reason = "module_error";
            }
        } catch (RuntimeException | StackOverflowError e) {
            reason = "module_error";
        }
        if (reason != null) {
            for (int m = 0; m < cells.length; m++) {
                cells[m] = savedCells[m];
            }
            attributes.clear();
            attributes.putAll(savedAttributes);
            System.arraycopy(savedData, 0, ownData, 0, ownData.length);
            for (int i = 0; i < savedInventory.length; i++) {
                inventory.set(i, savedInventory[i]);
            }
        }
        return reason;
    }

    /** A module's field as the prediction has it. */
    int cell(int m, int cell) {
        return cells[m][cell];
    }

    /** An attribute of an entity in view as the prediction has it (the world's order), or its default. */
    int attributeOf(int id, int attribute) {
        int[] values = attributes.get(id);
        return values != null ? values[attribute] : modules.attributes().get(attribute).defaultValue();
    }

    private int[] defaults() {
        List<AttributeSpec> all = modules.attributes();
        int[] values = new int[all.size()];
        for (int a = 0; a < values.length; a++) {
            values[a] = all.get(a).defaultValue();
        }
        return values;
    }

    /** Whether a module's blocking value lies on the cell, as the prediction has it. */
    boolean blocksCell(int index) {
        return blocksAt(index);
    }

    private boolean blocksAt(int index) {
        for (int m = 0; m < cells.length; m++) {
            int v = cells[m][index];
            if (v > 0 && v < blocking[m].length && blocking[m][v]) {
                return true;
            }
        }
        return false;
    }

    private int cellOfEntity(int id) {
        if (id == entityId) {
            return size.index(px, py, layer);
        }
        Integer cell = cellOf.get(id);
        if (cell == null) {
            throw new IllegalArgumentException("entity " + id + " is not in view");
        }
        return cell;
    }

    // ---- ModuleWorld ----------------------------------------------------------------------------------------------

    @Override
    public long tick() {
        return stateTick + 1;
    }

    @Override
    public int random(int bound) {
        return ModuleRandom.draw(randomBase, ++draws, bound);
    }

    @Override
    public boolean blocked(int x, int y, int l) {
        if (!size.contains(x, y, l)) {
            return true;
        }
        int index = size.index(x, y, l);
        return clockField.isWall(index) || others[index] < 0 || objects.engaged() && objects.kindAt(index) >= 0
                || blocksAt(index);
    }

    @Override
    public int cell(int x, int y, int l) {
        return size.contains(x, y, l) ? cells[module][size.index(x, y, l)] : 0;
    }

    @Override
    public void setCell(int x, int y, int l, int value) {
        if (!size.contains(x, y, l) || value < 0 || value >= blocking[module].length) {
            throw new IllegalArgumentException("cell " + x + "," + y + "," + l + " value " + value);
        }
        cells[module][size.index(x, y, l)] = value;
    }

    @Override
    public long cellSince(int x, int y, int l) {
        return 0;
    }

    @Override
    public void wakeAt(long tick, int key, int tag) {
        // Wakes run on the server; what they do comes in states.
    }

    @Override
    public void watchCell(int x, int y, int layer, int tag) {
        // Watches wake the server's module; what the wakes do comes in states, as for wakeAt.
    }

    @Override
    public void unwatchCell(int x, int y, int layer, int tag) {
        // No watches are kept here (watchCell).
    }

    @Override
    public int entitiesNear(int x, int y, int l, int radius, int[] out) {
        int n = 0;
        for (int cy = Math.max(0, y - radius); cy <= Math.min(size.height() - 1, y + radius); cy++) {
            for (int cx = Math.max(0, x - radius); cx <= Math.min(size.width() - 1, x + radius); cx++) {
                int id = cx == px && cy == py && l == layer ? entityId
                        : l >= 0 && l < size.layers() ? others[size.index(cx, cy, l)] : 0;
                if (id > 0 && n < out.length) {
                    out[n++] = id;
                }
            }
        }
        Arrays.sort(out, 0, n);
        return n;
    }

    @Override
    public boolean exists(int entity) {
        return entity == entityId || cellOf.containsKey(entity);
    }

    @Override
    public boolean isPlayer(int entity) {
        return entity == entityId;
    }

    @Override
    public boolean isOwnNpc(int entity) {
        return false;
    }

    @Override
    public int x(int entity) {
        return cellOfEntity(entity) % size.width();
    }

    @Override
    public int y(int entity) {
        return cellOfEntity(entity) / size.width() % size.height();
    }

    @Override
    public int layer(int entity) {
        return cellOfEntity(entity) / (size.width() * size.height());
    }

    @Override
    public int attribute(int entity, int attribute) {
        return attributeOf(entity, modules.attributeOffset(module) + attribute);
    }

    @Override
    public void setAttribute(int entity, int attribute, int value) {
        int at = modules.attributeOffset(module) + attribute;
        attributes.computeIfAbsent(entity, k -> defaults())[at] = modules.attributes().get(at).clamp(value);
    }

    @Override
    public int data(int entity, int column) {
        return entity == entityId ? ownData[modules.dataOffset(module) + column] : 0;
    }

    @Override
    public void setData(int entity, int column, int value) {
        if (entity == entityId) {
            ownData[modules.dataOffset(module) + column] = value;
        }
    }

    @Override
    public int spawnNpc(int x, int y, int l) {
        throw new UnsupportedOperationException("a prediction does not spawn NPCs");
    }

    @Override
    public void removeNpc(int entity) {
        throw new UnsupportedOperationException("a prediction does not remove NPCs");
    }

    @Override
    public boolean step(int entity, int direction) {
        throw new UnsupportedOperationException("a prediction does not move NPCs");
    }

    @Override
    public void respawn(int entity) {
        throw new UnsupportedOperationException("a prediction does not respawn players");
    }

    @Override
    public int item(String name) {
        return pack.itemIndex(name);
    }

    @Override
    public int carried(int entity, int item) {
        return entity == entityId ? objects.predictedInventory().count(item) : 0;
    }

    @Override
    public boolean give(int entity, int item, int count) {
        if (entity != entityId) {
            throw new UnsupportedOperationException("a prediction knows only its own player's inventory");
        }
        Inventories.Inventory inventory = objects.predictedInventory();
        int old = inventory.count(item);
        if (count < 0 ? old < -(long) count : inventory.room(item) < count) {
            return false;
        }
        inventory.add(item, count);
        return true;
    }

    @Override
    public boolean lineOfSight(int x0, int y0, int x1, int y1, int l) {
        return LineOfSight.clear(this, x0, y0, x1, y1, l);
    }

    @Override
    public int firstStep(int entity, int x, int y, int margin) {
        throw new UnsupportedOperationException("not predicted");
    }
}
