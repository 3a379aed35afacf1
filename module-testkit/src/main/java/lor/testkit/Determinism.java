package lor.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The determinism harness: two worlds made alike from one seed, each played by its own session made from that seed,
 * stepped in lockstep with their state hashes compared after every tick. A module that breaks the rules
 * (docs/modules.md, "Determinism: the rules") makes them differ: a static counter, {@code java.util.Random} or the
 * clock, iteration in an order of identity hashes. With a restart, the second world goes through a snapshot at that
 * tick (with rules made afresh) while the first only sees its players leave and come back: a module that keeps state
 * in its rules object rather than in the world, which a restarted server or a predicting client would not have,
 * differs from there on.
 */
public final class Determinism {

    /** No restart: {@link #check(LongFunction, LongFunction, long, int, long)} runs both worlds straight through. */
    public static final long NO_RESTART = -1;

    private Determinism() {
    }

    /** Two runs of {@code ticks} ticks from {@code seed}, compared tick by tick. */
    public static DeterminismReport check(LongFunction<TestWorld> worlds, LongFunction<Session> sessions, long seed,
                                          int ticks) {
        return check(worlds, sessions, seed, ticks, NO_RESTART);
    }

    /**
     * @param worlds    makes the world for a seed (the same seed must give the same world)
     * @param sessions  makes the session for a seed
     * @param restartAt the tick before which the second world is restarted ({@link TestWorld#restarted()}) and the
     *                  first one's players leave and rejoin ({@link TestWorld#rejoinAll()}), or {@link #NO_RESTART}
     * @return the first tick after which the hashes differ, if any
     */
    public static DeterminismReport check(LongFunction<TestWorld> worlds, LongFunction<Session> sessions, long seed,
                                          int ticks, long restartAt) {
        TestWorld first = worlds.apply(seed);
        TestWorld second = worlds.apply(seed);
        Session firstSession = sessions.apply(seed);
        Session secondSession = sessions.apply(seed);
        if (first.stateHash() != second.stateHash()) {
            return new DeterminismReport(seed, 0, 0, first.stateHash(), second.stateHash());
        }
        for (int i = 0; i < ticks; i++) {
            if (first.tick() == restartAt) {
                first.rejoinAll();
                second = second.restarted();
                if (first.stateHash() != second.stateHash()) {
                    return new DeterminismReport(seed, i, first.tick(), first.stateHash(), second.stateHash());
                }
            }
            firstSession.beforeTick(first);
            secondSession.beforeTick(second);
            first.step();
            second.step();
            if (first.stateHash() != second.stateHash()) {
                return new DeterminismReport(seed, i + 1, first.tick(), first.stateHash(), second.stateHash());
            }
        }
        return new DeterminismReport(seed, ticks, -1, first.stateHash(), second.stateHash());
    }

    /** {@link #check} for the seeds {@code firstSeed} to {@code firstSeed + seeds - 1}, one report each. */
    public static List<DeterminismReport> checkSeeds(LongFunction<TestWorld> worlds, LongFunction<Session> sessions,
                                                     long firstSeed, int seeds, int ticks) {
        List<DeterminismReport> reports = new ArrayList<>(seeds);
        for (long seed = firstSeed; seed < firstSeed + seeds; seed++) {
            reports.add(check(worlds, sessions, seed, ticks));
        }
        return reports;
    }
}
