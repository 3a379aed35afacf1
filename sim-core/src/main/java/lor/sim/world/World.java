package lor.sim.world;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

import lor.sim.clock.Field;
import lor.sim.content.ContentPack;
import lor.sim.grid.BenchMap;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.Walls;
import lor.sim.module.AttributeSpec;
import lor.sim.module.ModuleField;
import lor.sim.module.WorldModules;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.space.SpatialIndex;
import lor.sim.util.LongIntMap;
import lor.sim.util.SplitMix64;
import lor.sim.util.StateHash;

/**
 * The simulation of one world: a static {@link Grid} and the {@link Field} the clock makes of it, the entities on
 * it, the objects of its content pack, and the rules. Pure and deterministic: no threads, no I/O, no clock of its
 * own, randomness from a seeded generator that is part of the state. The owner collects intents with
 * {@link #setIntent} and {@link #setAction} and calls {@link #step()} once per tick; the step applies them in
 * ascending entity id order, at most one intent per entity, and no two entities or objects ever share a cell.
 *
 * <p>Not thread-safe: one thread (a world server's tick thread, or a predicting client) owns it.
 */
public final class World {

    final Grid grid;
    final GridSize size;
    private final ContentPack pack;
    final Field field;
    /** Entity id standing in each cell, minus the id of the object built on it, 0 for none; indexed like the grid. */
    final int[] occupancy;
    private final ObjectEngine objects;
    private final Inventories inventories;
    private final ObjectActions actions;
    final EntityTable entities;
    /** The world's game modules; null in a world that runs none, so that it pays nothing for them. */
    final ModuleHost modules;
    /** Where entities may be put down. */
    final FreeCells freeCells;
    /** What the world does to entities for its modules, and its undoing. */
    final ModuleBodies bodies = new ModuleBodies(this);
    private final LongIntMap entityByAccount = new LongIntMap(16);
    /** Last known position of every player that has been in this world, by account. */
    private final Map<Long, PlayerRecord> knownPlayers = new LinkedHashMap<>();
    private final SplitMix64 random;
    private final Wanderers wanderers;
    private final SpatialIndex index;
    private final TickEvents events = new TickEvents();
    private final PendingActs pendingActs = new PendingActs();
    boolean indexStale = true;
    private long tick;
    int nextEntityId;
    /** How a player without a saved position is placed. */
    private SpawnRule spawnRule = SpawnRule.NEAREST_TO_SPAWN_POINT;
    /** Players placed by {@link SpawnRule#HASHED}, in join order: the j of the bench rule. */
    private int hashedSpawns;
    /** Ids and positions, at the last {@link #markPositions()}, of entities removed since. */
    final RemovedSinceMark removed = new RemovedSinceMark();

    private World(Grid grid, ContentPack pack, WorldModules worldModules, long tick, int nextEntityId, long seed,
                  int objectBlock) {
        this.grid = grid;
        this.size = grid.size();
        this.pack = pack;
        this.field = new Field(grid, pack.clock(), pack.clock().lineAt(tick));
        this.occupancy = new int[size.cells()];
        this.objects = new ObjectEngine(pack, size, occupancy, tick, field.line(), 64, objectBlock);
        this.inventories = new Inventories(pack);
        this.actions = new ObjectActions(pack, field, occupancy, objects, inventories);
        this.index = new SpatialIndex(size);
        this.random = new SplitMix64(seed);
        this.tick = tick;
        this.nextEntityId = nextEntityId;
        List<AttributeSpec> attributes = worldModules.attributes();
        int[] defaults = new int[attributes.size()];
        for (int i = 0; i < defaults.length; i++) {
            defaults[i] = attributes.get(i).defaultValue();
        }
        this.entities = new EntityTable(64, defaults, worldModules.dataCount());
        this.modules = worldModules.isEmpty() ? null : new ModuleHost(this, worldModules, size, tick, seed);
        objects.ruleRuns(modules == null ? null : modules.ruleRuns());
        this.wanderers = new Wanderers(field, occupancy, modules == null ? null : modules.walls());
        this.freeCells = new FreeCells(field, occupancy, modules);
    }

