package lor.director.world;

import lor.protocol.control.WorldExitCodes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a world process's exit means: a stop the director asked for, a clean stop someone else asked for (a SIGTERM
 * from an operator or the system: the world saved its final snapshot first), or an abnormal exit, which may fail the
 * world (a snapshot it cannot load, a content pack with an error, a game module that kept failing, a crash loop).
 * Judged and logged here; the supervisor only acts on the verdict. Called with the world's lock held.
 */
final class WorldExit {

    private static final Logger LOG = LoggerFactory.getLogger(WorldSupervisor.class);

    private WorldExit() {
    }

    /** @return why the world must not be started again as it is, or null when it may be */
    static String judge(WorldInstance w, WorldProcess p, int exitCode) {
        // An adopted process's status went to its parent, the previous director: its acknowledged shutdown says.
        if (w.status() == WorldStatus.STOPPING
                && (exitCode == WorldExitCodes.CLEAN || p.adopted() && p.confirmedShutdown())) {
            LOG.info("world {} (pid {}) exited cleanly", w.worldId(), p.pid());
            return null;
        }
        // Status 0 while running: a stop, not a crash towards the crash-loop limit.
        if (!p.adopted() && exitCode == WorldExitCodes.CLEAN) {
            LOG.info("world {} (pid {}) stopped cleanly while {}: stopped from outside the director, its final "
                    + "snapshot saved", w.worldId(), p.pid(), w.status().wireName());
            return null;
        }
        LOG.warn("world {} (pid {}) exited with {} while {}", w.worldId(), p.pid(),
                p.adopted() ? "a status only its first director could read" : "code " + exitCode,
                w.status().wireName());
        return failureOf(w, p, exitCode);
    }

    private static String failureOf(WorldInstance w, WorldProcess p, int exitCode) {
        if (p.failure() != null) {
            return p.failure();
        }
        if (exitCode == WorldExitCodes.UNREADABLE_SNAPSHOT) {
            return "its snapshot seq " + p.hydrationSeq() + " cannot be loaded (the row is kept for inspection)";
        }
        if (exitCode == WorldExitCodes.BAD_CONTENT) {
            String reason = p.report().awaitFailure();
            return reason != null ? reason : "its content pack cannot be loaded (see the world's log)";
        }
        if (exitCode == WorldExitCodes.MODULE_FAILED) {
            String reason = p.report().awaitFailure();
            return reason != null ? reason : "a game module kept failing (see the world's log)";
        }
        if (w.crashLoops(System.nanoTime())) {
            return "it exited abnormally " + CrashLoop.MAX_EXITS + " times within "
                    + CrashLoop.WINDOW_MILLIS / 1000 + " s (last exit code " + exitCode + ")";
        }
        return null;
    }
}
