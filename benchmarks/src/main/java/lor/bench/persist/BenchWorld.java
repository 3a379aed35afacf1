package lor.bench.persist;

import lor.bench.ObjectFixtures;
import lor.sim.grid.BenchMap;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import lor.sim.world.World;

/**
 * A measured world: N players spawned by the bench (hashed) rule, optionally objects, and the random steps they
 * take between rounds.
 */
final class BenchWorld {

    static final long SEED = 20_240_601L;
    /** Worlds up to this many entities use the 256×256 bench map; larger ones a generated map. */
    static final int BENCH_MAP_MAX_ENTITIES = 10_000;
    static final double GENERATED_WALL_FRACTION = 0.10;
    static final long ACCOUNT_BASE = 1_000_000L;
    private static final Direction[] DIRECTIONS = Direction.values();

    final World world;
    final Grid grid;
    final String map;
    private final SplitMix64 moves;

    private BenchWorld(World world, Grid grid, String map, SplitMix64 moves) {
        this.world = world;
        this.grid = grid;
        this.map = map;
        this.moves = moves;
    }

    static BenchWorld build(int n, int objects) {
        Grid grid;
        String map;
        if (n <= BENCH_MAP_MAX_ENTITIES && objects == 0) {
            grid = BenchMap.grid();
            map = "bench 256×256";
        } else {
            int side = generatedSide(n + objects);
            grid = MapGenerator.scatter(new GridSize(side, side, 1), GENERATED_WALL_FRACTION, SEED);
            map = "scatter " + side + "×" + side + " (10% walls)";
        }
        if (grid.floorCount() < n) {
            throw new IllegalArgumentException(n + " entities do not fit on " + map);
        }
        SnapshotPersistBench.progress(n + " entities: building the world on " + map);
        World world = objects == 0 ? World.create(grid, SEED) : World.create(grid, ObjectFixtures.pack(1), SEED);
        world.spawnRule(World.SpawnRule.HASHED);
        for (int i = 0; i < n; i++) {
            if (world.spawnPlayer(ACCOUNT_BASE + i) == 0) {
                throw new IllegalStateException("no free cell for player " + i + " of " + n);
            }
        }
        if (world.entityCount() != n) {
            throw new IllegalStateException("world holds " + world.entityCount() + " entities, wanted " + n);
        }
        if (objects > 0) {
            placeObjects(world, objects);
            map += ", " + objects + " objects";
        }
        BenchWorld built = new BenchWorld(world, grid, map, new SplitMix64(SEED ^ n));
        built.advance();
        return built;
    }

    /** One tick in which every entity tries a random step: positions change between snapshots. Untimed. */
    void advance() {
        for (int slot = 0; slot < world.slotCount(); slot++) {
            world.setIntent(world.idAt(slot), DIRECTIONS[moves.nextInt(DIRECTIONS.length)]);
        }
        world.step();
    }

    /** Crates holding two items each on the first free cells in index order: what a snapshot of objects holds. */
    private static void placeObjects(World world, int count) {
        int crate = world.pack().kindIndex("crate");
        int water = world.pack().itemIndex("water");
        int heat = world.pack().itemIndex("heat");
        GridSize size = world.grid().size();
        int placed = 0;
        for (int cell = 0; cell < size.cells() && placed < count; cell++) {
            int x = cell % size.width();
            int y = (cell / size.width()) % size.height();
            int layer = cell / (size.width() * size.height());
            if (world.field().isWall(cell) || world.occupant(x, y, layer) != 0) {
                continue;
            }
            int id = world.objects().build(crate, cell);
            world.objects().add(id, water, 1 + placed % 90);
            world.objects().add(id, heat, 7);
            placed++;
        }
        if (placed < count) {
            throw new IllegalArgumentException(count + " objects do not fit: " + placed + " placed");
        }
    }

    /** The smallest power-of-two side at which {@code n} entities fill at most about an eighth of the floor. */
    static int generatedSide(int n) {
        int side = 256;
        while ((long) side * side * (1 - GENERATED_WALL_FRACTION) < 8L * n) {
            side *= 2;
            if (side > GridSize.MAX_SIDE) {
                throw new IllegalArgumentException(n + " entities need a map larger than " + GridSize.MAX_SIDE);
            }
        }
        return side;
    }
}