    /** A world without content: no items, no objects, a clock that changes nothing. */
    public static World create(Grid grid, long seed) {
        return create(grid, ContentPack.empty(), seed);
    }

    /** A world whose objects nobody counts by block ({@link ObjectEngine#NO_BLOCKS}). */
    public static World create(Grid grid, ContentPack pack, long seed) {
        return create(grid, pack, seed, ObjectEngine.NO_BLOCKS);
    }

    /** @param objectBlock the side of the blocks its {@link ObjectEngine} counts objects in */
    public static World create(Grid grid, ContentPack pack, long seed, int objectBlock) {
        return create(grid, pack, WorldModules.none(), seed, objectBlock);
    }

    /**
     * A world running game modules: each module's {@link lor.sim.module.ModuleRules#begin} places what its game
     * starts with.
     *
     * @param objectBlock the side of the blocks its {@link ObjectEngine} counts objects in
     */
    public static World create(Grid grid, ContentPack pack, WorldModules modules, long seed, int objectBlock) {
        World world = new World(grid, pack, modules, 0, 1, seed, objectBlock);
        if (world.modules != null) {
            world.modules.begin();
        }
        return world;
    }

    /**
     * A world continuing from a snapshot: same clock and ids, every player offline at its saved position. NPCs are
     * not part of snapshots; add them again with {@link #addNpcs}.
     */
    public static World restore(Grid grid, WorldSnapshot snapshot, long seed) {
        return restore(grid, ContentPack.empty(), snapshot, seed);
    }

    /** A world whose objects nobody counts by block ({@link ObjectEngine#NO_BLOCKS}). */
    public static World restore(Grid grid, ContentPack pack, WorldSnapshot snapshot, long seed) {
        return restore(grid, pack, snapshot, seed, ObjectEngine.NO_BLOCKS);
    }

    /** @param objectBlock the side of the blocks its {@link ObjectEngine} counts objects in */
    public static World restore(Grid grid, ContentPack pack, WorldSnapshot snapshot, long seed, int objectBlock) {
        return restore(grid, pack, WorldModules.none(), snapshot, seed, objectBlock);
    }

    /**
     * A world running game modules, continuing from a snapshot.
     *
     * @param objectBlock the side of the blocks its {@link ObjectEngine} counts objects in
     */
    public static World restore(Grid grid, ContentPack pack, WorldModules modules, WorldSnapshot snapshot, long seed,
                                int objectBlock) {
        World world = new World(grid, pack, modules, snapshot.tick(), Math.max(1, snapshot.nextEntityId()), seed,
                objectBlock);
        for (PlayerRecord player : snapshot.players()) {
            world.knownPlayers.put(player.accountId(), player);
        }
        for (WorldSnapshot.InventoryRecord record : snapshot.inventories()) {
            if (record.counts().length != pack.itemCount()) {
                throw new IllegalArgumentException("inventory of account " + record.accountId() + " has "
                        + record.counts().length + " items, the pack " + pack.itemCount());
            }
            Inventories.Inventory inventory = world.inventories.restore(record.accountId());
            for (int item = 0; item < record.counts().length; item++) {
                inventory.set(item, record.counts()[item]);
            }
        }
        if (snapshot.objects() != null) {
            world.objects.restore(snapshot.objects());
        }
        if (world.modules != null) {
            world.modules.restore(snapshot.modules(), world.bodies.absentPlayers(), world.bodies.defaults());
        } else if (!snapshot.modules().isEmpty()) {
            throw new IllegalArgumentException("the snapshot holds the state of game module "
                    + snapshot.modules().get(0).module() + ", which this world's pack does not name; hydrating would "
                    + "lose it (name the module in the pack again, or start the world afresh)");
        }
        return world;
    }

    /** Where players without a saved position appear. */
    public enum SpawnRule {
        /** The free cell nearest to the map's spawn point. */
        NEAREST_TO_SPAWN_POINT,
        /**
         * The bench rule ({@link lor.sim.grid.BenchMap#spawnStart}) over the first layer: hashed by join order, then
         * the next free cell.
         */
        HASHED
    }

