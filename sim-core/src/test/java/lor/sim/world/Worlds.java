package lor.sim.world;

import java.util.ArrayList;
import java.util.List;

import lor.sim.grid.Grid;

/** Test fixtures: worlds with players standing exactly where a test wants them. */
final class Worlds {

    private Worlds() {
    }

    /**
     * A world whose players are accounts 1..n, spawned in that order at {@code cells[i] = {x, y, layer}}, so they
     * get entity ids 1..n. Placed through a snapshot, which is how a world learns saved positions.
     */
    static World withPlayersAt(Grid grid, long seed, int[]... cells) {
        List<PlayerRecord> players = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            players.add(new PlayerRecord(i + 1, cells[i][0], cells[i][1], cells[i][2]));
        }
        World world = World.restore(grid, new WorldSnapshot(0, 1, players), seed);
        for (int i = 0; i < cells.length; i++) {
            int id = world.spawnPlayer(i + 1);
            if (id != i + 1 || !at(world, id, cells[i][0], cells[i][1], cells[i][2])) {
                throw new IllegalStateException("fixture cell " + i + " is not free");
            }
        }
        return world;
    }

    static boolean at(World world, int entityId, int x, int y, int layer) {
        int slot = world.slotOf(entityId);
        return slot >= 0 && world.xAt(slot) == x && world.yAt(slot) == y && world.layerAt(slot) == layer;
    }

    /** {@code {x, y, layer}} of a live entity. */
    static int[] position(World world, int entityId) {
        int slot = world.slotOf(entityId);
        if (slot < 0) {
            throw new IllegalArgumentException("no entity " + entityId);
        }
        return new int[] {world.xAt(slot), world.yAt(slot), world.layerAt(slot)};
    }

    /**
     * Checks what must hold between ticks: every live entity stands on a walkable cell of the grid, the occupancy
     * names it there and nobody else anywhere, no two entities share a cell, slots run in ascending id order.
     *
     * @return a description of the first broken rule, or null
     */
    static String brokenInvariant(World world) {
        Grid grid = world.grid();
        int[] expected = new int[grid.size().cells()];
        int live = 0;
        int lastId = 0;
        for (int slot = 0; slot < world.slotCount(); slot++) {
            int id = world.idAt(slot);
            if (id <= lastId) {
                return "slot " + slot + " holds id " + id + " after id " + lastId;
            }
            lastId = id;
            if (!world.isLive(slot)) {
                continue;
            }
            live++;
            int x = world.xAt(slot);
            int y = world.yAt(slot);
            int layer = world.layerAt(slot);
            if (!grid.size().contains(x, y, layer)) {
                return "entity " + id + " off the grid at " + x + "," + y + "," + layer;
            }
            int index = grid.size().index(x, y, layer);
            if (grid.isWall(index)) {
                return "entity " + id + " in a wall at " + x + "," + y + "," + layer;
            }
            if (expected[index] != 0) {
                return "entities " + expected[index] + " and " + id + " share " + x + "," + y + "," + layer;
            }
            expected[index] = id;
        }
        if (live != world.entityCount()) {
            return "entityCount " + world.entityCount() + " but " + live + " live slots";
        }
        for (int layer = 0; layer < grid.layers(); layer++) {
            for (int y = 0; y < grid.height(); y++) {
                for (int x = 0; x < grid.width(); x++) {
                    int occupant = world.occupant(x, y, layer);
                    if (occupant != expected[grid.size().index(x, y, layer)]) {
                        return "occupancy at " + x + "," + y + "," + layer + " is " + occupant + ", expected "
                                + expected[grid.size().index(x, y, layer)];
                    }
                }
            }
        }
        return null;
    }
}
