package lor.bench;

import java.util.concurrent.TimeUnit;

import lor.sim.grid.Grid;
import lor.sim.grid.MapGenerator;
import lor.sim.path.PathFinder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A* across a whole 1024×1024 perfect maze, from (1, 1) to the far corner, with the finder sized to the map: the
 * worst single search the engine could be asked for (NPC searches are 29×29 windows).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PathFinderBenchmark {

    static final int SIDE = 1024;

    private Grid maze;
    private PathFinder finder;
    private byte[] steps;
    private int far;

    @Setup(Level.Trial)
    public void setUp() {
        maze = MapGenerator.maze(SIDE, SIDE, 1);
        finder = new PathFinder(SIDE * SIDE);
        steps = new byte[SIDE * SIDE];
        far = MapGenerator.mazeFarCorner(SIDE);
        int length = mazeCornerToCorner();
        if (length <= 0) {
            throw new IllegalStateException("no path across the maze: " + length);
        }
        System.out.printf("%n[path] corner to corner: %d steps%n", length);
    }

    @Benchmark
    public int mazeCornerToCorner() {
        return finder.find(maze, 0, 1, 1, far, far, 0, 0, SIDE - 1, SIDE - 1, steps, 0, Integer.MAX_VALUE);
    }
}
