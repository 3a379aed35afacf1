package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;

import lor.sim.grid.Direction;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A director killed with SIGKILL, or stopped with {@code --on-stop leave-worlds}, and started again on its port and
 * data directory takes its running world back instead of starting a second copy: the same world process, its player
 * still connected and moving throughout, new players admitted with the restarted director's tickets, and snapshots
 * persisted again under the same epoch.
 */
class DirectorRestartIT {

    private static final String WORLD = "meadow";
    private static final Duration ADOPTION = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    @Test
    void restartedDirectorsTakeBackTheRunningWorldWhosePlayerStaysConnected() throws Exception {
        String port = Integer.toString(freePort());
        String[] options = {"--port", port, "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "500",
                "--warm-spares", "0"};
        String[] leaving = {"--port", port, "--idle-shutdown-ms", "600000", "--snapshot-interval-ms", "500",
                "--warm-spares", "0", "--on-stop", "leave-worlds"};
        try (DirectorProcess first = DirectorProcess.start(dataDir, "restart-first", options);
             ScenarioContext firstCtx = GameSession.context(first)) {
            GamePlayer player = GamePlayer.enter(firstCtx, firstCtx.newAccount("stayer"), WORLD);
            player.stepAside();
            long worldPid = firstCtx.http().world(WORLD).pid();
            long seq = firstCtx.http().world(WORLD).lastSnapshotSeq();

            first.kill();

            assertThat(isAlive(worldPid)).as("the world outlives its killed director").isTrue();
            player.awaitAck(player.move(Direction.E));

            try (DirectorProcess second = DirectorProcess.start(dataDir, "restart-second", leaving);
                 ScenarioContext ctx = GameSession.context(second)) {
                seq = awaitTakenBack(ctx, player, worldPid, seq);
                GamePlayer newcomer = GamePlayer.enter(ctx, ctx.newAccount("newcomer"), WORLD);
                assertThat(newcomer.joined().gameUrl()).isEqualTo(player.joined().gameUrl());
                newcomer.awaitState("the newcomer sees the player who stayed", ScenarioContext.STEP,
                        state -> state.entities().stream().anyMatch(e -> e.id() == player.entityId()));

                second.terminate(Duration.ofSeconds(60));
            }
            assertThat(isAlive(worldPid)).as("--on-stop leave-worlds leaves the world running").isTrue();
            player.awaitAck(player.move(Direction.W));

            try (DirectorProcess third = DirectorProcess.start(dataDir, "restart-third", options);
                 ScenarioContext ctx = GameSession.context(third)) {
                awaitTakenBack(ctx, player, worldPid, seq);

                third.terminate(Duration.ofSeconds(60));
            }
            await("the world stopped with the director that took it, as SIGTERM does by default")
                    .atMost(Duration.ofSeconds(10)).until(() -> !isAlive(worldPid));
        }
    }

    /**
     * Waits until the restarted director runs the world again as the same process, with the player connected and
     * moving, and a snapshot above {@code seq} persisted; returns the newest persisted seq.
     */
    private static long awaitTakenBack(ScenarioContext ctx, GamePlayer player, long worldPid, long seq)
            throws Exception {
        await("the restarted director takes the world back").atMost(ADOPTION)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> ctx.http().world(WORLD).status().equals("running"));
        WorldRow adopted = ctx.http().world(WORLD);
        assertThat(adopted.pid()).as("the same process, not a second copy").isEqualTo(worldPid);
        assertThat(ctx.http().metric("lor_world_spawns_total")).isZero();
        assertThat(ctx.http().metric("lor_world_adoptions_total")).isEqualTo(1);
        await("the world's roster reaches the new director").atMost(ADOPTION)
                .until(() -> ctx.http().world(WORLD).players() == 1);
        player.awaitAck(player.move(Direction.N));
        assertThat(player.connection().isClosed()).as("the player never reconnected").isFalse();
        await("snapshots are persisted again under the same epoch").atMost(ADOPTION)
                .until(() -> ctx.http().world(WORLD).lastSnapshotSeq() > seq + 1);
        return ctx.http().world(WORLD).lastSnapshotSeq();
    }

    private static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
