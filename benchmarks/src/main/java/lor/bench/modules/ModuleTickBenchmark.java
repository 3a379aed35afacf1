package lor.bench.modules;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import lor.sim.grid.GridSize;
import lor.sim.module.WorldModules;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.BuiltInCellCycle;
import lor.sim.world.BuiltInFire;
import lor.sim.world.World;
import lor.sim.world.WorldSnapshot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What the module API costs a tick (issue 33), one {@code World.step()} of a 256 × 256 grass world each:
 * <ul>
 * <li>{@link #noModule} against {@link #idleModule}: the same world without modules and with {@link IdleModule}
 *     (declares an action, an attribute, a data column and a blocking cell value; schedules nothing), with 0 or
 *     1,000 wandering NPCs (their steps check the modules' walls). The figure is the difference.</li>
 * <li>{@link #cycleBuiltIn} against {@link #cycleModule}: {@link CellCycle}'s rule (4,096 cells turning every 8
 *     ticks: 512 wakes a tick, each reading and setting a cell and scheduling its next wake) once written into the
 *     world's package against the field and scheduler directly ({@link BuiltInCellCycle}, after a step of a world
 *     without modules) and once as a module through the API. Same work, same data structures: the ratio is the
 *     dispatch (hook call, view, journal, random base, statistics).</li>
 * <li>{@link #fireBuiltIn} against {@link #fireModule}: a rule of a real game, elementals' fire, from 64 fires lit
 *     (as {@link ElementalsTickBenchmark}'s burning scene lights them) until the last is out (every cell of the
 *     field ash, about 200 ticks in one operation): once as the module runs in a world, once as the very same rule
 *     code called directly on the field and scheduler ({@link BuiltInFire}, after a step of a world without
 *     modules). The ratio is the dispatch for a rule whose wakes do a fire's work (its cell and four neighbours).</li>
 * </ul>
 * Run with {@code -prof gc}: a steady tick allocates nothing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ModuleTickBenchmark {

    @State(Scope.Benchmark)
    public static class Idle {
        @Param({"0", "1000"})
        public int npcs;
        World none;
        World idle;

        @Setup(Level.Trial)
        public void setUp() {
            none = withNpcs(ModuleFixtures.world(WorldModules.none()));
            idle = withNpcs(ModuleFixtures.world(ModuleFixtures.of(new IdleModule())));
        }

        private World withNpcs(World world) {
            if (world.addNpcs(npcs) != npcs) {
                throw new IllegalStateException("no room for " + npcs + " NPCs");
            }
            for (int i = 0; i < 200; i++) {
                world.step();
            }
            return world;
        }
    }

    @State(Scope.Benchmark)
    public static class Cycle {
        World plain;
        BuiltInCellCycle builtIn;
        World module;

        @Setup(Level.Trial)
        public void setUp() {
            plain = ModuleFixtures.world(WorldModules.none());
            builtIn = new BuiltInCellCycle(new GridSize(ModuleFixtures.SIDE, ModuleFixtures.SIDE, 1), plain.tick());
            module = ModuleFixtures.world(ModuleFixtures.of(new CellCycle()));
            for (int i = 0; i < 200; i++) {
                plain.step();
                builtIn.run();
                module.step();
            }
            for (int cell = 0; cell < CellCycle.CELLS; cell++) {
                if (builtIn.field().valueAt(cell) != module.moduleField(0).valueAt(cell)) {
                    throw new IllegalStateException("the built-in rule and the module disagree at cell " + cell);
                }
            }
        }
    }

    @State(Scope.Benchmark)
    public static class Fire {
        static final Map<String, Integer> SETTINGS = Map.of("elementals", 0);
        WorldSnapshot lit;
        /** Ticks from the lit fires to the last one out. */
        int ticks;
        World module;
        World plain;
        BuiltInFire builtIn;

        @Setup(Level.Trial)
        public void setUp() {
            World w = ModuleFixtures.world(ModuleFixtures.elementals(SETTINGS));
            ElementalsTickBenchmark.Burning.light(w);
            lit = w.snapshot();
            reset();
            ticks = 0;
            while (module.moduleWakes() > 0) {
                module.step();
                ticks++;
            }
            for (int i = 0; i < ticks; i++) {
                plain.step();
                builtIn.run();
            }
            for (int cell = 0; cell < ModuleFixtures.SIDE * ModuleFixtures.SIDE; cell++) {
                if (builtIn.field().valueAt(cell) != module.moduleField(0).valueAt(cell)) {
                    throw new IllegalStateException("the built-in fire and the module disagree at cell " + cell);
                }
            }
            if (builtIn.pending() != 0) {
                throw new IllegalStateException("the built-in fire still burns after " + ticks + " ticks");
            }
            System.out.printf("%n[fire] %d ticks from 64 fires to the last out; %d ash cells%n", ticks,
                    module.moduleField(0).occupied());
        }

        /** Both back to the lit fires (not measured). */
        @Setup(Level.Invocation)
        public void reset() {
            module = World.restore(ModuleFixtures.grass(), ModuleFixtures.elementsPack(),
                    ModuleFixtures.elementals(SETTINGS), lit, ModuleFixtures.SEED, ObjectEngine.NO_BLOCKS);
            plain = ModuleFixtures.world(WorldModules.none());
            WorldModules own = ModuleFixtures.elementals(SETTINGS);
            builtIn = new BuiltInFire(module, plain, own.spec(0), own.rules(0));
        }
    }

    @Benchmark
    public long noModule(Idle s) {
        s.none.step();
        return s.none.tick();
    }

    @Benchmark
    public long idleModule(Idle s) {
        s.idle.step();
        return s.idle.tick();
    }

    @Benchmark
    public long cycleBuiltIn(Cycle s) {
        s.plain.step();
        s.builtIn.run();
        return s.plain.tick();
    }

    @Benchmark
    public long cycleModule(Cycle s) {
        s.module.step();
        return s.module.tick();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long fireBuiltIn(Fire s) {
        for (int i = 0; i < s.ticks; i++) {
            s.plain.step();
            s.builtIn.run();
        }
        return s.plain.tick();
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long fireModule(Fire s) {
        for (int i = 0; i < s.ticks; i++) {
            s.module.step();
        }
        return s.module.tick();
    }
}
