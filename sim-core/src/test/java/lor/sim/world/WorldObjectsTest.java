package lor.sim.world;

import static org.assertj.core.api.Assertions.assertThat;

import lor.sim.content.ContentPack;
import lor.sim.content.TestPacks;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.objects.Inventories;
import lor.sim.objects.ObjectEngine;
import lor.sim.util.StateHash;
import org.junit.jupiter.api.Test;

/**
 * Players, objects and the clock together, on the test economy: lines day, dusk, night of 10 ticks each; a furnace
 * smelts 2 ore + 1 coal into 1 iron in 5 ticks, only starting at night; water floods into wall at night.
 */
class WorldObjectsTest {

    /** Player 1 spawns at S (2, 1); a river of water at x = 5. */
    private static final Grid MAP = MapText.parse("""
            .....~....
            ..S..~....
            .....~....
            .....~....
            """);
    private static final ContentPack PACK = TestPacks.compiled(TestPacks.economy());
    private static final int WOOD = PACK.itemIndex("wood");
    private static final int ORE = PACK.itemIndex("ore");
    private static final int COAL = PACK.itemIndex("coal");
    private static final int IRON = PACK.itemIndex("iron");
    private static final int FURNACE = PACK.kindIndex("furnace");
    private static final int CRATE = PACK.kindIndex("crate");
    private static final int KILN = PACK.kindIndex("kiln");
    private static final int SMELT = PACK.recipeIndex("smelt_iron");

    private World world;
    private int player;

    private void start() {
        world = World.create(MAP, PACK, 7);
        player = world.spawnPlayer(1);
    }

    private IntentOutcome act(ObjectIntent.Type type, Direction side, int index, long count) {
        assertThat(world.setAction(player, ObjectIntent.pack(type, side, index, count))).isTrue();
        world.step();
        assertThat(world.events().count()).isEqualTo(1);
        return world.events().result(0);
    }

    private Inventories.Inventory inventory() {
        return world.inventories().of(1);
    }

    private void stepUntil(long tick) {
        while (world.tick() < tick) {
            world.step();
        }
    }

    @Test
    void aNewPlayerCarriesTheStartingInventory() {
        start();
        assertThat(inventory().count(WOOD)).isEqualTo(20);
        assertThat(inventory().count(ORE)).isEqualTo(8);
        assertThat(inventory().count(IRON)).isZero();
    }

    @Test
    void smeltsIronOnlyAtNightAndGivesItBack() {
        start();
        assertThat(act(ObjectIntent.Type.BUILD, Direction.E, FURNACE, 1)).isEqualTo(IntentOutcome.DONE);
        ObjectEngine objects = world.objects();
        int furnace = objects.objectAt(MAP.size().index(3, 1, 0));
        assertThat(furnace).isEqualTo(1);
        assertThat(inventory().count(WOOD)).isEqualTo(16);
        assertThat(objects.recipeOf(furnace)).isEqualTo(SMELT);
        assertThat(act(ObjectIntent.Type.PUT, Direction.E, ORE, 2)).isEqualTo(IntentOutcome.DONE);
        assertThat(act(ObjectIntent.Type.PUT, Direction.E, COAL, 1)).isEqualTo(IntentOutcome.DONE);
        assertThat(objects.count(furnace, ORE)).isEqualTo(2);

        stepUntil(19);
        assertThat(world.line()).isEqualTo(1);
        assertThat(objects.isCrafting(furnace)).isFalse();
        assertThat(objects.isAwake(furnace)).isFalse();

        world.step();
        assertThat(world.line()).isEqualTo(2);
        world.step();
        assertThat(objects.isCrafting(furnace)).isTrue();
        assertThat(objects.count(furnace, ORE)).isZero();
        assertThat(objects.progressOf(furnace, world.tick())).isEqualTo(1);

        stepUntil(26);
        assertThat(objects.isCrafting(furnace)).isFalse();
        assertThat(objects.count(furnace, IRON)).isEqualTo(1);
        assertThat(act(ObjectIntent.Type.TAKE, Direction.E, IRON, 1)).isEqualTo(IntentOutcome.DONE);
        assertThat(inventory().count(IRON)).isEqualTo(1);
        assertThat(objects.count(furnace, IRON)).isZero();
    }

