package lor.protocol.control;

/** What a world process's exit status tells the director that spawned it. */
public final class WorldExitCodes {

    /** Stopped as asked (shutdown handshake or SIGTERM), its final snapshot acknowledged. */
    public static final int CLEAN = 0;
    /** The director refused its registration. */
    public static final int REFUSED = 2;
    /** Its snapshot cannot be read into a world: starting it again from the same snapshot fails the same way. */
    public static final int UNREADABLE_SNAPSHOT = 3;
    /** No director took it (back) within a minute of losing its control connection: it ended itself. */
    public static final int ORPHANED = 4;
    /** Started with bad arguments. */
    public static final int USAGE = 64;
    /**
     * Its content pack cannot be loaded (a studio's file with an error): starting it again fails the same way until
     * the file is fixed. The reason is the last output line starting with {@link #FAILURE_LINE}.
     */
    public static final int BAD_CONTENT = 65;
    /**
     * A game module of its pack failed in every tick for five seconds: it stopped with its last good state saved, and
     * starting it again would fail the same way until the module or the pack is fixed. The reason is the last output
     * line starting with {@link #FAILURE_LINE}.
     */
    public static final int MODULE_FAILED = 66;
    /** Cannot go on for another reason (a tick queue that would not take the hydration). */
    public static final int FATAL = 70;

    /**
     * How a world that cannot start says why, before it has a control connection to say it on: one line of its
     * output, this prefix then the reason, read by the director that spawned it.
     */
    public static final String FAILURE_LINE = "lor-world-failure: ";

    private WorldExitCodes() {
    }
}
