package lor.bench.modules;

import java.util.Arrays;

/**
 * A dispatch pair of {@link ModuleTickBenchmark} measured as pairs in one JVM: each round runs the same work once
 * built in and once as a module, back to back, in alternating order, and keeps the ratio of the two. On a shared
 * machine whose speed moves by a third between iterations (JMH's forks of the fire pair ranged 9.2-14.7 ms a burn), a
 * ratio taken within one round sees both sides under the same load; the median of the rounds' ratios is the figure.
 * Both sides share the JVM, so the rule's calls see two {@code ModuleWorld} classes on both sides alike.
 * <ul>
 * <li>{@code fire} ({@link ModuleTickBenchmark#fireBuiltIn} against {@link ModuleTickBenchmark#fireModule}): a round
 *     burns the same 64 fires to the last.</li>
 * <li>{@code cycle} ({@link ModuleTickBenchmark#cycleBuiltIn} against {@link ModuleTickBenchmark#cycleModule}): a
 *     round is 1,000 ticks of {@link CellCycle}.</li>
 * </ul>
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar lor.bench.modules.DispatchPairs [rounds] [warm-up rounds]
 * [fire|cycle]}
 */
public final class DispatchPairs {

    private static final int CYCLE_TICKS = 1_000;

    private DispatchPairs() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int warmUp = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        String name = args.length > 2 ? args[2] : "fire";
        Pair pair = switch (name) {
            case "fire" -> new FirePair();
            case "cycle" -> new CyclePair();
            default -> throw new IllegalArgumentException("no pair " + name + ": fire or cycle");
        };
        long[] builtIn = new long[rounds];
        long[] module = new long[rounds];
        double[] ratios = new double[rounds];
        for (int round = -warmUp; round < rounds; round++) {
            boolean builtInFirst = (round & 1) == 0;
            long first = builtInFirst ? pair.builtIn() : pair.module();
            long second = builtInFirst ? pair.module() : pair.builtIn();
            if (round >= 0) {
                builtIn[round] = builtInFirst ? first : second;
                module[round] = builtInFirst ? second : first;
                ratios[round] = (double) module[round] / builtIn[round];
            }
        }
        Arrays.sort(builtIn);
        Arrays.sort(module);
        Arrays.sort(ratios);
        System.out.printf("[dispatch pairs: %s] %d rounds after %d to warm up (%d)%n", name, rounds, warmUp,
                pair.sink() & 1);
        System.out.printf("built in: median %.3f ms a round (fastest %.3f)%n", builtIn[rounds / 2] / 1e6,
                builtIn[0] / 1e6);
        System.out.printf("module:   median %.3f ms a round (fastest %.3f)%n", module[rounds / 2] / 1e6,
                module[0] / 1e6);
        System.out.printf("ratio module / built in: median %.3f (quartiles %.3f, %.3f)%n", ratios[rounds / 2],
                ratios[rounds / 4], ratios[rounds * 3 / 4]);
    }

    /** One round of each side, timed in nanoseconds. */
    private interface Pair {
        long builtIn();

        long module();

        /** Something of both worlds' state, printed so that the work cannot be left out. */
        long sink();
    }

    private static final class FirePair implements Pair {
        private final ModuleTickBenchmark.Fire fire = new ModuleTickBenchmark.Fire();

        FirePair() {
            fire.setUp();
        }

        @Override
        public long builtIn() {
            fire.reset();
            long start = System.nanoTime();
            for (int i = 0; i < fire.ticks; i++) {
                fire.plain.step();
                fire.builtIn.run();
            }
            return System.nanoTime() - start;
        }

        @Override
        public long module() {
            fire.reset();
            long start = System.nanoTime();
            for (int i = 0; i < fire.ticks; i++) {
                fire.module.step();
            }
            return System.nanoTime() - start;
        }

        @Override
        public long sink() {
            return fire.module.tick() + fire.plain.tick();
        }
    }

    private static final class CyclePair implements Pair {
        private final ModuleTickBenchmark.Cycle cycle = new ModuleTickBenchmark.Cycle();

        CyclePair() {
            cycle.setUp();
        }

        @Override
        public long builtIn() {
            long start = System.nanoTime();
            for (int i = 0; i < CYCLE_TICKS; i++) {
                cycle.plain.step();
                cycle.builtIn.run();
            }
            return System.nanoTime() - start;
        }

        @Override
        public long module() {
            long start = System.nanoTime();
            for (int i = 0; i < CYCLE_TICKS; i++) {
                cycle.module.step();
            }
            return System.nanoTime() - start;
        }

        @Override
        public long sink() {
            return cycle.module.tick() + cycle.plain.tick();
        }
    }
}