    public void spawnRule(SpawnRule rule) {
        this.spawnRule = rule;
    }

    public Grid grid() {
        return grid;
    }

    public ContentPack pack() {
        return pack;
    }

    /** The map as the clock's current line transmutes it. */
    public Field field() {
        return field;
    }

    /** The clock's current line. */
    public int line() {
        return field.line();
    }

    public ObjectEngine objects() {
        return objects;
    }

    public Inventories inventories() {
        return inventories;
    }

    /**
     * Fills the free floor cells from {@code fromLayer} on, in index order, with {@code count} objects of
     * {@code kind}: objects that are part of a world when it is created rather than built by players (the
     * benchmark world's machines). Each sleeps until its first run, spread over the kind's {@code every} ticks so
     * that they do not all come due on one tick.
     *
     * @return the objects placed: fewer than {@code count} when the free cells run out
     */
    public int seedObjects(int kind, int count, int fromLayer) {
        if (kind < 0 || kind >= pack.kindCount()) {
            throw new IllegalArgumentException("no object kind " + kind + " in pack " + pack.name());
        }
        if (fromLayer < 0 || fromLayer >= size.layers()) {
            throw new IllegalArgumentException("layer " + fromLayer + " is not in the grid (" + size.layers()
                    + " layers)");
        }
        int every = Math.max(1, pack.kind(kind).every());
        int placed = 0;
        int plane = size.width() * size.height();
        for (int cell = fromLayer * plane; cell < size.cells() && placed < count; cell++) {
            if (!field.isWall(cell) && occupancy[cell] == 0 && grid.portalAt(cell) == null) {
                objects.buildAsleep(kind, cell, tick + placed % every);
                placed++;
            }
        }
        return placed;
    }

    public long tick() {
        return tick;
    }

    int onlinePlayers() {
        return entityByAccount.size();
    }

    /** Entities in the world, players and NPCs. */
    public int entityCount() {
        return entities.count - entities.holes;
    }

    // ---- players and NPCs ---------------------------------------------------------------------------------------

    /**
     * Puts the account's entity into the world: at its saved position if it has one and that cell is free, else at
     * the free cell nearest to it (or to the spawn point). An account already present keeps its entity.
     *
     * @return the entity id, or 0 when no free cell is left
     */
    public int spawnPlayer(long accountId) {
        int existing = entityByAccount.get(accountId);
        if (existing >= 0) {
            return existing;
        }
        PlayerRecord saved = knownPlayers.get(accountId);
        int[] cell;
        if (saved != null && size.contains(saved.x(), saved.y(), saved.layer())) {
            cell = freeCells.nearestFree(saved.x(), saved.y(), saved.layer());
        } else if (spawnRule == SpawnRule.HASHED) {
            // Hashed over the first layer, which is all of the bench map; other layers are the world's own.
            cell = freeCells.nextFreeFrom(BenchMap.spawnStart(hashedSpawns++, size.width() * size.height()));
        } else {
            cell = freeCells.nearestFree(grid.spawnX(), grid.spawnY(), grid.spawnLayer());
        }
        if (cell == null) {
            return 0;
        }
        return placePlayer(accountId, cell);
    }

    /**
     * Puts the account's entity at the free cell nearest to {@code (x, y, layer)}, whatever position was saved for
     * it: how a player arrives through a portal. An account already present keeps its entity where it is.
     *
     * @return the entity id, or 0 when no free cell is left or the cell is off the grid
     */
    public int spawnPlayerAt(long accountId, int x, int y, int layer) {
        int existing = entityByAccount.get(accountId);
        if (existing >= 0) {
            return existing;
        }
        if (!size.contains(x, y, layer)) {
            return 0;
        }
        int[] cell = freeCells.nearestFree(x, y, layer);
        if (cell == null) {
            return 0;
        }
        return placePlayer(accountId, cell);
    }

