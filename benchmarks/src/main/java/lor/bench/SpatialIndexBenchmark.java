package lor.bench;

import java.util.concurrent.TimeUnit;

import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.space.SpatialIndex;
import lor.sim.util.SplitMix64;
import lor.sim.world.World;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Interest queries over 100k entities on a 1024×1024 map: {@link #entitiesNear} asks for everything within 24 cells
 * (the square a client sees) of a random entity; {@link #rebuild} is the counting sort the world runs after a tick
 * in which anything moved.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SpatialIndexBenchmark {

    static final int SIDE = 1024;
    static final int ENTITIES = 100_000;
    static final int RADIUS = 24;
    static final long SEED = 7;

    private World world;
    private int[] queryX;
    private int[] queryY;
    private int next;
    private final int[] out = new int[(2 * RADIUS + 1) * (2 * RADIUS + 1)];
    private SpatialIndex index;
    private int[] live;
    private int[] xs;
    private int[] ys;
    private int[] layers;

    @Setup(Level.Trial)
    public void setUp() {
        world = World.create(MapGenerator.scatter(new GridSize(SIDE, SIDE, 1), 0.10, SEED), SEED);
        if (world.addNpcs(ENTITIES) != ENTITIES) {
            throw new IllegalStateException("map too small for " + ENTITIES + " entities");
        }
        world.step();
        int count = world.slotCount();
        live = new int[count];
        xs = new int[count];
        ys = new int[count];
        layers = new int[count];
        for (int slot = 0; slot < count; slot++) {
            live[slot] = 1;
            xs[slot] = world.xAt(slot);
            ys[slot] = world.yAt(slot);
        }
        SplitMix64 random = new SplitMix64(SEED);
        queryX = new int[4096];
        queryY = new int[4096];
        long found = 0;
        for (int i = 0; i < queryX.length; i++) {
            int slot = random.nextInt(count);
            queryX[i] = xs[slot];
            queryY[i] = ys[slot];
            found += world.entitiesNear(queryX[i], queryY[i], 0, RADIUS, out);
        }
        index = new SpatialIndex(new GridSize(SIDE, SIDE, 1));
        System.out.printf("%n[near] %.1f entities within %d cells on average%n", found / (double) queryX.length,
                RADIUS);
    }

    @Benchmark
    public int entitiesNear() {
        int i = next++ & (queryX.length - 1);
        return world.entitiesNear(queryX[i], queryY[i], 0, RADIUS, out);
    }

    @Benchmark
    public void rebuild() {
        index.rebuild(xs.length, live, xs, ys, layers);
    }
}
