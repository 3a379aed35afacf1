package lor.sim.builtin.elementals;

import static lor.sim.builtin.elementals.ElementalsWorlds.AIR;
import static lor.sim.builtin.elementals.ElementalsWorlds.EARTH;
import static lor.sim.builtin.elementals.ElementalsWorlds.FIRE;
import static lor.sim.builtin.elementals.ElementalsWorlds.WATER;
import static lor.sim.builtin.elementals.ElementalsWorlds.cast;
import static lor.sim.builtin.elementals.ElementalsWorlds.cell;
import static lor.sim.builtin.elementals.ElementalsWorlds.hp;
import static lor.sim.builtin.elementals.ElementalsWorlds.steps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import lor.sim.grid.Direction;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.IntentOutcome;
import lor.sim.world.World;
import org.junit.jupiter.api.Test;

class ElementalsTest {

    /** Grass in rows 1 and 2, floor elsewhere; the player spawns at (1, 3). */
    private static final String MEADOW = """
            ..........
            .,,,,,,,..
            .,,,,,,,..
            .S........
            ..........
            """;
    private static final String HUNTING_GROUND = """
            ....................
            ..,,,,,,,,..........
            ..,,,,S,,,....#.....
            ..,,,,,,,,..........
            """;
    private static final Map<String, Integer> NO_ELEMENTALS = Map.of("elementals", 0);

    private final World world = ElementalsWorlds.world(MEADOW, 7, NO_ELEMENTALS);
    private final int player = world.spawnPlayer(1);

    @Test
    void fireOnGrassSpreadsToEachGrassNeighbourAfterTenTicksAndLeavesAshAfterForty() {
        assertThat(cast(world, player, Direction.N, FIRE)).isTrue();
        world.step();
        assertThat(world.events().reason(0)).isNull();
        assertThat(cell(world, 1, 2)).isEqualTo(Elementals.CELL_FIRE);
        assertThat(carried(FIRE)).isEqualTo(9);

        steps(world, 9);
        assertThat(cell(world, 2, 2)).as("not yet").isZero();
        world.step();
        assertThat(cell(world, 2, 2)).isEqualTo(Elementals.CELL_FIRE);
        assertThat(cell(world, 1, 1)).isEqualTo(Elementals.CELL_FIRE);
        assertThat(cell(world, 0, 2)).as("floor does not burn").isZero();
        assertThat(cell(world, 1, 3)).as("the player's floor cell does not burn").isZero();

        steps(world, 30);
        assertThat(cell(world, 1, 2)).as("40 ticks after it took").isEqualTo(Elementals.CELL_ASH);
        steps(world, 200);
        assertThat(cell(world, 7, 1)).as("the whole meadow burnt down").isEqualTo(Elementals.CELL_ASH);
        assertThat(cell(world, 1, 2)).as("ash stays and does not burn again").isEqualTo(Elementals.CELL_ASH);
        assertThat(world.moduleWakes()).as("nothing left to do costs nothing").isZero();
    }

    @Test
    void fireOffGrassGoesOutAtOnceButTheElementIsSpent() {
        cast(world, player, Direction.E, FIRE);
        world.step();
        assertThat(world.events().reason(0)).isNull();
        assertThat(cell(world, 2, 3)).isZero();
        assertThat(carried(FIRE)).isEqualTo(9);
    }

    @Test
    void waterPutsFireOutAndStaysTwoHundredTicks() {
        cast(world, player, Direction.N, FIRE);
        world.step();
        cast(world, player, Direction.N, WATER);
        world.step();
        assertThat(cell(world, 1, 2)).isEqualTo(Elementals.CELL_WATER);
        steps(world, 30);
        assertThat(cell(world, 1, 1)).as("put out before it spread").isZero();
        steps(world, 169);
        assertThat(cell(world, 1, 2)).as("the 199th tick after").isEqualTo(Elementals.CELL_WATER);
        world.step();
        assertThat(cell(world, 1, 2)).isZero();
    }

    @Test
    void earthIsAWallForSixHundredTicks() {
        cast(world, player, Direction.E, EARTH);
        world.step();
        assertThat(cell(world, 2, 3)).isEqualTo(Elementals.CELL_EARTH);
        world.setIntent(player, Direction.E);
        world.step();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.WALL);
        cast(world, player, Direction.E, EARTH);
        world.step();
        assertThat(world.events().reason(0)).as("casting onto earth keeps it").isNull();