    private int placePlayer(long accountId, int[] cell) {
        int id = place(EntityKind.PLAYER, accountId, cell[0], cell[1], cell[2]);
        entityByAccount.put(accountId, id);
        knownPlayers.put(accountId, new PlayerRecord(accountId, cell[0], cell[1], cell[2]));
        if (modules != null) {
            bodies.playerBack(accountId, entities.slotOf(id));
            modules.playerEntered(id);
        }
        return id;
    }

    /** Takes the account's entity out of the world, remembering where it stood. */
    public void removePlayer(long accountId) {
        int id = entityByAccount.get(accountId);
        if (id >= 0) {
            int slot = entities.slotOf(id);
            removePlayer(accountId, entities.x[slot], entities.y[slot], entities.layer[slot]);
        }
    }

    /**
     * Takes the account's entity out of the world, remembering {@code (x, y, layer)} as its position: a player who
     * left through a portal comes back beside it, not onto it.
     */
    public void removePlayer(long accountId, int saveX, int saveY, int saveLayer) {
        int id = entityByAccount.get(accountId);
        if (id < 0) {
            return;
        }
        if (modules != null) {
            modules.playerLeft(id);
            bodies.playerAway(accountId, entities.slotOf(id));
        }
        entityByAccount.remove(accountId);
        int slot = entities.slotOf(id);
        knownPlayers.put(accountId, new PlayerRecord(accountId, saveX, saveY, saveLayer));
        occupancy[size.index(entities.x[slot], entities.y[slot], entities.layer[slot])] = 0;
        rememberRemoval(slot);
        entities.remove(slot);
        indexStale = true;
    }

    /** The entity id of an account's player, or 0. */
    public int entityOf(long accountId) {
        return Math.max(0, entityByAccount.get(accountId));
    }

    /**
     * Adds wandering NPCs at random free cells of layer 0 (then other layers).
     *
     * @return how many were placed; fewer than asked when the map fills up
     */
    public int addNpcs(int count) {
        int placed = 0;
        for (int i = 0; i < count; i++) {
            int[] cell = freeCells.randomFreeCell(random);
            if (cell == null) {
                break;
            }
            place(EntityKind.NPC, 0, cell[0], cell[1], cell[2]);
            placed++;
        }
        return placed;
    }

    // ---- the tick -----------------------------------------------------------------------------------------------

    /**
     * Records an entity's intent for the coming tick.
     *
     * @return false if the entity does not exist or already has an intent for this tick (one step per tick)
     */
    public boolean setIntent(int entityId, Direction direction) {
        int slot = entities.slotOf(entityId);
        if (slot < 0 || hasIntent(slot)) {
            return false;
        }
        entities.intent[slot] = (byte) direction.code();
        return true;
    }

    /**
     * Records a player's action on an object ({@link ObjectIntent}) for the coming tick; it counts as the entity's
     * one intent of the tick.
     *
     * @return false if the entity is not a player or already has an intent for this tick
     */
    public boolean setAction(int entityId, long packedAction) {
        int slot = entities.slotOf(entityId);
        if (slot < 0 || entities.kind[slot] != EntityKind.PLAYER.code || hasIntent(slot) || packedAction == 0) {
            return false;
        }
        entities.action[slot] = packedAction;
        return true;
    }

    /**
     * Records a player's action of a game module for the coming tick, its fields already checked against the
     * declaration ({@link lor.sim.module.ActionArguments}); it counts as the entity's one intent of the tick.
     *
     * @return false if the entity is not a player or already has an intent for this tick
     */
    public boolean setModuleAction(int entityId, WorldModules.ActionRef action, int[] fields) {
        int slot = entities.slotOf(entityId);
        if (modules == null || slot < 0 || entities.kind[slot] != EntityKind.PLAYER.code || hasIntent(slot)) {
            return false;
        }
        entities.act[slot] = pendingActs.add(action.module(), action.index(), fields) + 1;
        return true;
    }

    private boolean hasIntent(int slot) {
        return entities.intent[slot] != 0 || entities.action[slot] != 0 || entities.act[slot] != 0;
    }

