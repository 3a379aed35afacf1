package com.example.garden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;

import lor.sim.grid.Direction;
import lor.testkit.Determinism;
import lor.testkit.DeterminismReport;
import lor.testkit.RandomPlay;
import lor.testkit.TestPlayer;
import lor.testkit.TestWorld;
import org.junit.jupiter.api.Test;

/** The garden played through Lor's module test kit: the pack this project deploys, a map drawn here. */
class GardenTest {

    /** Ann spawns at (2, 1), a wall two cells east of her. */
    private static final String MAP = """
            .......
            ..S.#..
            .......
            """;

    private static TestWorld world(long seed) {
        return TestWorld.builder().packFile(Path.of("content/garden.json")).map(MAP).modules(new Garden())
                .seed(seed).build();
    }

    private final TestWorld world = world(1);
    private final TestPlayer ann = world.join("ann");

    @Test
    void aSproutComesUpAtOnceAndFlowersAfterTheGrowTicks() {
        ann.act("plant", "dir", Direction.E, "flower", "rose");
        world.step();
        assertNull(ann.outcome().reason());
        assertEquals("sprout", world.cellName("garden", 3, 1));
        assertEquals(2, ann.attribute("seeds"));

        world.step(19);
        assertEquals("sprout", world.cellName("garden", 3, 1), "the pack's grow_ticks is 20");
        world.step();
        assertEquals("rose", world.cellName("garden", 3, 1));
    }

    @Test
    void refusalsChangeNothing() {
        ann.act("plant", "dir", "E", "flower", "rose");
        world.step();
        ann.act("plant", "dir", "E", "flower", "tulip");
        world.step();
        assertEquals("planted", ann.outcome().reason());
        ann.act("plant", "dir", "E", "flower", "daisy");
        world.step();
        assertEquals("bad_field", ann.outcome().reason(), "a flower the module does not declare");
        ann.act("plant", "dir", "N", "flower", "tulip");
        world.step();
        ann.act("plant", "dir", "S", "flower", "tulip");
        world.step();
        ann.act("plant", "dir", "W", "flower", "tulip");
        world.step();
        assertEquals("no_seeds", ann.outcome().reason());
        assertEquals(0, ann.attribute("seeds"));
        assertEquals(0, world.cell("garden", 1, 1));
    }

    @Test
    void twoRunsAgreeTickByTickAlsoThroughARestart() {
        for (long seed = 1; seed <= 3; seed++) {
            Determinism.check(GardenTest::world, s -> new RandomPlay(s, 3), seed, 1_000).assertDeterministic();
        }
        DeterminismReport restarted = Determinism.check(GardenTest::world, s -> new RandomPlay(s, 3), 4, 1_000, 500);
        restarted.assertDeterministic();
    }
}
