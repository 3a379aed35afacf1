package lor.testkit;

/**
 * What players do in a world, tick by tick: a script of a test, or {@link RandomPlay}. The determinism check runs
 * one session per world, made afresh from the same seed, so a session must draw its choices only from that seed and
 * the world it is shown.
 */
@FunctionalInterface
public interface Session {

    /** Joins, leaves and sends intents for the tick {@code world.tick()} is about to run. */
    void beforeTick(TestWorld world);
}