    /**
     * One tick, in phases: players' actions on objects, then movement (NPCs choose their steps, then every step is
     * applied), each in ascending entity id order; then the objects that are awake run; then the clock turns, and
     * a new line transmutes the field. The outcome of each player intent is in {@link #events()} until the next
     * step.
     */
    public void step() {
        events.clear();
        applyActions();
        moveEntities();
        objects.runObjects(tick);
        if (modules != null) {
            modules.wakePhase();
        }
        turnClock();
        tick++;
        if (entities.holes > 0) {
            entities.compact();
            wanderers.clampCursor(entities.count);
            indexStale = true;
        }
    }

    private void applyActions() {
        EntityTable t = entities;
        for (int slot = 0; slot < t.count; slot++) {
            int act = t.act[slot];
            if (act != 0) {
                t.act[slot] = 0;
                if (t.kind[slot] != 0) {
                    String refusal = modules.act(pendingActs.module(act - 1), t.id[slot], pendingActs.action(act - 1),
                            pendingActs.fields(act - 1));
                    events.add(t.id[slot], refusal);
                }
                continue;
            }
            long action = t.action[slot];
            if (action == 0) {
                continue;
            }
            t.action[slot] = 0;
            if (t.kind[slot] == 0) {
                continue;
            }
            events.add(t.id[slot], actions.apply(t.account[slot], t.x[slot], t.y[slot], t.layer[slot], action));
        }
        pendingActs.clear();
    }

    /** At the end of a tick, the clock moves to the next line if this tick was the last of its line. */
    private void turnClock() {
        int next = pack.clock().lineAt(tick + 1);
        if (next != field.line()) {
            int old = field.line();
            field.setLine(next, null);
            objects.lineChanged(next);
            if (modules != null) {
                modules.lineChanged(old);
            }
        }
    }

    private void moveEntities() {
        EntityTable t = entities;
        wanderers.chooseIntents(t, random);
        int width = size.width();
        int height = size.height();
        for (int slot = 0; slot < t.count; slot++) {
            int code = t.intent[slot];
            if (code == 0) {
                continue;
            }
            t.intent[slot] = 0;
            int kind = t.kind[slot];
            if (kind == 0) {
                continue;
            }
            Direction direction = Direction.ofCode(code);
            int x = t.x[slot];
            int y = t.y[slot];
            int layer = t.layer[slot];
            IntentOutcome result = MoveRules.check(field, moduleWalls(), occupancy, x, y, layer, direction);
            if (result == IntentOutcome.MOVED) {
                int nx = x + direction.dx;
                int ny = y + direction.dy;
                occupancy[(layer * height + y) * width + x] = 0;
                occupancy[(layer * height + ny) * width + nx] = t.id[slot];
                t.x[slot] = nx;
                t.y[slot] = ny;
                indexMoved(slot, x, y, layer);
            }
            if (kind == EntityKind.PLAYER.code) {
                events.add(t.id[slot], result);
            } else {
                wanderers.onResult(t, slot, result);
            }
        }
    }

    /** NPCs' path searches since this world was made: a statistic for tests, not state (not in the hash). */
    long npcSearches() {
        return wanderers.searches();
    }

    /** NPC steps the movement rule refused as walls since this world was made: a statistic, not state. */
    long npcStepsIntoWalls() {
        return wanderers.refusedAsWall();
    }

    /** NPC steps the movement rule refused as occupied since this world was made: a statistic, not state. */
    long npcStepsIntoOccupied() {
        return wanderers.refusedAsOccupied();
    }

    /** What the last {@link #step()} did to players' intents. */
    public TickEvents events() {
        return events;
    }

    // ---- reading entities ---------------------------------------------------------------------------------------

    /**
     * Slots are positions in the entity table, valid until the next {@link #step()}, {@link #spawnPlayer} or
     * {@link #removePlayer}. Slot order is ascending entity id. A removed entity's slot reads as not live until the
     * next step closes the gap.
     */
    public int slotCount() {
        return entities.count;
    }

