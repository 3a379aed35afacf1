package lor.sim.world;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import lor.sim.grid.Direction;
import lor.sim.module.AttributeSpec;
import lor.sim.util.LongIntMap;
import lor.sim.util.StateHash;

/**
 * A world's entities as its game modules touch them: what the world does on their behalf ({@link ModuleView}) and how
 * each is undone when the hook that did it is ({@link ModuleHost}): module NPCs placed, stepped through the movement
 * rules, removed and brought back from a snapshot, players put back at the spawn, attributes and data set; and the
 * module values of players who are away, kept until they come back. Works on the world's own table, occupancy and
 * marks.
 */
final class ModuleBodies {

    private final World world;
    /**
     * Module attributes then module data of each player not in the world now, by account, in the world's order: what
     * it finds again when it comes back. State: hashed and in snapshots. By account, not in the order players left:
     * a world hydrated from a snapshot has them in the snapshot's order, and must hash as the original.
     */
    private final Map<Long, int[]> absentPlayers = new TreeMap<>();

    ModuleBodies(World world) {
        this.world = world;
    }

    // ---- players' values while they are away ------------------------------------------------------------------

    Map<Long, int[]> absentPlayers() {
        return absentPlayers;
    }

    /** A player leaves: its values wait for it. */
    void playerAway(long account, int slot) {
        absentPlayers.put(account, valuesOf(slot));
    }

    /** A player comes back (its entity just placed with the defaults): it finds its values as it left them. */
    void playerBack(long account, int slot) {
        int[] values = absentPlayers.remove(account);
        if (values != null) {
            EntityTable t = world.entities;
            System.arraycopy(values, 0, t.attrs, slot * t.attributeCount, t.attributeCount);
            System.arraycopy(values, t.attributeCount, t.data, slot * t.dataCount, t.dataCount);
        }
    }

    /** Every module attribute's default then every data column's 0: what a player new to the world starts with. */
    int[] defaults() {
        EntityTable t = world.entities;
        int[] values = new int[t.attributeCount + t.dataCount];
        List<AttributeSpec> attributes = world.modules().attributes();
        for (int a = 0; a < attributes.size(); a++) {
            values[a] = attributes.get(a).defaultValue();
        }
        return values;
    }

    /** A copy of an entity's module attributes then its module data. */
    private int[] valuesOf(int slot) {
        EntityTable t = world.entities;
        int[] values = new int[t.attributeCount + t.dataCount];
        System.arraycopy(t.attrs, slot * t.attributeCount, values, 0, t.attributeCount);
        System.arraycopy(t.data, slot * t.dataCount, values, t.attributeCount, t.dataCount);
        return values;
    }

    /** What each module keeps, for a snapshot: every known player's values, present or away. */
    List<ModuleImage> images(ModuleHost host, Collection<Long> known, LongIntMap entityByAccount) {
        long[] accounts = new long[known.size()];
        int[][] values = new int[accounts.length][];
        int i = 0;
        int[] defaults = defaults();
        for (Long account : known) {
            accounts[i] = account;
            int id = entityByAccount.get(account);
            values[i++] = id >= 0 ? valuesOf(world.entities.slotOf(id)) : absentPlayers.getOrDefault(account, defaults);
        }
        return host.images(accounts, values);
    }

    void stateHash(StateHash h) {
        for (Map.Entry<Long, int[]> e : absentPlayers.entrySet()) {
            h.mix(e.getKey().longValue());
            for (int value : e.getValue()) {
                h.mix(value);
            }
        }
    }

    // ---- entities on the modules' behalf ----------------------------------------------------------------------

    /**
     * A module's NPC as a snapshot kept it: its id (the snapshot's NPCs come in ascending id order, before anyone
     * joins), its cell.
     *
     * @return its slot
     */
    int restoreModuleNpc(int module, int id, int x, int y, int layer) {
        if (!world.size.contains(x, y, layer) || world.occupancy[world.size.index(x, y, layer)] != 0
                || id >= world.nextEntityId
                || world.entities.count > 0 && world.entities.id[world.entities.count - 1] >= id) {
            throw new IllegalArgumentException("the snapshot's NPC " + id + " of module " + world.modules().spec(module)
                    .name() + " cannot stand at " + x + "," + y + "," + layer);
        }
        int slot = world.entities.add(id, EntityKind.NPC, 0, x, y, layer);
        world.occupancy[world.size.index(x, y, layer)] = id;
        world.entities.owner[slot] = (byte) (module + 1);
        world.indexStale = true;
        return slot;
    }

