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
    /** Cannot go on for another reason (a tick queue that would not take the hydration). */
    public static final int FATAL = 70;

    private WorldExitCodes() {
    }
}
