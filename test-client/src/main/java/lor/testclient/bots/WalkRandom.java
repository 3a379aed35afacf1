package lor.testclient.bots;

/**
 * One bot's random walk: a SplitMix64 stream seeded from the run's {@code --seed} and the bot's number, so that a
 * run with the same seed sends every bot the same directions in the same order, on any JVM. Not thread-safe (each bot
 * owns one, on its event loop).
 */
final class WalkRandom {

    static final String[] DIRECTIONS = {"N", "E", "S", "W"};

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    /** Separates the phase stream from the direction stream of the same bot. */
    private static final long PHASE_SALT = 0x5DEECE66DL;

    private final long phaseSeed;
    private long state;

    WalkRandom(long seed, int bot) {
        long botSeed = mix(seed * GOLDEN_GAMMA + bot);
        this.state = botSeed;
        this.phaseSeed = botSeed ^ PHASE_SALT;
    }

    /** The next direction, each of N, E, S, W with probability 1/4. */
    String nextDirection() {
        return DIRECTIONS[(int) (nextLong() >>> 62)];
    }

    /** Where in its period this bot sends its intents: uniform in {@code [0, periodNanos)}, and the same for every
     * call (independent of the directions drawn so far). */
    long phaseNanos(long periodNanos) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive");
        }
        return Long.remainderUnsigned(mix(phaseSeed + GOLDEN_GAMMA), periodNanos);
    }

    long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