    /** An NPC of a module at the free cell nearest to the given one on its layer. @return its slot, or -1 */
    int placeModuleNpc(int module, int x, int y, int layer) {
        int[] cell = world.freeCells.nearestFreeOn(x, y, layer);
        if (cell == null) {
            return -1;
        }
        int slot = world.entities.slotOf(world.place(EntityKind.NPC, 0, cell[0], cell[1], cell[2]));
        world.entities.owner[slot] = (byte) (module + 1);
        return slot;
    }

    /** @return whether the removal was remembered for delta-encoding clients (the NPC existed at the last mark) */
    boolean removeModuleNpc(int slot) {
        world.occupancy[cellOf(slot)] = 0;
        int before = world.removed.count();
        world.rememberRemoval(slot);
        world.entities.remove(slot);
        world.indexStale = true;
        return world.removed.count() != before;
    }

    /** One step through the movement rules, taken at once. @return whether it moved */
    boolean moveSlot(int slot, Direction direction) {
        int x = world.entities.x[slot];
        int y = world.entities.y[slot];
        int layer = world.entities.layer[slot];
        IntentOutcome result = MoveRules.check(world.field, world.moduleWalls(), world.occupancy, x, y, layer,
                direction);
        if (result != IntentOutcome.MOVED) {
            return false;
        }
        relocate(slot, x + direction.dx, y + direction.dy, layer);
        return true;
    }

    /** Moves a player to the free cell nearest to the spawn point. @return false when no cell is free */
    boolean respawnSlot(int slot) {
        int[] cell = world.freeCells.nearestFree(world.grid.spawnX(), world.grid.spawnY(),
                world.grid.spawnLayer());
        if (cell == null) {
            return false;
        }
        relocate(slot, cell[0], cell[1], cell[2]);
        return true;
    }

    private void relocate(int slot, int x, int y, int layer) {
        EntityTable t = world.entities;
        int fromX = t.x[slot];
        int fromY = t.y[slot];
        int fromLayer = t.layer[slot];
        world.occupancy[cellOf(slot)] = 0;
        world.occupancy[world.size.index(x, y, layer)] = t.id[slot];
        t.x[slot] = x;
        t.y[slot] = y;
        t.layer[slot] = layer;
        world.indexMoved(slot, fromX, fromY, fromLayer);
    }

    void undoAttribute(int slot, int column, int old) {
        world.entities.attrs[slot * world.entities.attributeCount + column] = old;
    }

    void undoData(int slot, int column, int old) {
        world.entities.data[slot * world.entities.dataCount + column] = old;
    }

    void undoMove(int slot, int x, int y, int layer) {
        relocate(slot, x, y, layer);
    }

    /** Undoes the placing of the last slot's NPC, its id given back. */
    void undoSpawn(int slot) {
        world.occupancy[cellOf(slot)] = 0;
        world.entities.dropLast();
        world.nextEntityId--;
        world.indexStale = true;
    }

    void undoRemove(int slot, int remembered) {
        world.entities.revive(slot, EntityKind.NPC.code);
        world.occupancy[cellOf(slot)] = world.entities.id[slot];
        world.removed.dropLast(remembered);
        world.indexStale = true;
    }

    /**
     * Whether movement refuses every step into a cell whoever moves: a wall of the clock's line, an object, or a
     * blocking value on a module's field.
     */
    boolean blocksEveryone(int index) {
        // MoveRules.standingResult's rule, the modules' fields asked directly rather than through Walls (found null or
        // not on each call): a field rule asks this of every neighbour it looks at (docs/benchmarks.md, "Dispatch").
        return world.field.isWall(index) || world.occupancy[index] < 0
                || world.modules != null && world.modules.blocks(index);
    }

    /** The grid index of the cell an entity stands on. */
    private int cellOf(int slot) {
        EntityTable t = world.entities;
        return world.size.index(t.x[slot], t.y[slot], t.layer[slot]);
    }
}
