package lor.testkit;

/**
 * The determinism figure of docs/benchmarks.md ("Game modules"): elementals played at random ({@link ElementalsPlay})
 * over many seeds, each run twice in lockstep with the state hashes compared after every tick. Not a test (it takes
 * minutes); {@link ElementalsDeterminismTest} is its quick version. Run after {@code mvn -o -q test-compile -pl
 * sim-core,module-testkit}:
 * <pre>
 * java -cp module-testkit/target/test-classes:module-testkit/target/classes:sim-core/target/classes \
 *     lor.testkit.ElementalsDeterminismFigure [SEEDS [TICKS]]
 * </pre>
 */
public final class ElementalsDeterminismFigure {

    private ElementalsDeterminismFigure() {
    }

    public static void main(String[] args) {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int ticks = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        long start = System.nanoTime();
        int agreed = 0;
        for (long seed = 1; seed <= seeds; seed++) {
            DeterminismReport report = Determinism.check(ElementalsPlay::world, ElementalsPlay::session, seed, ticks);
            if (report.deterministic()) {
                agreed++;
            } else {
                System.out.println(report);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("%d of %d seeds x %,d ticks: equal state hashes at every tick (%,d ticks run twice) in "
                + "%.1f s%n", agreed, seeds, ticks, (long) seeds * ticks, seconds);
        if (agreed != seeds) {
            System.exit(1);
        }
    }
}
