package lor.testclient.soak;

import java.util.ArrayList;
import java.util.List;

import lor.testclient.net.DirectorHttp.WorldRow;

/**
 * Every world the soak killed, with the newest seq acknowledged to its process, and the seq its next process was
 * hydrated from: an acknowledged snapshot is lost when the next process starts from an older one.
 */
final class KillLedger {

    private final SoakLog log;
    private final List<Kill> kills = new ArrayList<>();

    KillLedger(SoakLog log) {
        this.log = log;
    }

    synchronized void killed(String worldId, long pid, long ackedSeq) {
        kills.add(new Kill(worldId, pid, ackedSeq));
    }

    /** Settles each kill whose world now runs in another process, from one reading of {@code /api/worlds}. */
    synchronized void check(List<WorldRow> rows) {
        for (Kill kill : kills) {
            if (kill.settled()) {
                continue;
            }
            for (WorldRow row : rows) {
                if (row.worldId().equals(kill.worldId) && "running".equals(row.status()) && row.pid() != null
                        && row.pid() != kill.pid) {
                    kill.nextPid = row.pid();
                    kill.hydratedSeq = row.hydratedSeq();
                    log.line("%s back in pid %d, hydrated from seq %d (acked before the kill: %d)%s", kill.worldId,
                            kill.nextPid, kill.hydratedSeq, kill.ackedSeq, kill.lost() ? ": LOST" : "");
                }
            }
        }
    }

    synchronized boolean allSettled() {
        return kills.stream().allMatch(Kill::settled);
    }

    synchronized List<Long> killedPids() {
        return kills.stream().map(k -> k.pid).toList();
    }

    /** Whether every kill was followed by a process hydrated from at least the seq acknowledged before it. */
    synchronized boolean nothingLost() {
        return !kills.isEmpty() && kills.stream().allMatch(k -> k.settled() && !k.lost());
    }

    synchronized String describe() {
        long lost = kills.stream().filter(Kill::lost).count();
        long unsettled = kills.stream().filter(k -> !k.settled()).count();
        long acked = kills.stream().filter(k -> k.ackedSeq > 0).count();
        return String.format("%d kills (%d with an acknowledged snapshot), %d restarted behind their acked seq, "
                + "%d not restarted to check", kills.size(), acked, lost, unsettled);
    }

    /** One SIGKILL: the world, the killed pid, the newest seq acknowledged to it, and what came next. */
    private static final class Kill {

        private final String worldId;
        private final long pid;
        private final long ackedSeq;
        private long nextPid;
        private long hydratedSeq = -1;

        Kill(String worldId, long pid, long ackedSeq) {
            this.worldId = worldId;
            this.pid = pid;
            this.ackedSeq = ackedSeq;
        }

        boolean settled() {
            return nextPid != 0;
        }

        boolean lost() {
            return settled() && hydratedSeq < ackedSeq;
        }
    }
}