    @Test
    void refusesWhatTheWorldDoesNotAllowAndChangesNothing() {
        start();
        long before = world.stateHash();
        assertThat(act(ObjectIntent.Type.BUILD, Direction.E, -1, 1)).isEqualTo(IntentOutcome.UNKNOWN_KIND);
        assertThat(act(ObjectIntent.Type.PUT, Direction.E, ORE, 1)).isEqualTo(IntentOutcome.NO_OBJECT);
        assertThat(act(ObjectIntent.Type.PUT, Direction.E, ORE, 0)).isEqualTo(IntentOutcome.BAD_COUNT);
        assertThat(act(ObjectIntent.Type.PUT, Direction.E, -1, 1)).isEqualTo(IntentOutcome.UNKNOWN_ITEM);
        assertThat(act(ObjectIntent.Type.SET_RECIPE, Direction.E, -1, 1)).isEqualTo(IntentOutcome.UNKNOWN_RECIPE);
        assertThat(act(ObjectIntent.Type.DISMANTLE, Direction.E, 0, 1)).isEqualTo(IntentOutcome.NO_OBJECT);
        assertThat(inventory().count(WOOD)).isEqualTo(20);
        assertThat(world.objects().count()).isZero();
        assertThat(before).isNotEqualTo(world.stateHash());

        assertThat(act(ObjectIntent.Type.BUILD, Direction.E, FURNACE, 1)).isEqualTo(IntentOutcome.DONE);
        assertThat(act(ObjectIntent.Type.BUILD, Direction.E, CRATE, 1)).isEqualTo(IntentOutcome.CELL_TAKEN);
        assertThat(act(ObjectIntent.Type.PUT, Direction.E, ORE, 9)).isEqualTo(IntentOutcome.MISSING_ITEMS);
        assertThat(act(ObjectIntent.Type.TAKE, Direction.E, ORE, 1)).isEqualTo(IntentOutcome.MISSING_ITEMS);
        assertThat(act(ObjectIntent.Type.SET_RECIPE, Direction.E, PACK.recipeIndex("forge_tool"), 1))
                .isEqualTo(IntentOutcome.UNKNOWN_RECIPE);
        for (int i = 0; i < 4; i++) {
            act(ObjectIntent.Type.BUILD, i % 2 == 0 ? Direction.N : Direction.W, CRATE, 1);
            act(ObjectIntent.Type.DISMANTLE, i % 2 == 0 ? Direction.N : Direction.W, 0, 1);
        }
        assertThat(act(ObjectIntent.Type.BUILD, Direction.W, KILN, 1)).isEqualTo(IntentOutcome.DONE);
        assertThat(act(ObjectIntent.Type.BUILD, Direction.N, KILN, 1)).isEqualTo(IntentOutcome.DONE);
        assertThat(act(ObjectIntent.Type.BUILD, Direction.S, KILN, 1)).isEqualTo(IntentOutcome.DONE);
        assertThat(inventory().count(WOOD)).isEqualTo(7);
        assertThat(act(ObjectIntent.Type.BUILD, Direction.S, FURNACE, 1)).isEqualTo(IntentOutcome.CELL_TAKEN);
    }

    @Test
    void objectsBlockMovementAndDismantlingGivesEverythingBack() {
        start();
        act(ObjectIntent.Type.BUILD, Direction.E, FURNACE, 1);
        act(ObjectIntent.Type.PUT, Direction.E, ORE, 3);
        assertThat(world.setIntent(player, Direction.E)).isTrue();
        world.step();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.OCCUPIED);

