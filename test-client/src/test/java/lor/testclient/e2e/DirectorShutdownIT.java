package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import lor.protocol.game.WelcomeMessage;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to the director stops every world the graceful way: each world's final snapshot is persisted before
 * the director exits 0, and no world process outlives it. SIGTERM to a world from outside is a clean stop too. Periodic
 * snapshots are off (a long interval), so a persisted snapshot can only be the final one.
 */
class DirectorShutdownIT {

    /** No NPCs: nothing but the player can take its saved cell while the director is down. */
    private static final String WORLD = "meadow";

    @TempDir
    Path dataDir;

    @Test
    void sigtermPersistsEveryFinalSnapshotAndLeavesNoWorldRunning() throws Exception {
        long worldPid;
        WelcomeSnapshot before;
        try (DirectorProcess director = DirectorProcess.start(dataDir, "director-shutdown",
                "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "3600000");
             ScenarioContext ctx = GameSession.context(director)) {
            ScenarioContext.Account account = ctx.newAccount("term");
            GameSession session = GameSession.enter(ctx, account, WORLD);
            worldPid = ctx.http().world(WORLD).pid();
            assertThat(ctx.http().world(WORLD).lastSnapshotSeq()).isZero();
            before = new WelcomeSnapshot(account.username(), session.welcome().you());

            assertThat(director.terminate(Duration.ofSeconds(90))).as("the director's exit status").isZero();

            assertThat(ProcessHandle.of(worldPid).map(ProcessHandle::isAlive).orElse(false))
                    .as("world process %d outlived the director", worldPid).isFalse();
            assertThat(Files.readString(director.log()))
                    .contains("world " + WORLD + " (pid " + worldPid + ") exited cleanly");
        }
        try (DirectorProcess restarted = DirectorProcess.start(dataDir, "director-restart",
                "--idle-shutdown-ms", "600000");
             ScenarioContext ctx = GameSession.context(restarted)) {
            assertThat(ctx.http().world(WORLD).lastSnapshotSeq()).as("final snapshot persisted").isEqualTo(1);
            ScenarioContext.Account account = ctx.login(before.username());
            GameSession session = GameSession.enter(ctx, account, WORLD);
            assertThat(ctx.http().world(WORLD).hydratedSeq()).isEqualTo(1);
            assertThat(session.welcome().you()).isEqualTo(before.position());
        }
    }

    @Test
    void aWorldSentSigtermFromOutsideSavesItsSnapshotExitsZeroAndIsNotCountedAsACrash() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "world-sigterm",
                "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "3600000");
             ScenarioContext ctx = GameSession.context(director)) {
            // More stops than the crash-loop limit (4 abnormal exits a minute) would let through.
            for (int round = 1; round <= 5; round++) {
                GameSession.enter(ctx, ctx.newAccount("outside" + round), WORLD);
                long worldPid = ctx.http().world(WORLD).pid();

                ProcessHandle.of(worldPid).orElseThrow().destroy();

                await().atMost(Duration.ofSeconds(60)).until(() -> "stopped".equals(ctx.http().world(WORLD).status()));
                assertThat(ctx.http().world(WORLD).lastSnapshotSeq()).as("its final snapshot").isEqualTo(round);
                assertThat(Files.readString(director.log())).contains("world " + WORLD + " (pid " + worldPid
                        + ") stopped cleanly while running");
            }
            assertThat(ctx.http().world(WORLD).status()).isNotEqualTo("failed");
        }
    }

    private record WelcomeSnapshot(String username, WelcomeMessage.Position position) {
    }
}
