package lor.world.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.function.LongSupplier;

import lor.protocol.control.WorldModulesMessage;
import lor.protocol.control.WorldModulesMessage.HookStats;
import lor.sim.grid.Grid;
import lor.sim.grid.MapText;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleHook;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleWorld;
import lor.sim.world.World;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** The figures of {@code world_modules}, from a world stepped by hand with a clock that moves 1 µs per reading. */
class ModuleReportTest {

    private static final Grid ROOM = MapText.parse("""
            ....
            .S..
            ....
            """);

    /** Its begin schedules wakes at ticks 1 to 4; those with an odd tag throw. */
    private static final GameModule FLAKY = TestModules.module("flaky", new ModuleRules() {
        @Override
        public void begin(ModuleWorld world) {
            for (int tag = 1; tag <= 4; tag++) {
                world.wakeAt(tag, 0, tag);
            }
        }

        @Override
        public String act(ModuleWorld world, int entity, int action, int[] fields) {
            return null;
        }

        @Override
        public void wake(ModuleWorld world, int key, int tag) {
            if (tag % 2 == 1) {
                throw new IllegalStateException("odd tag " + tag);
            }
        }
    });

    private static final ModuleRules NOTHING = new ModuleRules() {
        @Override
        public String act(ModuleWorld world, int entity, int action, int[] fields) {
            return null;
        }
    };

    private static final GameModule QUIET = TestModules.module("quiet", NOTHING);

    /** Each hook call reads it twice, so every call takes exactly 1 µs. */
    private final LongSupplier clock = new LongSupplier() {
        private long now;

        @Override
        public long getAsLong() {
            now += 1_000;
            return now;
        }
    };

    private final ModuleReport report = new ModuleReport();

    @Test
    void countsEachHooksCallsAndFailuresAndTimesItPerTickOverTheLastInterval() {
        World world = TestModules.world(ROOM, FLAKY, QUIET);
        world.timeModules(clock);
        world.spawnPlayer(1);
        stepTimes(world, 5);

        WorldModulesMessage first = report.next(world, "elements", 5);

        assertThat(first.worldId()).isEqualTo("elements");
        assertThat(first.hooks()).extracting(HookStats::module, HookStats::hook).containsExactly(
                pair("flaky", "begin"), pair("flaky", "enter"), pair("flaky", "leave"), pair("flaky", "act"),
                pair("flaky", "wake"), pair("flaky", "rule"),
                pair("quiet", "begin"), pair("quiet", "enter"), pair("quiet", "leave"), pair("quiet", "act"),
                pair("quiet", "wake"), pair("quiet", "rule"));
        HookStats wake = hook(first, "flaky", "wake");
        assertThat(wake.calls()).isEqualTo(4);
        assertThat(wake.errors()).as("the wakes with tags 1 and 3").isEqualTo(2);
        assertThat(wake.seconds()).isCloseTo(4e-6, within(1e-15));
        assertThat(wake.secondsPerTick()).isCloseTo(4e-6 / 5, within(1e-15));
        HookStats enter = hook(first, "quiet", "enter");
        assertThat(enter.calls()).isEqualTo(1);
        assertThat(enter.errors()).isZero();
        assertThat(enter.secondsPerTick()).isCloseTo(1e-6 / 5, within(1e-15));
        assertThat(hook(first, "flaky", "begin").calls()).isEqualTo(1);
        assertThat(hook(first, "flaky", "begin").seconds()).as("begin ran before the world had a clock").isZero();
        assertThat(hook(first, "quiet", "wake")).isEqualTo(new HookStats("quiet", "wake", 0, 0, 0, 0));

        stepTimes(world, 10);
        WorldModulesMessage second = report.next(world, "elements", 10);

        HookStats flakyWake = hook(second, "flaky", "wake");
        assertThat(flakyWake.calls()).as("totals since the world was built").isEqualTo(4);
        assertThat(flakyWake.errors()).isEqualTo(2);
        assertThat(flakyWake.seconds()).isCloseTo(4e-6, within(1e-15));
        assertThat(flakyWake.secondsPerTick()).as("no wake in the last interval").isZero();
        assertThat(hook(second, "quiet", "enter").secondsPerTick()).isZero();
    }

    @Test
    void countsTheRunsAndFailuresOfAModulesObjectRuleUnderTheRuleHook() {
        GameModule trapper = TestModules.trapper("trapper");
        World world = TestModules.world(ROOM, TestModules.traps(trapper), QUIET, trapper);
        world.timeModules(clock);
        world.objects().build(world.pack().kindIndex(TestModules.TRAP), 0);
        stepTimes(world, 5);

        WorldModulesMessage message = report.next(world, "traps", 5);

        HookStats rule = hook(message, "trapper", "rule");
        assertThat(rule.calls()).as("a run in every tick").isEqualTo(5);
        assertThat(rule.errors()).as("each thrown").isEqualTo(5);
        assertThat(rule.seconds()).as("each timed 1 µs").isCloseTo(5e-6, within(1e-15));
        assertThat(rule.secondsPerTick()).isCloseTo(1e-6, within(1e-15));
        assertThat(hook(message, "quiet", "rule")).isEqualTo(new HookStats("quiet", "rule", 0, 0, 0, 0));
        assertThat(hook(message, "trapper", "wake").errors()).isZero();
    }

    @Test
    void aWorldWithoutModulesHasNoReport() {
        World world = World.create(ROOM, 5);
        world.step();

        assertThat(report.next(world, "plain", 20)).isNull();
    }

    @Test
    void anotherWorldsIntervalStartsFromItsOwnTotals() {
        World before = TestModules.world(ROOM, FLAKY);
        before.timeModules(clock);
        stepTimes(before, 5);
        report.next(before, "elements", 5);
        World after = TestModules.world(ROOM, FLAKY);
        after.timeModules(clock);
        stepTimes(after, 2);

        HookStats wake = hook(report.next(after, "elements", 2), "flaky", "wake");

        assertThat(wake.calls()).isEqualTo(1);
        assertThat(wake.secondsPerTick()).isCloseTo(1e-6 / 2, within(1e-15));
    }

    @Test
    void reportsTheFirstModulesOfAWorldWithMoreThanTheMessageCarries() {
        GameModule[] many = new GameModule[WorldModulesMessage.MAX_MODULES + 1];
        for (int i = 0; i < many.length; i++) {
            many[i] = TestModules.module("m" + i, NOTHING);
        }

        WorldModulesMessage message = report.next(TestModules.world(ROOM, many), "crowded", 20);

        assertThat(message.hooks()).hasSize(WorldModulesMessage.MAX_HOOKS);
        assertThat(message.hooks()).extracting(HookStats::module).doesNotContain("m64").contains("m63");
    }

    @Test
    void theMessagesHookNamesAreTheHooksLabels() {
        assertThat(WorldModulesMessage.HOOK_NAMES)
                .containsExactlyElementsOf(Arrays.stream(ModuleHook.values()).map(ModuleHook::label).toList());
    }

    private static void stepTimes(World world, int ticks) {
        for (int i = 0; i < ticks; i++) {
            world.step();
        }
    }

    private static HookStats hook(WorldModulesMessage message, String module, String hook) {
        return message.hooks().stream().filter(h -> h.module().equals(module) && h.hook().equals(hook)).findFirst()
                .orElseThrow();
    }

    private static Tuple pair(String module, String hook) {
        return tuple(module, hook);
    }
}
