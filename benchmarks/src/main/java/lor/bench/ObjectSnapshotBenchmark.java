package lor.bench;

import java.util.concurrent.TimeUnit;

import lor.sim.content.ContentPack;
import lor.sim.objects.ObjectEngine;
import lor.sim.objects.ObjectImage;
import lor.world.snapshot.ObjectImageCodec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Snapshots of a world with 1,000,000 objects (crates holding two items each): {@link #image} is the pause on the
 * tick thread (copying the columns), {@link #encode} the work left to the I/O thread, {@link #hydrate} decoding
 * the bytes and restoring them into a new engine. The setup prints the encoded size per object.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ObjectSnapshotBenchmark {

    static final int OBJECTS = 1_000_000;

    ObjectEngine engine;
    ObjectImage image;
    byte[] bytes;
    int[] kinds;
    int[] items;
    int[] recipes;

    @Setup(Level.Trial)
    public void setUp() {
        ContentPack pack = ObjectFixtures.pack(1);
        engine = ObjectFixtures.build(pack, "crate", OBJECTS, 1, 100_000);
        for (int id = 1; id < engine.idBound(); id++) {
            engine.add(id, pack.itemIndex("water"), 1 + id % 90);
            engine.add(id, pack.itemIndex("heat"), 7);
        }
        engine.runObjects(engine.tick());
        image = engine.image();
        bytes = ObjectImageCodec.encode(image, pack);
        kinds = identity(pack.kindCount());
        items = identity(pack.itemCount());
        recipes = identity(pack.recipeCount());
        System.out.printf("%n[snapshot] %d objects: %d bytes, %.2f bytes per object (before base64, which adds a "
                + "third)%n", OBJECTS, bytes.length, bytes.length / (double) OBJECTS);
    }

    @Benchmark
    public ObjectImage image() {
        return engine.image();
    }

    @Benchmark
    public byte[] encode() {
        return ObjectImageCodec.encode(image, engine.pack());
    }

    @Benchmark
    public ObjectEngine hydrate() {
        ObjectImage decoded = ObjectImageCodec.decode(bytes, engine.pack(), kinds, items, recipes,
                ObjectFixtures.BIG.cells());
        ObjectEngine restored = new ObjectEngine(engine.pack(), ObjectFixtures.BIG, new int[ObjectFixtures.BIG.cells()],
                decoded.tick(), 0, OBJECTS, ObjectEngine.NO_BLOCKS);
        restored.restore(decoded);
        return restored;
    }

    private static int[] identity(int n) {
        int[] map = new int[n];
        for (int i = 0; i < n; i++) {
            map[i] = i;
        }
        return map;
    }
}