    public boolean isLive(int slot) {
        return entities.kind[slot] != 0;
    }

    public int slotOf(int entityId) {
        return entities.slotOf(entityId);
    }

    public int idAt(int slot) {
        return entities.id[slot];
    }

    public EntityKind kindAt(int slot) {
        return EntityKind.ofCode(entities.kind[slot]);
    }

    public long accountAt(int slot) {
        return entities.account[slot];
    }

    public int xAt(int slot) {
        return entities.x[slot];
    }

    public int yAt(int slot) {
        return entities.y[slot];
    }

    public int layerAt(int slot) {
        return entities.layer[slot];
    }

    /** The entity id in a cell, or 0. */
    public int occupant(int x, int y, int layer) {
        return occupancy[size.index(x, y, layer)];
    }

    /**
     * The slots of the entities within {@code radius} cells (Chebyshev distance) of {@code (x, y)} on
     * {@code layer}, in ascending id order, through the spatial index (rebuilt here if entities came or went, or
     * moved more than it follows).
     *
     * @return how many slots were written to {@code out}
     */
    public int entitiesNear(int x, int y, int layer, int radius, int[] out) {
        if (indexStale) {
            index.rebuild(entities.count, entities.kind, entities.x, entities.y, entities.layer);
            indexStale = false;
        }
        return index.query(x, y, layer, radius, out);
    }

    /**
     * The entity in {@code slot} moved from {@code (fromX, fromY, fromLayer)}: the index follows it while it can, so
     * NPCs stepping between queries (a module's, in its wakes) do not cost a rebuild each.
     */
    void indexMoved(int slot, int fromX, int fromY, int fromLayer) {
        if (!indexStale && !index.moved(slot, fromX, fromY, fromLayer)) {
            indexStale = true;
        }
    }

    // ---- changes since a mark (for delta-encoding clients) ---------------------------------------------------------

    /**
     * Remembers every entity's position and module attributes as the baseline for {@link #markedXAt} and friends,
     * and forgets the removals recorded since the previous mark. A broadcaster calls it after each broadcast: the next
     * one then sends what changed since.
     */
    public void markPositions() {
        EntityTable t = entities;
        for (int slot = 0; slot < t.count; slot++) {
            t.markedX[slot] = t.x[slot];
            t.markedY[slot] = t.y[slot];
            t.markedLayer[slot] = t.layer[slot];
            t.marked[slot] = 1;
        }
        System.arraycopy(t.attrs, 0, t.markedAttrs, 0, t.count * t.attributeCount);
        removed.clear();
    }

    /** A module attribute of an entity at the last mark (meaningful only when {@link #isMarkedAt} it). */
    public int markedAttributeAt(int slot, int attribute) {
        return entities.markedAttrs[slot * entities.attributeCount + attribute];
    }

    /** False for an entity added since the last mark: it has no baseline position. */
    public boolean isMarkedAt(int slot) {
        return entities.marked[slot] != 0;
    }

    public int markedXAt(int slot) {
        return entities.markedX[slot];
    }

    public int markedYAt(int slot) {
        return entities.markedY[slot];
    }

    public int markedLayerAt(int slot) {
        return entities.markedLayer[slot];
    }

    /** Entities removed since the last mark that existed at it. */
    public int removedSinceMark() {
        return removed.count();
    }

    public int removedIdAt(int i) {
        return removed.id(i);
    }

    /** The grid index of the cell a removed entity stood on at the last mark. */
    public int removedCellAt(int i) {
        return removed.cell(i);
    }

    void rememberRemoval(int slot) {
        if (entities.marked[slot] == 0) {
            return;
        }
        removed.add(entities.id[slot], size.index(entities.markedX[slot], entities.markedY[slot],
                entities.markedLayer[slot]));
    }

    // ---- game modules -------------------------------------------------------------------------------------------

    /** The game modules this world runs; {@link WorldModules#none()} in a world that runs none. */
    public WorldModules modules() {
        return modules == null ? WorldModules.none() : modules.modules();
    }

