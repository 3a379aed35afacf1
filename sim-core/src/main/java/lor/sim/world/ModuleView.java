package lor.sim.world;

import lor.sim.grid.Direction;
import lor.sim.grid.Walls;
import lor.sim.module.AttributeSpec;
import lor.sim.module.LineOfSight;
import lor.sim.module.ModuleField;
import lor.sim.module.ModuleHook;
import lor.sim.module.ModuleRandom;
import lor.sim.module.ModuleWorld;
import lor.sim.objects.Inventories;
import lor.sim.path.PathFinder;

/**
 * One module's {@link ModuleWorld}: reads go straight to the world's columns, and every change is journalled first
 * ({@link ModuleJournal}) so that the host can undo a hook whole. Refuses, as the module's failure, what a module must
 * not do: touch another module's NPCs, set an undeclared value, step a player.
 */
final class ModuleView extends ModuleGridView {

    /** The widest window a path search covers, in cells ({@link #firstStep}'s margin is bounded by it). */
    private static final int PATH_WINDOW = 96 * 96;
    private static final int MAX_PATH = 256;

    private final World world;
    private final ModuleHost host;
    private final int module;
    /** This module's field, held here: the host's array is looked up on every cell a hook reads or sets otherwise. */
    private final ModuleField field;
    /** The host's journal, wakes and watches, held here for the same reason: a wake that sets a cell uses all three. */
    private final ModuleJournal journal;
    private final ModuleWakes wakes;
    private final ModuleWatches watches;
    private final long seed;
    private final int attributeOffset;
    private final AttributeSpec[] attributes;
    private final int dataOffset;
    private final int dataCount;
    private PathFinder paths;
    private byte[] pathOut;
    /** The field as a path search sees it: what blocks everyone, except the searcher's own cell. */
    private final Walls pathWalls;
    private int pathStart = -1;
    /** The current call (hook, entity or key, action or tag), its random base once drawn from, and draws so far. */
    private int callHook;
    private int callA;
    private int callB;
    private int randomBase;
    private int draws;

    ModuleView(World world, ModuleHost host, int module, long seed) {
        super(world.field);
        this.world = world;
        this.host = host;
        this.module = module;
        this.field = host.field(module);
        this.journal = host.journal();
        this.wakes = host.wakes();
        this.watches = host.watches();
        this.seed = seed;
        this.attributeOffset = host.modules().attributeOffset(module);
        this.attributes = host.modules().spec(module).attributes().toArray(new AttributeSpec[0]);
        this.dataOffset = host.modules().dataOffset(module);
        this.dataCount = host.modules().spec(module).data().size();
        this.pathWalls = Walls.of(size.width(), size.height(), index -> index != pathStart
                && world.bodies.blocksEveryone(index));
    }

    /**
     * A hook is about to run: its random draws are derived from the tick, this module, the hook and its call. The
     * base is hashed at the call's first draw, not here: most calls draw nothing, and a wake that is a few reads and
     * writes should not pay four hash rounds for it.
     */
    void startCall(ModuleHook hook, int a, int b) {
        callHook = hook.ordinal();
        callA = a;
        callB = b;
        draws = 0;
    }

    /** {@link #startCall} for a wake, within a run of wakes that {@link #startWakes} began. */
    void startWake(int key, int tag) {
        callA = key;
        callB = tag;
        draws = 0;
    }

    /** A run of this module's wakes begins: each is then started by {@link #startWake}. */
    void startWakes() {
        callHook = ModuleHook.WAKE.ordinal();
    }

    // ---- the clock and randomness -------------------------------------------------------------------------------

    @Override
    public long tick() {
        return world.tick();
    }

    @Override
    public int random(int bound) {
        if (draws == 0) {
            randomBase = ModuleRandom.base(seed, world.tick(), module, callHook, callA, callB);
        }
        return ModuleRandom.draw(randomBase, ++draws, bound);
    }

    // ---- the grid (its size, spawn and terrain: ModuleGridView) ------------------------------------------------

    @Override
    public boolean blocked(int x, int y, int layer) {
        return !size.contains(x, y, layer) || world.bodies.blocksEveryone(size.index(x, y, layer));
    }

    // ---- this module's field ------------------------------------------------------------------------------------

    @Override
    public int cell(int x, int y, int layer) {
        return field.get(x, y, layer);
    }

    @Override
    public void setCell(int x, int y, int layer, int value) {
        if (!size.contains(x, y, layer)) {
            field.set(x, y, layer, value, world.tick());
            return;
        }
        int index = size.index(x, y, layer);
        int old = field.valueAt(index);
        journal.recordCell(index, old, field.rawSinceAt(index));
        field.setAt(index, value, world.tick());
        if (value != old) {
            host.cellChanged(index);
        }
    }

