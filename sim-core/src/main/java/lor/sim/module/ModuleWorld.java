package lor.sim.module;

/**
 * The world as one module's hooks see it, and the only way they change it. Cells are given as {@code (x, y, layer)};
 * entities by id. Everything here is deterministic: the same world and the same calls give the same answers on the
 * server and in every predicting client.
 *
 * <p>Changes made through a view are undone when the hook that made them throws, or when an action is refused.
 */
public interface ModuleWorld {

    /** An entity id that is no entity: what {@link #spawnNpc} gives when no cell is free. */
    int NONE = 0;

    // ---- the clock and randomness -------------------------------------------------------------------------------

    /** The tick being run. */
    long tick();

    /** The clock's current line (an index into the pack's clock lines). */
    int line();

    /**
     * Uniform in {@code [0, bound)}: derived from the world's seed, the tick, this module and the hook's own call
     * (the entity of an action, the key and tag of a wake), then from the draws this call made before. So a client
     * predicting its own action draws what the server draws, whatever else ran in that tick.
     */
    int random(int bound);

    // ---- the grid -----------------------------------------------------------------------------------------------

    int width();

    int height();

    int layers();

    /** The map's spawn point, where players without a saved position appear. */
    int spawnX();

    int spawnY();

    int spawnLayer();

    /** The map's cell code at a cell as the clock's current line makes it; -1 outside the grid. */
    int terrain(int x, int y, int layer);

    /**
     * Whether movement refuses a step into the cell whoever moves: outside the grid, a wall of the clock's line, an
     * object, or a blocking value on any module's field. Entities are not walls.
     */
    boolean blocked(int x, int y, int layer);

    // ---- this module's field ------------------------------------------------------------------------------------

    /** The value on this module's field at a cell; 0 for empty or outside the grid. */
    int cell(int x, int y, int layer);

    /**
     * Puts a declared value on a cell of this module's field (0 empties it). States report the cell; a blocking value
     * is a wall from now on.
     */
    void setCell(int x, int y, int layer, int value);

    /** The tick at which the cell's value was last set (0 if never). */
    long cellSince(int x, int y, int layer);

    // ---- the scheduler ------------------------------------------------------------------------------------------

    /**
     * Wakes this module's {@link ModuleRules#wake} with {@code key} and {@code tag} in the module phase of
     * {@code tick} (of the coming tick's if that one is not later than the current module phase). Several wakes with
     * the same tick, key and tag are one wake. Wakes are state: they survive a snapshot. Within a tick, wakes run by
     * module, key and tag, ascending.
     *
     * @param key a non-negative int of the module's choosing (a cell index, an entity id)
     * @param tag 0 to 65535, of the module's choosing (what to do)
     */
    void wakeAt(long tick, int key, int tag);

    /**
     * Wakes this module's {@link ModuleRules#wake} whenever a cell changes, with the cell's grid index
     * ({@code (layer * height + y) * width + x}) as the key and {@code tag}, in the module phase of the tick after
     * the change. A cell changes when the value on it of any module's field changes (a set that leaves the value as
     * it was does not count, nor does a set a failing hook or a refused action undoes), or when the clock's new line
     * makes its terrain read otherwise ({@link #terrain}: a transmutation begins or ends). Entities and objects
     * coming and going do not count. Changes in one tick give one wake. A watch stays until {@link #unwatchCell};
     * watching a cell twice with one tag is one watch. Watches are state: they survive a snapshot.
     *
     * @param tag 0 to 65535, of the module's choosing
     * @throws IllegalStateException when the module already watches 65,536 cells (the hook fails)
     */
    void watchCell(int x, int y, int layer, int tag);

    /** Stops a {@link #watchCell} watch of this module with that tag; nothing when there is none. */
    void unwatchCell(int x, int y, int layer, int tag);

    // ---- entities -----------------------------------------------------------------------------------------------

    /**
     * The ids of the entities within {@code radius} cells (Chebyshev distance) of a cell on its layer, in ascending
     * id order.
     *
     * @return how many ids were written to {@code out} (at most its length)
     */
    int entitiesNear(int x, int y, int layer, int radius, int[] out);

    /** Whether the entity is in the world. */
    boolean exists(int entity);

    boolean isPlayer(int entity);

    /** Whether the entity is an NPC this module spawned. */
    boolean isOwnNpc(int entity);

    int x(int entity);

    int y(int entity);

    int layer(int entity);

    /** @param attribute the index among this module's declared attributes */
    int attribute(int entity, int attribute);

    /** Sets an attribute, brought within its declared bounds. */
    void setAttribute(int entity, int attribute, int value);

    /** @param column the index among this module's declared entity data columns ({@link ModuleSpec#data()}) */
    int data(int entity, int column);

    void setData(int entity, int column, int value);

    /**
     * An NPC of this module at the free cell nearest to the given one on its layer (free: walkable, no entity, no
     * object, no portal), with every attribute at its default and every data column 0.
     *
     * @return its id, or {@link #NONE} when no cell is free
     */
    int spawnNpc(int x, int y, int layer);

    /** Takes one of this module's NPCs out of the world. */
    void removeNpc(int entity);

    /**
     * One step of one of this module's NPCs, through the movement rules players' steps go through.
     *
     * @param direction a {@link lor.sim.grid.Direction#code()}
     * @return whether it moved (else a wall, the grid's edge or an occupied cell refused it)
     */
    boolean step(int entity, int direction);

    /** Puts a player back at the free cell nearest to the map's spawn point. */
    void respawn(int entity);

    // ---- the pack and inventories ------------------------------------------------------------------------------

    /** The index of the pack's item named {@code name}, or -1 when the pack has no such item. */
    int item(String name);

    // ---- inventories --------------------------------------------------------------------------------------------

    /** How many of an item (its index in the pack) a player carries; 0 for an NPC. */
    int carried(int entity, int item);

    /**
     * Gives a player {@code count} of an item, or takes {@code -count}.
     *
     * @return false, changing nothing, when the player carries fewer than it takes, or has no room for what it gets
     */
    boolean give(int entity, int item, int count);

    // ---- sensing ------------------------------------------------------------------------------------------------

    /**
     * Whether a straight line (Bresenham) between two cells of one layer crosses no {@link #blocked} cell; the end
     * cells themselves do not count.
     */
    boolean lineOfSight(int x0, int y0, int x1, int y1, int layer);

    /**
     * The first step of a shortest path (sim-core's A*) from an entity to a cell of its layer over the current field
     * ({@link #blocked} cells are walls, entities are not), searched within {@code margin} cells around both.
     *
     * @return the step's {@link lor.sim.grid.Direction#code()}, or 0 when there is no path within the window or the
     *         entity stands on the cell
     */
    int firstStep(int entity, int x, int y, int margin);
}
