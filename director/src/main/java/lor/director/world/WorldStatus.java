package lor.director.world;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * A world's lifecycle as clients and operators see it, and the moves between its states: every change of a world's
 * status goes through {@link WorldInstance#moveTo}, which refuses a move this table does not allow.
 *
 * <pre>
 * STOPPED  → STARTING   a join spawns it, or a director takes its process back (or over, from another)
 * STARTING → RUNNING    hydrated, or taken back and reconnected
 *          → STOPPING   asked to stop while starting
 *          → STOPPED    the claim was abandoned, or the process exited
 *          → FAILED     an exit that must not be retried (see WorldExit)
 * RUNNING  → STOPPING   idle, or stopped by an operator or the director
 *          → STOPPED    the process exited (a crash: the next join starts it again)
 *          → FAILED
 * STOPPING → STOPPED    the process exited
 *          → FAILED
 * FAILED   → STOPPED    cleared by an operator
 * </pre>
 */
public enum WorldStatus {
    STOPPED, STARTING, RUNNING, STOPPING,
    /** Crashed too often or cannot load its state: joins are refused with the reason until an operator clears it. */
    FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a world in this state may move to {@code next}. */
    boolean canMoveTo(WorldStatus next) {
        return next(this).contains(next);
    }

    private static Set<WorldStatus> next(WorldStatus from) {
        return switch (from) {
            case STOPPED -> EnumSet.of(STARTING);
            case STARTING -> EnumSet.of(RUNNING, STOPPING, STOPPED, FAILED);
            case RUNNING -> EnumSet.of(STOPPING, STOPPED, FAILED);
            case STOPPING -> EnumSet.of(STOPPED, FAILED);
            case FAILED -> EnumSet.of(STOPPED);
        };
    }
}
