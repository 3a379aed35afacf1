package lor.bench.persist;

import java.util.concurrent.TimeUnit;

/** Warm-up rounds until at least {@code --warmup} rounds and {@code --warmup-seconds} have passed. */
final class WarmUp {

    private final BenchOptions options;
    private final long started = System.nanoTime();
    private int rounds;
    private boolean done;

    WarmUp(BenchOptions options) {
        this.options = options;
    }

    /** Call before each round. @return true while the round is a warm-up round */
    boolean warming() {
        if (!done && rounds >= options.warmup()
                && System.nanoTime() - started >= TimeUnit.SECONDS.toNanos(options.warmupSeconds())) {
            done = true;
        }
        return !done;
    }

    void count() {
        rounds++;
    }

    int rounds() {
        return rounds;
    }
}
