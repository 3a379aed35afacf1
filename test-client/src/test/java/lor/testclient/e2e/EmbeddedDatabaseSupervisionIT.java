package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The director's embedded PostgreSQL is supervised. Frozen (SIGSTOP), {@code /readyz} answers 503 and nothing else
 * happens; SIGKILL its postmaster, and the director starts it again by itself, becomes ready again, and every snapshot
 * it had acknowledged is still there; the world keeps playing and its later snapshots are acknowledged too.
 */
class EmbeddedDatabaseSupervisionIT {

    private static final String WORLD = "meadow";
    private static final int KILLS = 3;
    private static final Duration RECOVERY = Duration.ofSeconds(90);

    @TempDir
    Path dataDir;

    @Test
    void aKilledPostgresIsStartedAgainAndNoAcknowledgedSnapshotIsLost() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "postgres-supervision",
                "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "500");
             ScenarioContext ctx = GameSession.context(director)) {
            GameSession.enter(ctx, ctx.newAccount("before"), WORLD);
            assertThat(ctx.http().get("/readyz").statusCode()).isEqualTo(200);

            // Frozen, not dead: readiness says so (within its 2 s), and nothing is restarted.
            List<ProcessHandle> frozen = postgresProcesses();
            signal("STOP", frozen);
            try {
                assertThat(ctx.http().get("/readyz").statusCode()).as("/readyz while PostgreSQL is frozen")
                        .isEqualTo(503);
            } finally {
                signal("CONT", frozen);
            }
            await("ready again after SIGCONT").atMost(RECOVERY).ignoreExceptions()
                    .until(() -> ctx.http().get("/readyz").statusCode() == 200);

            for (int kill = 1; kill <= KILLS; kill++) {
                long floor = ctx.http().world(WORLD).lastSnapshotSeq();
                await().atMost(RECOVERY).until(() -> ctx.http().world(WORLD).lastSnapshotSeq() > floor);
                long acknowledged = ctx.http().world(WORLD).lastSnapshotSeq();
                long pid = postmasterPid();

                ProcessHandle.of(pid).orElseThrow().destroyForcibly();

                await("the director to notice").atMost(RECOVERY)
                        .until(() -> Files.readString(director.log()).contains("embedded PostgreSQL (pid " + pid
                                + ") has exited"));
                await("ready again").atMost(RECOVERY).ignoreExceptions()
                        .until(() -> ctx.http().get("/readyz").statusCode() == 200);
                assertThat(postmasterPid()).as("a new postmaster").isNotEqualTo(pid);
                long kept = ctx.http().world(WORLD).lastSnapshotSeq();
                assertThat(kept).as("acknowledged before kill %d", kill).isGreaterThanOrEqualTo(acknowledged);
                await("snapshots acknowledged again").atMost(RECOVERY).ignoreExceptions()
                        .until(() -> ctx.http().world(WORLD).lastSnapshotSeq() > kept);
            }
            // A director that lost its database may fence itself until it renews its lease, a moment after /readyz
            // answers again; a join meanwhile is refused with world_unavailable ("try again"), so the player does.
            ScenarioContext.Account after = ctx.newAccount("after");
            await("a join after the kills").atMost(RECOVERY).until(() -> joined(ctx, after));
            assertThat(ctx.http().world(WORLD).status()).isEqualTo("running");
            assertThat(Files.readString(director.log())).contains("embedded PostgreSQL serving again");
        }
    }

    /** Whether the account got into the world; false when the director asked it to try again. */
    private static boolean joined(ScenarioContext ctx, ScenarioContext.Account account) throws Exception {
        try {
            GameSession.enter(ctx, account, WORLD);
            return true;
        } catch (AssertionError e) {
            if (String.valueOf(e.getMessage()).contains("world_unavailable")) {
                return false;
            }
            throw e;
        }
    }

    /** The postmaster and its backends. */
    private List<ProcessHandle> postgresProcesses() throws Exception {
        ProcessHandle postmaster = ProcessHandle.of(postmasterPid()).orElseThrow();
        List<ProcessHandle> all = new ArrayList<>(postmaster.descendants().toList());
        all.add(postmaster);
        return all;
    }

    private static void signal(String signal, List<ProcessHandle> processes) throws Exception {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        processes.forEach(p -> command.add(Long.toString(p.pid())));
        Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    private long postmasterPid() throws Exception {
        return Long.parseLong(Files.readAllLines(dataDir.resolve("postgres").resolve("postmaster.pid"),
                StandardCharsets.UTF_8).get(0).trim());
    }
}