        assertThat(act(ObjectIntent.Type.DISMANTLE, Direction.E, 0, 1)).isEqualTo(IntentOutcome.DONE);
        assertThat(world.objects().count()).isZero();
        assertThat(inventory().count(WOOD)).isEqualTo(20);
        assertThat(inventory().count(ORE)).isEqualTo(8);
        assertThat(world.setIntent(player, Direction.E)).isTrue();
        world.step();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.MOVED);
    }

    @Test
    void theRiverFloodsAtNightAndDrainsAtDawn() {
        start();
        int water = MAP.size().index(5, 1, 0);
        for (int i = 0; i < 2; i++) {
            world.setIntent(player, Direction.E);
            world.step();
        }
        assertThat(world.field().isWall(water)).isFalse();
        stepUntil(20);
        assertThat(world.field().isWall(water)).isTrue();
        assertThat(Cells.terrain(world.field().cell(water))).isEqualTo(Cells.TERRAIN_WATER);
        world.setIntent(player, Direction.E);
        world.step();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.WALL);
        assertThat(act(ObjectIntent.Type.BUILD, Direction.E, CRATE, 1)).isEqualTo(IntentOutcome.WALL);
        stepUntil(30);
        assertThat(world.field().isWall(water)).isFalse();
        world.setIntent(player, Direction.E);
        world.step();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.MOVED);
    }

    @Test
    void aKilnMakesCoalByDayAndPushesItIntoTheFurnaceBeside() {
        start();
        // Kiln at (1, 1) west of the player, its coal port facing east: move the player away first.
        act(ObjectIntent.Type.BUILD, Direction.W, KILN, 1);
        act(ObjectIntent.Type.PUT, Direction.W, WOOD, 4);
        world.setIntent(player, Direction.S);
        world.step();
        // Player at (2, 2): build the furnace at (2, 1), east of the kiln.
        act(ObjectIntent.Type.BUILD, Direction.N, FURNACE, 1);
        ObjectEngine objects = world.objects();
        int kiln = objects.objectAt(MAP.size().index(1, 1, 0));
        int furnace = objects.objectAt(MAP.size().index(2, 1, 0));
        stepUntil(9);
        assertThat(objects.count(kiln, WOOD)).isZero();
        assertThat(objects.count(furnace, COAL)).isEqualTo(2);
        stepUntil(40);
        assertThat(objects.lastRuns()).isZero();
    }

    @Test
    void idleObjectsDoNotRun() {
        start();
        act(ObjectIntent.Type.BUILD, Direction.E, FURNACE, 1);
        act(ObjectIntent.Type.BUILD, Direction.N, CRATE, 1);
        world.step();
        assertThat(world.objects().lastRuns()).isZero();
        stepUntil(100);
        assertThat(world.objects().lastRuns()).isZero();
    }

    @Test
    void aRestoredWorldGoesOnAsTheOriginal() {
        start();
        act(ObjectIntent.Type.BUILD, Direction.E, FURNACE, 1);
        act(ObjectIntent.Type.PUT, Direction.E, ORE, 4);
        act(ObjectIntent.Type.PUT, Direction.E, COAL, 2);
        act(ObjectIntent.Type.BUILD, Direction.W, KILN, 1);
        act(ObjectIntent.Type.PUT, Direction.W, WOOD, 6);
        stepUntil(22);
        WorldSnapshot snapshot = world.snapshot();
        World restored = World.restore(MAP, PACK, snapshot, 7);
        restored.spawnPlayer(1);
        assertThat(restored.snapshot().objects()).isEqualTo(snapshot.objects());
        // The player has another entity id in the restored world (ids go on from the snapshot's counter): compare
        // what the objects and the clock do.
        for (int i = 0; i < 60; i++) {
            assertThat(objectsAndClock(restored)).as("tick %d", world.tick()).isEqualTo(objectsAndClock(world));
            world.step();
            restored.step();
        }
        assertThat(restored.objects().count(1, IRON)).isEqualTo(world.objects().count(1, IRON)).isEqualTo(2);
    }

    private static long objectsAndClock(World world) {
        return world.objects().stateHash(new StateHash().mix(world.line())).value();
    }
}
