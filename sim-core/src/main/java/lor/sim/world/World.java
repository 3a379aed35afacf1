package lor.sim.world;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulation state of one world. Pure data and rules: no threads, no I/O, no clock of its own; the owner
 * calls {@link #step()} once per tick. Deterministic: the same snapshot and the same calls give the same state.
 * Not thread-safe: one thread (the world's tick thread) owns it.
 */
public final class World {

    private final GridSize grid;
    /** Entity id standing in each cell, 0 for none. */
    private final int[] occupancy;
    private final Map<Integer, Entity> entitiesById = new LinkedHashMap<>();
    private final Map<Long, Integer> entityByAccount = new HashMap<>();
    /** Last known position of every player that has been in this world, by account. */
    private final Map<Long, PlayerRecord> knownPlayers = new LinkedHashMap<>();
    private long tick;
    private int nextEntityId;

    private World(GridSize grid, long tick, int nextEntityId) {
        this.grid = grid;
        this.occupancy = new int[grid.cells()];
        this.tick = tick;
        this.nextEntityId = nextEntityId;
    }

    public static World empty(GridSize grid) {
        return new World(grid, 0, 1);
    }

    /** A world continuing from a snapshot: same clock and ids, every player offline at its saved position. */
    public static World restore(GridSize grid, WorldSnapshot snapshot) {
        World world = new World(grid, snapshot.tick(), Math.max(1, snapshot.nextEntityId()));
        for (PlayerRecord player : snapshot.players()) {
            world.knownPlayers.put(player.accountId(), player);
        }
        return world;
    }

    public GridSize grid() {
        return grid;
    }

    public long tick() {
        return tick;
    }

    public int onlinePlayers() {
        return entityByAccount.size();
    }

    /** Advances the clock by one tick. */
    public void step() {
        tick++;
    }

    /**
     * Puts the account's entity into the world: at its saved position if it has one and that cell is free, else at
     * the free cell nearest to the spawn point. An account already present keeps its entity.
     *
     * @return the entity, or {@code null} when the grid is full
     */
    public Entity spawnPlayer(long accountId) {
        Integer existing = entityByAccount.get(accountId);
        if (existing != null) {
            return entitiesById.get(existing);
        }
        PlayerRecord saved = knownPlayers.get(accountId);
        int[] cell = saved != null && grid.contains(saved.x(), saved.y(), saved.layer())
                ? nearestFreeOnAnyLayer(saved.x(), saved.y(), saved.layer())
                : nearestFreeOnAnyLayer(grid.width() / 2, grid.height() / 2, 0);
        if (cell == null) {
            return null;
        }
        Entity entity = new Entity(nextEntityId++, accountId, cell[0], cell[1], cell[2]);
        entitiesById.put(entity.id(), entity);
        entityByAccount.put(accountId, entity.id());
        occupancy[grid.index(entity.x(), entity.y(), entity.layer())] = entity.id();
        knownPlayers.put(accountId, new PlayerRecord(accountId, entity.x(), entity.y(), entity.layer()));
        return entity;
    }

    /** Takes the account's entity out of the world, remembering where it stood. */
    public void removePlayer(long accountId) {
        Integer id = entityByAccount.remove(accountId);
        if (id == null) {
            return;
        }
        Entity entity = entitiesById.remove(id);
        occupancy[grid.index(entity.x(), entity.y(), entity.layer())] = 0;
        knownPlayers.put(accountId, new PlayerRecord(accountId, entity.x(), entity.y(), entity.layer()));
    }

    public Entity entity(int id) {
        return entitiesById.get(id);
    }

    /** A copy that shares nothing mutable with this world. */
    public WorldSnapshot snapshot() {
        List<PlayerRecord> players = new ArrayList<>(knownPlayers.size());
        for (PlayerRecord known : knownPlayers.values()) {
            Integer id = entityByAccount.get(known.accountId());
            if (id == null) {
                players.add(known);
            } else {
                Entity e = entitiesById.get(id);
                players.add(new PlayerRecord(known.accountId(), e.x(), e.y(), e.layer()));
            }
        }
        return new WorldSnapshot(tick, nextEntityId, players);
    }

    /** The nearest free cell on the preferred layer, else on the other layers in order. */
    private int[] nearestFreeOnAnyLayer(int x, int y, int preferredLayer) {
        int[] cell = nearestFree(x, y, preferredLayer);
        for (int layer = 0; cell == null && layer < grid.layers(); layer++) {
            if (layer != preferredLayer) {
                cell = nearestFree(x, y, layer);
            }
        }
        return cell;
    }

    /** Breadth of square rings around the start cell on its layer; the first free cell found wins. */
    private int[] nearestFree(int startX, int startY, int layer) {
        int maxRadius = Math.max(grid.width(), grid.height());
        for (int r = 0; r <= maxRadius; r++) {
            for (int dy = -r; dy <= r; dy++) {
                for (int dx = -r; dx <= r; dx++) {
                    if (Math.max(Math.abs(dx), Math.abs(dy)) != r) {
                        continue;
                    }
                    int x = startX + dx;
                    int y = startY + dy;
                    if (grid.contains(x, y, layer) && occupancy[grid.index(x, y, layer)] == 0) {
                        return new int[] {x, y, layer};
                    }
                }
            }
        }
        return null;
    }
}