        steps(world, 598);
        world.setIntent(player, Direction.E);
        world.step();
        assertThat(world.events().result(0)).as("the second cast renewed it").isEqualTo(IntentOutcome.WALL);
        steps(world, 2);
        world.setIntent(player, Direction.E);
        world.step();
        assertThat(world.events().result(0)).isEqualTo(IntentOutcome.MOVED);
    }

    @Test
    void airCarriesFireOneCellFurtherInTheCastsDirection() {
        world.setIntent(player, Direction.E);
        world.step();
        cast(world, player, Direction.N, FIRE);
        world.step();
        cast(world, player, Direction.N, AIR);
        world.step();
        assertThat(cell(world, 2, 2)).isEqualTo(Elementals.CELL_FIRE);
        assertThat(cell(world, 2, 1)).as("carried one cell north").isEqualTo(Elementals.CELL_FIRE);
    }

    @Test
    void aPlayerWithoutTheElementIsRefusedAndNothingChanges() {
        for (int i = 0; i < 10; i++) {
            cast(world, player, Direction.E, EARTH);
            world.step();
            world.setIntent(player, i % 2 == 0 ? Direction.S : Direction.N);
            world.step();
        }
        assertThat(carried(EARTH)).isZero();
        cast(world, player, Direction.W, EARTH);
        world.step();
        assertThat(world.events().reason(0)).isEqualTo("no_element");
        assertThat(cell(world, 0, 3)).isZero();
        assertThat(carried(EARTH)).isZero();
    }

    @Test
    void elementsGrowBackOneEveryTenSecondsUpToTen() {
        cast(world, player, Direction.E, FIRE);
        world.step();
        cast(world, player, Direction.E, FIRE);
        world.step();
        assertThat(carried(FIRE)).isEqualTo(8);
        steps(world, 199);
        assertThat(carried(FIRE)).isEqualTo(9);
        steps(world, 200);
        assertThat(carried(FIRE)).isEqualTo(10);
        steps(world, 400);
        assertThat(carried(FIRE)).isEqualTo(10);
    }

    @Test
    void anElementalHuntsAPlayerItSeesAndWearsDownItsHpWhichGrowsBackAfterward() {
        World hunted = ElementalsWorlds.world("""
                ....................
                ....................
                .S..................
                ....................
                """, 3, Map.of("elementals", 1, "home_distance", 0));
        int me = hunted.spawnPlayer(1);
        int elemental = 1;
        assertThat(hunted.kindAt(hunted.slotOf(elemental)).name()).isEqualTo("NPC");
        int tick = 0;
        while (hp(hunted, me) == 100 && tick++ < 400) {
            hunted.step();
        }
        assertThat(hp(hunted, me)).as("struck within 20 s").isEqualTo(90);
        steps(hunted, 20);
        assertThat(hp(hunted, me)).as("10 a second while next to it").isEqualTo(80);
    }

    @Test
    void aSnapshotKeepsTheFieldTheElementalsHpAndWakesSoARestoredWorldGoesOnAlike() {
        World live = ElementalsWorlds.world(HUNTING_GROUND, 11, Map.of("elementals", 3, "home_distance", 0));
        int me = live.spawnPlayer(1);
        cast(live, me, Direction.N, FIRE);
        live.step();
        cast(live, me, Direction.E, EARTH);
        live.step();
        cast(live, me, Direction.W, WATER);
        int tick = 0;
        while (hp(live, me) == 100 && tick++ < 600) {
            live.step();
        }
        assertThat(hp(live, me)).isLessThan(100);
        live.removePlayer(1);
        live.step();

        World restored = World.restore(live.grid(), live.pack(), live.modules(), live.snapshot(), 11,
                ObjectEngine.NO_BLOCKS);
        assertThat(restored.stateHash()).isEqualTo(live.stateHash());
        for (int i = 0; i < 300; i++) {
            if (i == 50) {
                live.spawnPlayer(1);
                restored.spawnPlayer(1);
            }
            live.step();
            restored.step();
            assertThat(restored.stateHash()).as("tick " + live.tick()).isEqualTo(live.stateHash());
        }
        int back = restored.entityOf(1);
        assertThat(hp(restored, back)).isEqualTo(hp(live, live.entityOf(1)));
    }

    @Test
    void playersAwayHashAlikeWhateverTheOrderTheyLeftIn() {
        world.spawnPlayer(2);
        world.removePlayer(2);
        world.removePlayer(1);
        World restored = World.restore(world.grid(), world.pack(), world.modules(), world.snapshot(), 7,
                ObjectEngine.NO_BLOCKS);
        assertThat(restored.stateHash()).as("the snapshot lists them by account").isEqualTo(world.stateHash());
    }

    @Test
    void aPackThatDropsTheModuleRefusesToHydrateAWorldHoldingItsState() {
        cast(world, player, Direction.N, FIRE);
        world.step();
        assertThatThrownBy(() -> World.restore(world.grid(), world.pack(), world.snapshot(), 7,
                ObjectEngine.NO_BLOCKS))
                .hasMessageContaining("the snapshot holds the state of game module elementals, which this world's "
                        + "pack does not name");
    }

    private int carried(int element) {
        return world.inventories().of(1).count(element);
    }
}
