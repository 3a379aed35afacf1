package lor.testclient.soak;

import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import lor.testclient.net.DirectorHttp;
import lor.testclient.net.DirectorHttp.WorldRow;

/**
 * SIGKILLs one running world, chosen by a seeded random among the soak's worlds, and enters it in the ledger. Kills
 * run one at a time.
 */
final class WorldKiller {

    /** SIGKILL cannot be caught; this only allows for a host that is very busy. */
    private static final long EXIT_TIMEOUT_SECONDS = 10;

    private final DirectorHttp http;
    private final List<String> worlds;
    private final SplittableRandom random;
    private final KillLedger ledger;
    private final SoakLog log;
    private String lastKilled;

    WorldKiller(DirectorHttp http, SoakOptions options, KillLedger ledger, SoakLog log) {
        this.http = http;
        this.worlds = options.worlds();
        // Its own stream: the players' walks do not change which worlds die.
        this.random = new SplittableRandom(options.seed() ^ 0x5EED_C0FFEEL);
        this.ledger = ledger;
        this.log = log;
    }

    synchronized void killOne() throws Exception {
        List<WorldRow> rows = http.worlds();
        // A world killed before must be seen back (and checked) before its new process can be killed too.
        ledger.check(rows);
        List<WorldRow> running = rows.stream().filter(r -> worlds.contains(r.worldId()) && r.pid() != null
                && "running".equals(r.status())).toList();
        // Never the world killed last, while another runs: the director takes 4 abnormal exits of one world within
        // 60 s for a crash loop, and a short soak's kills alone must not look like one.
        List<WorldRow> candidates = running.size() > 1
                ? running.stream().filter(r -> !r.worldId().equals(lastKilled)).toList() : running;
        if (candidates.isEmpty()) {
            log.line("no running world to kill");
            return;
        }
        WorldRow victim = candidates.get(random.nextInt(candidates.size()));
        lastKilled = victim.worldId();
        Optional<ProcessHandle> process = ProcessHandle.of(victim.pid());
        if (process.isEmpty()) {
            log.line("%s (pid %d) is not a process on this host: the soak must run beside the director",
                    victim.worldId(), victim.pid());
            return;
        }
        process.get().destroyForcibly();
        process.get().onExit().get(EXIT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        // The director raises lastSnapshotSeq when a commit is done and only then acknowledges it: read once the
        // process is gone, it bounds every seq the process was ever told was saved.
        long acked = http.world(victim.worldId()).lastSnapshotSeq();
        ledger.killed(victim.worldId(), victim.pid(), acked);
        log.line("killed %s (pid %d) with SIGKILL; last acknowledged snapshot seq %d", victim.worldId(),
                victim.pid(), acked);
    }
}