    /** The field layer of one of the world's modules (by its position in {@link #modules()}). */
    public ModuleField moduleField(int module) {
        return modules.field(module);
    }

    /**
     * Forgets which module field cells changed: a broadcaster calls it after the broadcast that reported them, as it
     * calls {@link #markPositions()}.
     */
    public void clearModuleChanges() {
        if (modules != null) {
            modules.clearChanged();
        }
    }

    /** An entity's module attribute, by its position in {@link WorldModules#attributes()}. */
    public int attributeAt(int slot, int attribute) {
        return entities.attrs[slot * entities.attributeCount + attribute];
    }

    /** How the world's modules have failed; null in a world that runs none. */
    public ModuleStats moduleStats() {
        return modules == null ? null : modules.stats();
    }

    /**
     * Times every module hook by {@code nanoTime} from now on ({@link ModuleStats#nanos}). sim-core reads no clock of
     * its own: a server hands it one, a predicting client none.
     */
    public void timeModules(LongSupplier nanoTime) {
        if (modules != null) {
            modules.clock(nanoTime);
        }
    }

    /** Wakes the world's modules have scheduled and not yet run: a statistic for tests and metrics. */
    public int moduleWakes() {
        return modules == null ? 0 : modules.wakes().size();
    }

    Walls moduleWalls() {
        return modules == null ? null : modules.wallsIfAny();
    }

    // ---- persistence and checks ---------------------------------------------------------------------------------

    /**
     * A copy of what is persisted: the clock, the id counter, every player known to this world with what it
     * carries, and every object.
     */
    public WorldSnapshot snapshot() {
        List<PlayerRecord> players = new ArrayList<>(knownPlayers.size());
        for (PlayerRecord known : knownPlayers.values()) {
            int id = entityByAccount.get(known.accountId());
            if (id < 0) {
                players.add(known);
            } else {
                int slot = entities.slotOf(id);
                players.add(new PlayerRecord(known.accountId(), entities.x[slot], entities.y[slot],
                        entities.layer[slot]));
            }
        }
        List<WorldSnapshot.InventoryRecord> carried = new ArrayList<>(inventories.size());
        for (Map.Entry<Long, Inventories.Inventory> e : inventories.all()) {
            int[] counts = new int[pack.itemCount()];
            for (int item = 0; item < counts.length; item++) {
                counts[item] = e.getValue().count(item);
            }
            carried.add(new WorldSnapshot.InventoryRecord(e.getKey(), counts));
        }
        return new WorldSnapshot(tick, nextEntityId, players, carried, objects.image(),
                modules == null ? List.of() : bodies.images(modules, knownPlayers.keySet(), entityByAccount));
    }

    /**
     * A 64-bit {@link StateHash} of the whole dynamic state: clock, id counter, random state, the NPC planning cursor,
     * every entity with its id, kind, account, position and NPC path (steps, progress, blocked count), the clock's
     * line, every object and every inventory. Pending intents and actions are not in it: they are the next tick's
     * input, not state. Equal states hash equal; two runs from one state with the same inputs must agree.
     */
    public long stateHash() {
        StateHash h = new StateHash();
        h.mix(tick);
        h.mix(nextEntityId);
        h.mix(random.state());
        h.mix(wanderers.cursor());
        entities.stateHash(h);
        h.mix(field.line());
        if (modules != null) {
            modules.stateHash(h);
            bodies.stateHash(h);
        }
        objects.stateHash(h);
        for (Map.Entry<Long, Inventories.Inventory> e : inventories.all()) {
            h.mix(e.getKey().longValue());
            Inventories.Inventory inventory = e.getValue();
            for (int item = 0; item < inventory.items(); item++) {
                h.mix(inventory.count(item));
            }
        }
        return h.value();
    }

    // ---- internals ----------------------------------------------------------------------------------------------

    int place(EntityKind kind, long accountId, int x, int y, int layer) {
        int id = nextEntityId++;
        entities.add(id, kind, accountId, x, y, layer);
        occupancy[size.index(x, y, layer)] = id;
        indexStale = true;
        return id;
    }
}
