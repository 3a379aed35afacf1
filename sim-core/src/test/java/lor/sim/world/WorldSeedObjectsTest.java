package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.TestPacks;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.objects.ObjectEngine;
import org.junit.jupiter.api.Test;

/** {@link World#seedObjects}: a world's own objects, placed at its creation, asleep until their spread first runs. */
class WorldSeedObjectsTest {

    /** A counter that adds 1 to its stock on every run, every 4 ticks. */
    private static final ContentPack PACK = TestPacks.compiled(new PackDef("seeds", List.of("n"), Map.of(),
            new PackDef.ClockDef(List.of("day"), 1000, List.of()),
            List.of(new PackDef.KindDef("counter", Map.of(), 1, 1000, null, null, "count", null, 4)),
            List.of(),
            List.of(new PackDef.FormulaDef("count", List.of(new PackDef.FormulaRuleDef(null,
                    TestPacks.smap("n", "n + 1")))))));
    private static final int COUNTER = PACK.kindIndex("counter");
    private static final int N = PACK.itemIndex("n");

    /** 4 × 4, two layers; on layer 1, cell (1, 0) is a wall. */
    private static Grid twoLayers() {
        GridSize size = new GridSize(4, 4, 2);
        int[] cells = new int[size.cells()];
        cells[size.index(1, 0, 1)] = Cells.WALL;
        return Grid.of(size, cells, 0, 0, 0);
    }

    @Test
    void fillsFreeFloorFromTheGivenLayerInIndexOrder() {
        World world = World.create(twoLayers(), PACK, 1);

        int placed = world.seedObjects(COUNTER, 10, 1);

        ObjectEngine objects = world.objects();
        assertThat(placed).isEqualTo(10);
        assertThat(objects.count()).isEqualTo(10);
        for (int cell = 0; cell < 16; cell++) {
            assertThat(objects.objectAt(cell)).as("layer 0 cell %d", cell).isZero();
        }
        assertThat(objects.objectAt(16)).isEqualTo(1);
        assertThat(objects.objectAt(17)).as("the wall").isZero();
        assertThat(objects.objectAt(18)).isEqualTo(2);
        assertThat(objects.objectAt(26)).isEqualTo(10);
        assertThat(objects.objectAt(27)).isZero();
    }

    @Test
    void firstRunsAreSpreadOverTheKindsEvery() {
        World world = World.create(twoLayers(), PACK, 1);
        world.seedObjects(COUNTER, 10, 1);

        // The p-th seeded object (id p + 1) first runs at tick p % 4: a quarter of them a tick, not all at once.
        for (int tick = 0; tick < 4; tick++) {
            world.step();
            for (int p = 0; p < 10; p++) {
                assertThat(world.objects().count(p + 1, N)).as("object %d after tick %d", p + 1, tick)
                        .isEqualTo(p % 4 <= tick ? 1 : 0);
            }
        }
    }

    @Test
    void placesFewerWhenTheFreeCellsRunOut() {
        World world = World.create(twoLayers(), PACK, 1);
        int player = world.spawnPlayerAt(1, 3, 3, 1);

        // Layer 1 has 16 cells, one a wall and one the player's.
        assertThat(world.seedObjects(COUNTER, 100, 1)).isEqualTo(14);
        assertThat(world.occupant(3, 3, 1)).isEqualTo(player);
    }

    @Test
    void refusesAKindOrLayerThatDoesNotExist() {
        World world = World.create(twoLayers(), PACK, 1);

        assertThatThrownBy(() -> world.seedObjects(5, 1, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no object kind 5");
        assertThatThrownBy(() -> world.seedObjects(COUNTER, 1, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("layer 2");
        assertThat(world.objects().count()).isZero();
    }

    @Test
    void aSeededWorldHashesTheSameInTwoRuns() {
        World a = World.create(twoLayers(), PACK, 1);
        World b = World.create(twoLayers(), PACK, 1);
        a.seedObjects(COUNTER, 12, 1);
        b.seedObjects(COUNTER, 12, 1);
        for (int i = 0; i < 9; i++) {
            a.step();
            b.step();
        }

        assertThat(a.stateHash()).isEqualTo(b.stateHash());
    }
}
