package lor.bench;

import java.util.concurrent.TimeUnit;

import lor.sim.grid.Direction;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import lor.sim.world.World;
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
 * One tick of a 1024×1024 world ({@code scatter}, 10% walls) full of wandering NPCs. {@link #step} is a normal tick:
 * NPCs walk their paths and at most {@code Wanderers.PLANS_PER_TICK} of them plan a new one. {@link
 * #stepWithEveryEntityMoving} is the worst case: before the step every entity gets an intent, so every entity
 * attempts a step. The world keeps running across iterations, as a server's would.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class WorldTickBenchmark {

    static final int SIDE = 1024;
    static final long SEED = 20_240_601L;
    static final int WARM_UP_STEPS = 300;
    static final int COUNTED_STEPS = 100;
    private static final Direction[] DIRECTIONS = Direction.values();

    @Param({"10000", "100000"})
    public int npcs;

    private World world;
    private int[] ids;
    private SplitMix64 intents;

    @Setup(Level.Trial)
    public void setUp() {
        world = World.create(MapGenerator.scatter(new GridSize(SIDE, SIDE, 1), 0.10, SEED), SEED);
        int placed = world.addNpcs(npcs);
        if (placed != npcs) {
            throw new IllegalStateException("placed " + placed + " of " + npcs + " NPCs");
        }
        ids = new int[world.slotCount()];
        for (int slot = 0; slot < ids.length; slot++) {
            ids[slot] = world.idAt(slot);
        }
        intents = new SplitMix64(SEED);
        for (int i = 0; i < WARM_UP_STEPS; i++) {
            world.step();
        }
        long normal = 0;
        for (int i = 0; i < COUNTED_STEPS; i++) {
            normal += movesOf(this::step);
        }
        long everyone = 0;
        for (int i = 0; i < COUNTED_STEPS; i++) {
            everyone += movesOf(this::stepWithEveryEntityMoving);
        }
        System.out.printf("%n[moves per tick] %d NPCs: normal tick %.1f moves (%.1f%%), every entity moving %.1f moves"
                        + " (%.1f%%), averaged over %d ticks after %d warm-up ticks%n",
                npcs, normal / (double) COUNTED_STEPS, 100.0 * normal / COUNTED_STEPS / npcs,
                everyone / (double) COUNTED_STEPS, 100.0 * everyone / COUNTED_STEPS / npcs, COUNTED_STEPS,
                WARM_UP_STEPS);
    }

    @Benchmark
    public void step() {
        world.step();
    }

    @Benchmark
    public void stepWithEveryEntityMoving() {
        for (int id : ids) {
            world.setIntent(id, DIRECTIONS[intents.nextInt(4)]);
        }
        world.step();
    }

    /** Entities whose cell changed during one run of {@code tick}; slots are stable: nobody joins or leaves. */
    private int movesOf(Runnable tick) {
        int count = world.slotCount();
        int[] xs = new int[count];
        int[] ys = new int[count];
        for (int slot = 0; slot < count; slot++) {
            xs[slot] = world.xAt(slot);
            ys[slot] = world.yAt(slot);
        }
        tick.run();
        int moved = 0;
        for (int slot = 0; slot < count; slot++) {
            if (world.xAt(slot) != xs[slot] || world.yAt(slot) != ys[slot]) {
                moved++;
            }
        }
        return moved;
    }
}