    @Override
    public long cellSince(int x, int y, int layer) {
        return size.contains(x, y, layer) ? field.sinceAt(size.index(x, y, layer), world.tick()) : 0;
    }

    // ---- the scheduler ------------------------------------------------------------------------------------------

    @Override
    public void wakeAt(long tick, int key, int tag) {
        if ((key | tag) < 0 || tag > ModuleWakes.MAX_TAG) {
            throw badWake(key, tag);
        }
        wakes.schedule(tick, ModuleWakes.pack(module, key, tag));
    }

    private static IllegalArgumentException badWake(int key, int tag) {
        return new IllegalArgumentException("a wake's key must not be negative and its tag must be 0 to "
                + ModuleWakes.MAX_TAG + ", not key " + key + ", tag " + tag);
    }

    @Override
    public void watchCell(int x, int y, int layer, int tag) {
        int cell = watchedCell(x, y, layer, tag);
        if (watches.add(module, cell, tag)) {
            journal.record(ModuleJournal.WATCH, module, cell, tag, 0);
        }
    }

    @Override
    public void unwatchCell(int x, int y, int layer, int tag) {
        int cell = watchedCell(x, y, layer, tag);
        if (watches.remove(module, cell, tag)) {
            journal.record(ModuleJournal.UNWATCH, module, cell, tag, 0);
        }
    }

    private int watchedCell(int x, int y, int layer, int tag) {
        if (!size.contains(x, y, layer) || tag < 0 || tag > ModuleWakes.MAX_TAG) {
            throw new IllegalArgumentException("a watch is of a cell of the grid with a tag of 0 to "
                    + ModuleWakes.MAX_TAG + ", not " + x + "," + y + "," + layer + " with tag " + tag);
        }
        return size.index(x, y, layer);
    }

    // ---- entities -----------------------------------------------------------------------------------------------

    @Override
    public int entitiesNear(int x, int y, int layer, int radius, int[] out) {
        int n = world.entitiesNear(x, y, layer, radius, out);
        for (int i = 0; i < n; i++) {
            out[i] = world.idAt(out[i]);
        }
        return n;
    }

    @Override
    public boolean exists(int entity) {
        int slot = world.slotOf(entity);
        return slot >= 0 && world.isLive(slot);
    }

    @Override
    public boolean isPlayer(int entity) {
        return world.kindAt(slot(entity)) == EntityKind.PLAYER;
    }

    @Override
    public boolean isOwnNpc(int entity) {
        int slot = world.slotOf(entity);
        return slot >= 0 && world.isLive(slot) && world.entities.owner[slot] == module + 1;
    }

    @Override
    public int x(int entity) {
        return world.xAt(slot(entity));
    }

    @Override
    public int y(int entity) {
        return world.yAt(slot(entity));
    }

    @Override
    public int layer(int entity) {
        return world.layerAt(slot(entity));
    }

    @Override
    public int attribute(int entity, int attribute) {
        EntityTable t = world.entities;
        return t.attrs[slot(entity) * t.attributeCount + attributeOffset + checkAttribute(attribute)];
    }

    @Override
    public void setAttribute(int entity, int attribute, int value) {
        EntityTable t = world.entities;
        int slot = slot(entity);
        int column = attributeOffset + checkAttribute(attribute);
        int at = slot * t.attributeCount + column;
        int clamped = attributes[attribute].clamp(value);
        if (t.attrs[at] != clamped) {
            journal.record(ModuleJournal.ATTRIBUTE, slot, column, t.attrs[at], 0);
            t.attrs[at] = clamped;
        }
    }

    @Override
    public int data(int entity, int column) {
        EntityTable t = world.entities;
        return t.data[slot(entity) * t.dataCount + dataOffset + checkData(column)];
    }

    @Override
    public void setData(int entity, int column, int value) {
        EntityTable t = world.entities;
        int slot = slot(entity);
        int at = slot * t.dataCount + dataOffset + checkData(column);
        if (t.data[at] != value) {
            journal.record(ModuleJournal.DATA, slot, dataOffset + column, t.data[at], 0);
            t.data[at] = value;
        }
    }

    @Override
    public int spawnNpc(int x, int y, int layer) {
        if (!size.contains(x, y, layer)) {
            throw new IllegalArgumentException("module " + name() + " spawned an NPC at " + x + "," + y + "," + layer
                    + ", outside the grid");
        }
        int slot = world.bodies.placeModuleNpc(module, x, y, layer);
        if (slot < 0) {
            return NONE;
        }
        journal.record(ModuleJournal.SPAWN, slot);
        return world.idAt(slot);
    }

