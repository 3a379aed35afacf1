package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;

import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Same grid, seed, entities and inputs: the same state after every tick, for as long as anyone cares to run. */
class WorldDeterminismTest {

    private static final int TICKS = 10_000;

    @Property(tries = 3)
    void twoWorldsFedTheSameInputsAgreeEveryTick(@ForAll long seed,
                                                 @ForAll @IntRange(min = 1, max = 8) int players,
                                                 @ForAll @IntRange(min = 0, max = 40) int npcs) {
        Grid grid = MapGenerator.scatter(new GridSize(48, 40, 1), 0.15, seed);
        World a = populated(grid, seed, players, npcs);
        World b = populated(grid, seed, players, npcs);
        SplitMix64 inputsA = new SplitMix64(seed ^ 0x5DEECE66DL);
        SplitMix64 inputsB = new SplitMix64(seed ^ 0x5DEECE66DL);

        for (int tick = 0; tick < TICKS; tick++) {
            feed(a, inputsA, players);
            feed(b, inputsB, players);
            a.step();
            b.step();
            assertThat(b.stateHash()).as("tick %d", tick).isEqualTo(a.stateHash());
        }
        assertThat(b.snapshot()).isEqualTo(a.snapshot());
    }

    @Test
    void npcsOnARoomsMapReplayIdenticallyAndAnotherSeedDiverges() {
        Grid grid = MapGenerator.rooms(new GridSize(96, 96, 1), 14, 7);
        World a = populated(grid, 42, 6, 60);
        World b = populated(grid, 42, 6, 60);
        World other = populated(grid, 43, 6, 60);
        SplitMix64 inputsA = new SplitMix64(1);
        SplitMix64 inputsB = new SplitMix64(1);
        SplitMix64 inputsOther = new SplitMix64(1);

        for (int tick = 0; tick < TICKS; tick++) {
            feed(a, inputsA, 6);
            feed(b, inputsB, 6);
            feed(other, inputsOther, 6);
            a.step();
            b.step();
            other.step();
            assertThat(b.stateHash()).as("tick %d", tick).isEqualTo(a.stateHash());
            assertThat(other.stateHash()).as("tick %d", tick).isNotEqualTo(a.stateHash());
        }
        assertThat(a.tick()).isEqualTo(TICKS);
        int differentNpcCells = 0;
        for (int slot = 0; slot < a.slotCount(); slot++) {
            if (a.kindAt(slot) == EntityKind.NPC
                    && (a.xAt(slot) != other.xAt(slot) || a.yAt(slot) != other.yAt(slot))) {
                differentNpcCells++;
            }
        }
        assertThat(differentNpcCells).as("another seed sends NPCs elsewhere").isGreaterThan(30);
    }

    @Test
    void stateHashIsAFunctionOfTheStateAlone() {
        World world = populated(MapGenerator.scatter(new GridSize(32, 32, 1), 0.1, 3), 3, 4, 20);
        world.step();

        assertThat(world.stateHash()).isEqualTo(world.stateHash());
        assertThat(populated(MapGenerator.scatter(new GridSize(32, 32, 1), 0.1, 3), 3, 4, 20).stateHash())
                .isNotEqualTo(world.stateHash());
    }

    private static World populated(Grid grid, long seed, int players, int npcs) {
        World world = World.create(grid, seed);
        for (long account = 1; account <= players; account++) {
            world.spawnPlayer(account);
        }
        world.addNpcs(npcs);
        return world;
    }

    /** One tick of inputs: most players send a direction, now and then one leaves or comes back. */
    private static void feed(World world, SplitMix64 inputs, int players) {
        for (long account = 1; account <= players; account++) {
            int choice = inputs.nextInt(8);
            if (choice < 4) {
                world.setIntent(world.entityOf(account), Direction.values()[choice]);
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
