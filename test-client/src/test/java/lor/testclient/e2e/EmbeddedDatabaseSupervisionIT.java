package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The director's embedded PostgreSQL is supervised: SIGKILL its postmaster, and the director starts it again by
 * itself, becomes ready again, and every snapshot it had acknowledged is still there; the world keeps playing and
 * its later snapshots are acknowledged too.
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
            GameSession.enter(ctx, ctx.newAccount("after"), WORLD);
            assertThat(ctx.http().world(WORLD).status()).isEqualTo("running");
            assertThat(Files.readString(director.log())).contains("embedded PostgreSQL serving again");
        }
    }

    private long postmasterPid() throws Exception {
        return Long.parseLong(Files.readAllLines(dataDir.resolve("postgres").resolve("postmaster.pid"),
                StandardCharsets.UTF_8).get(0).trim());
    }
}
