package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;

import lor.protocol.game.WelcomeMessage;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A world process killed with SIGKILL: the director notices at once, and the next join starts a new process
 * hydrated from the last persisted snapshot, with the player back where that snapshot saw it.
 */
class WorldCrashRecoveryIT {

    /** No NPCs: nothing but the player can take its saved cell while the world is down. */
    private static final String WORLD = "meadow";

    @TempDir
    Path dataDir;

    @Test
    void nextJoinAfterSigkillGetsANewProcessHydratedFromTheLastSnapshot() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "world-crash",
                "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "500");
             ScenarioContext ctx = GameSession.context(director)) {
            ScenarioContext.Account account = ctx.newAccount("crash");
            GamePlayer first = GamePlayer.enter(ctx, account, WORLD);
            long oldPid = ctx.http().world(WORLD).pid();
            int[] saved = first.stepAside();
            long seqAtStep = ctx.http().world(WORLD).lastSnapshotSeq();
            await("two periodic snapshots persisted after the step").atMost(Duration.ofSeconds(30))
                    .until(() -> ctx.http().world(WORLD).lastSnapshotSeq() >= seqAtStep + 2);

            ProcessHandle.of(oldPid).orElseThrow().destroyForcibly();

            await("director marks the world stopped").atMost(Duration.ofSeconds(2))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> ctx.http().world(WORLD).status().equals("stopped"));
            WorldRow stopped = ctx.http().world(WORLD);
            assertThat(stopped.pid()).isNull();
            assertThat(first.connection().awaitClose(ScenarioContext.STEP)).isPositive();

            GamePlayer second = GamePlayer.enter(ctx, account, WORLD);
            WorldRow running = ctx.http().world(WORLD);
            assertThat(running.pid()).isNotNull().isNotEqualTo(oldPid);
            assertThat(running.hydratedSeq()).isEqualTo(stopped.lastSnapshotSeq());
            assertThat(second.welcome().you()).as("back at the cell it had stepped to")
                    .isEqualTo(new WelcomeMessage.Position(saved[0], saved[1], saved[2]));
            assertThat(second.welcome().tick()).as("the clock continues from the snapshot")
                    .isGreaterThan(first.welcome().tick());
        }
    }
}
