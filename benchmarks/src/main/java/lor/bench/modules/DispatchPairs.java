package lor.bench.modules;

import java.util.Arrays;

/**
 * The fire dispatch pair ({@link ModuleTickBenchmark#fireBuiltIn} against {@link ModuleTickBenchmark#fireModule})
 * measured as pairs in one JVM: each round burns the same 64 fires to the last once built in and once as a module,
 * back to back, in alternating order, and keeps the ratio of the two. On a shared machine whose speed moves by a third
 * between iterations (JMH's forks of this pair ranged 9.2-14.7 ms a burn), a ratio taken within one round sees both
 * sides under the same load; the median of the rounds' ratios is the figure. Both sides share the JVM, so the rule's
 * calls see two {@code ModuleWorld} classes on both sides alike.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar lor.bench.modules.DispatchPairs [rounds] [warm-up rounds]}
 */
public final class DispatchPairs {

    private DispatchPairs() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        ModuleTickBenchmark.Fire fire = new ModuleTickBenchmark.Fire();
        fire.setUp();
        long sink = 0;
        long[] builtIn = new long[rounds];
        long[] module = new long[rounds];
        double[] ratios = new double[rounds];
        for (int round = -warmUp; round < rounds; round++) {
            boolean builtInFirst = (round & 1) == 0;
            long first = builtInFirst ? burnBuiltIn(fire) : burnModule(fire);
            long second = builtInFirst ? burnModule(fire) : burnBuiltIn(fire);
            sink += fire.module.tick() + fire.plain.tick();
            if (round >= 0) {
                builtIn[round] = builtInFirst ? first : second;
                module[round] = builtInFirst ? second : first;
                ratios[round] = (double) module[round] / builtIn[round];
            }
        }
        Arrays.sort(builtIn);
        Arrays.sort(module);
        Arrays.sort(ratios);
        System.out.printf("[dispatch pairs] %d rounds after %d to warm up (%d)%n", rounds, warmUp, sink & 1);
        System.out.printf("built in: median %.3f ms a burn (fastest %.3f)%n", builtIn[rounds / 2] / 1e6,
                builtIn[0] / 1e6);
        System.out.printf("module:   median %.3f ms a burn (fastest %.3f)%n", module[rounds / 2] / 1e6,
                module[0] / 1e6);
        System.out.printf("ratio module / built in: median %.3f (quartiles %.3f, %.3f)%n", ratios[rounds / 2],
                ratios[rounds / 4], ratios[rounds * 3 / 4]);
    }

    private static long burnBuiltIn(ModuleTickBenchmark.Fire fire) {
        fire.reset();
        long start = System.nanoTime();
        for (int i = 0; i < fire.ticks; i++) {
            fire.plain.step();
            fire.builtIn.run();
        }
        return System.nanoTime() - start;
    }

    private static long burnModule(ModuleTickBenchmark.Fire fire) {
        fire.reset();
        long start = System.nanoTime();
        for (int i = 0; i < fire.ticks; i++) {
            fire.module.step();
        }
        return System.nanoTime() - start;
    }
}
