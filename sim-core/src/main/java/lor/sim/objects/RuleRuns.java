package lor.sim.objects;

/**
 * Who hears of the runs of Java object rules: a world that runs game modules counts them, and their failures, against
 * the module that provides each rule. A predicting client hears nothing ({@link #NONE}); its rules are contained all
 * the same ({@link RuleGuard}).
 */
public interface RuleRuns {

    /** Hears nothing. */
    RuleRuns NONE = new RuleRuns() {
        @Override
        public long starting(int kind) {
            return 0;
        }

        @Override
        public void ran(int kind, long start, long tick, RuntimeException failure) {
        }
    };

    /**
     * Before the run of the Java rule of object kind {@code kind}.
     *
     * @return what {@link #ran} is handed back (a start time)
     */
    long starting(int kind);

    /**
     * After it.
     *
     * @param start   what {@link #starting} returned
     * @param tick    the tick being run
     * @param failure what the rule threw (its run was undone), or null when it returned
     */
    void ran(int kind, long start, long tick, RuntimeException failure);
}