    @Override
    public void removeNpc(int entity) {
        int slot = ownNpc(entity);
        int remembered = world.bodies.removeModuleNpc(slot) ? 1 : 0;
        journal.record(ModuleJournal.REMOVE, slot, remembered, 0, 0);
    }

    @Override
    public boolean step(int entity, int direction) {
        int slot = ownNpc(entity);
        Direction d = Direction.ofCode(direction);
        int x = world.xAt(slot);
        int y = world.yAt(slot);
        if (!world.bodies.moveSlot(slot, d)) {
            return false;
        }
        journal.record(ModuleJournal.MOVE, slot, x, y, world.layerAt(slot));
        return true;
    }

    @Override
    public void respawn(int entity) {
        int slot = slot(entity);
        if (world.kindAt(slot) != EntityKind.PLAYER) {
            throw new IllegalArgumentException("module " + name() + " respawned entity " + entity
                    + ", which is not a player");
        }
        int x = world.xAt(slot);
        int y = world.yAt(slot);
        int layer = world.layerAt(slot);
        if (world.bodies.respawnSlot(slot)) {
            journal.record(ModuleJournal.MOVE, slot, x, y, layer);
        }
    }

    @Override
    public int item(String name) {
        return world.pack().itemIndex(name);
    }

    // ---- inventories --------------------------------------------------------------------------------------------

    @Override
    public int carried(int entity, int item) {
        int slot = slot(entity);
        checkItem(item);
        if (world.kindAt(slot) != EntityKind.PLAYER) {
            return 0;
        }
        return world.inventories().of(world.accountAt(slot)).count(item);
    }

    @Override
    public boolean give(int entity, int item, int count) {
        int slot = slot(entity);
        checkItem(item);
        if (world.kindAt(slot) != EntityKind.PLAYER) {
            throw new IllegalArgumentException("module " + name() + " gave items to entity " + entity
                    + ", which is not a player");
        }
        long account = world.accountAt(slot);
        Inventories.Inventory inventory = world.inventories().of(account);
        int old = inventory.count(item);
        if (count < 0 ? old < -(long) count : inventory.room(item) < count) {
            return false;
        }
        if (count != 0) {
            journal.record(ModuleJournal.GIVE, (int) (account >>> 32), (int) account, item, old);
            inventory.add(item, count);
        }
        return true;
    }

    // ---- sensing ------------------------------------------------------------------------------------------------

    @Override
    public boolean lineOfSight(int x0, int y0, int x1, int y1, int layer) {
        return LineOfSight.clear(this, x0, y0, x1, y1, layer);
    }

    @Override
    public int firstStep(int entity, int x, int y, int margin) {
        int slot = slot(entity);
        int sx = world.xAt(slot);
        int sy = world.yAt(slot);
        int layer = world.layerAt(slot);
        if (sx == x && sy == y || !size.contains(x, y, layer)) {
            return 0;
        }
        if (paths == null) {
            paths = new PathFinder(PATH_WINDOW);
            pathOut = new byte[MAX_PATH];
        }
        pathStart = size.index(sx, sy, layer);
        int steps = paths.find(pathWalls, layer, sx, sy, x, y, Math.max(0, margin), pathOut, 0, MAX_PATH);
        return steps > 0 ? pathOut[0] : 0;
    }

    // ---- internals ----------------------------------------------------------------------------------------------

    private String name() {
        return host.modules().spec(module).name();
    }

    private int slot(int entity) {
        int slot = world.slotOf(entity);
        if (slot < 0 || !world.isLive(slot)) {
            throw new IllegalArgumentException("module " + name() + " asked for entity " + entity
                    + ", which is not in the world");
        }
        return slot;
    }

    private int ownNpc(int entity) {
        int slot = slot(entity);
        if (world.entities.owner[slot] != module + 1) {
            throw new IllegalArgumentException("module " + name() + " moved or removed entity " + entity
                    + ", which is not one of its NPCs");
        }
        return slot;
    }

    private int checkAttribute(int attribute) {
        if (attribute < 0 || attribute >= attributes.length) {
            throw new IllegalArgumentException("module " + name() + " has no attribute " + attribute);
        }
        return attribute;
    }

    private int checkData(int column) {
        if (column < 0 || column >= dataCount) {
            throw new IllegalArgumentException("module " + name() + " has no entity data column " + column);
        }
        return column;
    }

    private void checkItem(int item) {
        if (item < 0 || item >= world.pack().itemCount()) {
            throw new IllegalArgumentException("module " + name() + " asked for item " + item + ", which the pack "
                    + world.pack().name() + " does not have");
        }
    }
}
