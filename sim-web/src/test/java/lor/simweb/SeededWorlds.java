package lor.simweb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import lor.sim.world.ObjectIntent;
import lor.sim.world.World;

/**
 * Worlds made from a seed alone, on a scatter map with a small demo pack, stepped by hand or run with inputs drawn
 * from the seed: what {@link SimTestApi} exports for measuring the compiled simulation's cost, and the runs
 * {@link SeededWorldsTest} pins. Worlds live in a list by handle, since JavaScript holds only the number.
 */
public final class SeededWorlds {

    private static final List<World> WORLDS = new ArrayList<>();

    /**
     * A small pack, compiled as the server compiles one: a clock of {@code day}, {@code dusk}, {@code night} lines of
     * 10 ticks each, and a free {@code counter} whose formula adds 1 to its stock every 4 ticks, by day only.
     */
    static final ContentPack DEMO_PACK = ContentPack.compile(new PackDef("demo", List.of("n"), Map.of(),
            new PackDef.ClockDef(List.of("day", "dusk", "night"), 10, List.of()),
            List.of(new PackDef.KindDef("counter", Map.of(), 1, 1000, null, null, "count", null, 4)),
            List.of(),
            List.of(new PackDef.FormulaDef("count", List.of(new PackDef.FormulaRuleDef("on(day)",
                    Map.of("n", "n + 1")))))), RuleRegistry.empty());
    private static final int COUNTER = DEMO_PACK.kindIndex("counter");

    private SeededWorlds() {
    }

    /**
     * A scatter map of {@code width × height} with about {@code wallFraction} walls, players for accounts
     * 1..{@code players}, {@code npcs} wandering NPCs and {@code objects} counters of {@link #DEMO_PACK}, all from
     * {@code seed}.
     *
     * @return the world's handle for the other calls
     */
    static int create(int width, int height, double wallFraction, long seed, int players, int npcs, int objects) {
        return add(populated(width, height, wallFraction, seed, players, npcs, objects));
    }

    /** Keeps a world made elsewhere ({@link BurningScene}) by handle. */
    static int add(World world) {
        WORLDS.add(world);
        return WORLDS.size() - 1;
    }

    static World world(int handle) {
        return WORLDS.get(handle);
    }

    /** Forgets a world, so its memory can go. */
    static void dispose(int handle) {
        WORLDS.set(handle, null);
    }

    /**
     * Steps a seeded world {@code ticks} times with intents drawn from the seed (most players move each tick, now and
     * then one leaves or comes back, as in sim-core's determinism test; with objects, players also build and
     * dismantle counters beside them) and returns the state hash after each tick.
     */
    public static long[] runHashes(int width, int height, double wallFraction, long seed, int players, int npcs,
                                   int objects, int ticks) {
        World world = populated(width, height, wallFraction, seed, players, npcs, objects);
        SplitMix64 inputs = new SplitMix64(seed ^ 0x5DEECE66DL);
        long[] hashes = new long[ticks];
        for (int tick = 0; tick < ticks; tick++) {
            feed(world, inputs, players);
            world.step();
            hashes[tick] = world.stateHash();
        }
        return hashes;
    }

    private static World populated(int width, int height, double wallFraction, long seed, int players, int npcs,
                                   int objects) {
        Grid grid = MapGenerator.scatter(new GridSize(width, height, 1), wallFraction, seed);
        World world = World.create(grid, DEMO_PACK, seed);
        for (long account = 1; account <= players; account++) {
            world.spawnPlayer(account);
        }
        world.addNpcs(npcs);
        world.seedObjects(COUNTER, objects, 0);
        return world;
    }

    private static void feed(World world, SplitMix64 inputs, int players) {
        for (long account = 1; account <= players; account++) {
            int choice = inputs.nextInt(8);
            if (choice < 4) {
                world.setIntent(world.entityOf(account), Direction.values()[choice]);
            } else if (choice == 4) {
                ObjectIntent.Type type = inputs.nextInt(2) == 0 ? ObjectIntent.Type.BUILD : ObjectIntent.Type.DISMANTLE;
                world.setAction(world.entityOf(account),
                        ObjectIntent.pack(type, Direction.values()[inputs.nextInt(4)], COUNTER, 1));
            }
        }
        if (inputs.nextInt(200) == 0) {
            world.removePlayer(1 + inputs.nextInt(players));
        }
        if (inputs.nextInt(100) == 0) {
            world.spawnPlayer(1 + inputs.nextInt(players));
        }
    }
}
