package lor.world.control;

import java.util.random.RandomGenerator;

/**
 * Exponential reconnect delays with jitter: attempt n waits a random time between half and all of
 * {@code min(cap, base * 2^n)}, so that many worlds losing one director do not reconnect in lockstep.
 */
public final class Backoff {

    private final long baseMillis;
    private final long capMillis;
    private final RandomGenerator random;
    private int attempt;

    public Backoff(long baseMillis, long capMillis, RandomGenerator random) {
        this.baseMillis = baseMillis;
        this.capMillis = capMillis;
        this.random = random;
    }

    public synchronized long nextDelayMillis() {
        long ceiling = Math.min(capMillis, baseMillis << Math.min(attempt, 20));
        attempt++;
        return ceiling / 2 + random.nextLong(ceiling / 2 + 1);
    }

    public synchronized void reset() {
        attempt = 0;
    }
}
