package lor.bench;

import java.util.concurrent.TimeUnit;

import lor.sim.content.ContentPack;
import lor.sim.objects.ObjectEngine;
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
 * The objects phase of one tick ({@link ObjectEngine#runObjects}) for the figures of issue 16:
 * <ul>
 * <li>{@link #asleep}: every object asleep (crates), 1,000,000 and 10,000,000 of them: what idle costs;</li>
 * <li>{@link #onePercentAwake}: 1,000,000 pumps, each running its formula every 100 ticks, due spread evenly: 1 %
 *     of them change something each tick (and as many run once more to find they have nothing to do);</li>
 * <li>{@link #allAwake}: 100,000 pumps running their formula over 2 ports and 4 stock slots every tick;</li>
 * <li>{@link #lineChange}: the tick after the clock's line changed, which wakes 100,000 lamps (a formula that reads
 *     the line), each of which then runs.</li>
 * </ul>
 * Run with {@code -prof gc}: a steady tick allocates nothing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ObjectTickBenchmark {

    @State(Scope.Benchmark)
    public static class Asleep {
        @Param({"1000000", "10000000"})
        public int objects;
        ObjectEngine engine;
        long tick;

        @Setup(Level.Trial)
        public void setUp() {
            Runtime rt = Runtime.getRuntime();
            System.gc();
            long before = rt.totalMemory() - rt.freeMemory();
            engine = ObjectFixtures.build(ObjectFixtures.pack(1), "crate", objects, 1, 100_000);
            System.gc();
            long after = rt.totalMemory() - rt.freeMemory();
            // The grid's occupancy (4 bytes a cell) is the world's, not the objects': leave it out.
            long grid = 4L * ObjectFixtures.BIG.cells();
            System.out.printf("%n[heap] %d sleeping crates: %.1f bytes per object (grid occupancy left out)%n",
                    objects, (after - before - grid) / (double) objects);
            tick = engine.tick();
        }
    }

    @State(Scope.Benchmark)
    public static class OnePercentAwake {
        ObjectEngine engine;
        long tick;

        @Setup(Level.Trial)
        public void setUp() {
            engine = ObjectFixtures.build(ObjectFixtures.pack(100), "pump", 1_000_000, 1, 10_000);
            tick = engine.tick();
            long runs = 0;
            for (int i = 0; i < 200; i++) {
                engine.runObjects(tick++);
                runs += engine.lastRuns();
            }
            System.out.printf("%n[runs] 1,000,000 pumps every 100 ticks: %.0f runs per tick%n", runs / 200.0);
        }
    }

    @State(Scope.Benchmark)
    public static class AllAwake {
        ObjectEngine engine;
        long tick;

        @Setup(Level.Trial)
        public void setUp() {
            engine = ObjectFixtures.build(ObjectFixtures.pack(1), "pump", 100_000, 1, 100_000);
            ContentPack pack = engine.pack();
            for (int id = 1; id < engine.idBound(); id++) {
                engine.add(id, pack.itemIndex("water"), 500);
                engine.add(id, pack.itemIndex("heat"), 500);
            }
            tick = engine.tick();
            engine.runObjects(tick++);
            System.out.printf("%n[runs] 100,000 pumps every tick: %d runs per tick%n", engine.lastRuns());
        }
    }

    @State(Scope.Benchmark)
    public static class LineChange {
        ObjectEngine engine;
        long tick;

        @Setup(Level.Trial)
        public void setUp() {
            engine = ObjectFixtures.build(ObjectFixtures.pack(1), "lamp", 100_000, 1, 100_000);
            tick = engine.tick();
        }

        /** The lamps that ran after the last change run once more, find nothing changed and wait for the clock. */
        @Setup(Level.Invocation)
        public void settle() {
            engine.runObjects(tick++);
        }
    }

    @Benchmark
    public int lineChange(LineChange s) {
        s.engine.lineChanged(1 - s.engine.line());
        s.engine.runObjects(s.tick++);
        return s.engine.lastRuns();
    }

    @Benchmark
    public int asleep(Asleep s) {
        s.engine.runObjects(s.tick++);
        return s.engine.lastRuns();
    }

    @Benchmark
    public int onePercentAwake(OnePercentAwake s) {
        s.engine.runObjects(s.tick++);
        return s.engine.lastRuns();
    }

    @Benchmark
    public int allAwake(AllAwake s) {
        s.engine.runObjects(s.tick++);
        return s.engine.lastRuns();
    }
}
