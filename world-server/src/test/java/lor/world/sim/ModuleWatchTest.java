package lor.world.sim;

import static org.assertj.core.api.Assertions.assertThat;

import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleWorld;
import lor.sim.world.World;
import org.junit.jupiter.api.Test;

/** When a module's failures stop its world: after {@link ModuleWatch#FAILING_TICKS} ticks in a row, not before. */
class ModuleWatchTest {

    private static final Grid ROOM = MapText.parse("""
            ...
            .S.
            """);

    /** Wakes every tick and throws in every wake once {@code failing} is set; a fresh wake each tick keeps it going. */
    private static final class Flaky implements ModuleRules {
        boolean failing;

        @Override
        public void begin(ModuleWorld world) {
            world.wakeAt(world.tick() + 1, 0, 0);
        }

        @Override
        public String act(ModuleWorld world, int entity, int action, int[] fields) {
            return null;
        }

        @Override
        public void wake(ModuleWorld world, int key, int tag) {
            if (failing) {
                throw new IllegalStateException("the wake broke");
            }
            world.wakeAt(world.tick() + 1, 0, 0);
        }
    }

    @Test
    void aModuleThatFailsNowAndThenDoesNotStopItsWorld() {
        Flaky flaky = new Flaky();
        World world = TestModules.world(ROOM, TestModules.module("flaky", flaky));
        ModuleWatch watch = new ModuleWatch("w");
        for (int i = 0; i < 40; i++) {
            world.step();
            assertThat(watch.afterStep(world)).as("a module that does not fail").isNull();
        }
        flaky.failing = true;
        // A failing wake is undone, its next wake with it: the module fails once, then has nothing left to do.
        world.step();
        assertThat(watch.afterStep(world)).isNull();
        world.step();
        assertThat(watch.afterStep(world)).as("a tick without a failure ends the run").isNull();
        assertThat(world.moduleStats().failingTicks(0, world.tick() - 1)).isZero();
    }

    @Test
    void aModuleThatFailsInEveryTickForFiveSecondsStopsItsWorldNamingModuleHookAndError() {
        ModuleRules alwaysFailing = new ModuleRules() {
            @Override
            public void playerEntered(ModuleWorld world, int entity) {
                throw new IllegalStateException("enter broke");
            }

            @Override
            public String act(ModuleWorld world, int entity, int action, int[] fields) {
                throw new IllegalStateException("act broke");
            }
        };
        World world = TestModules.world(ROOM, TestModules.module("broken", alwaysFailing));
        ModuleWatch watch = new ModuleWatch("w");
        String reason = null;
        int ticks = 0;
        while (reason == null && ticks < 2 * ModuleWatch.FAILING_TICKS) {
            // A player joining and leaving every tick makes the module fail in every tick.
            world.spawnPlayer(1);
            world.removePlayer(1);
            world.step();
            ticks++;
            reason = watch.afterStep(world);
        }
        assertThat(ticks).isEqualTo(ModuleWatch.FAILING_TICKS);
        assertThat(reason).isEqualTo("game module broken failed in every tick for 5 s (enter hook: "
                + "java.lang.IllegalStateException: enter broke)");
    }

    @Test
    void aModuleWhoseObjectRuleThrowsInEveryTickForFiveSecondsStopsItsWorldNamingTheRuleHook() {
        GameModule trapper = TestModules.trapper("trapper");
        World world = TestModules.world(ROOM, TestModules.traps(trapper), trapper);
        int trap = world.objects().build(world.pack().kindIndex(TestModules.TRAP), 0);
        ModuleWatch watch = new ModuleWatch("w");
        String reason = null;
        int ticks = 0;
        while (reason == null && ticks < 2 * ModuleWatch.FAILING_TICKS) {
            world.step();
            ticks++;
            reason = watch.afterStep(world);
        }

        assertThat(ticks).isEqualTo(ModuleWatch.FAILING_TICKS);
        assertThat(reason).isEqualTo("game module trapper failed in every tick for 5 s (rule hook: "
                + "java.lang.IllegalStateException: the trap broke)");
        assertThat(world.objects().count(trap, world.pack().itemIndex("wood")))
                .as("every run undone: the last good state is the one saved").isZero();
    }
}
