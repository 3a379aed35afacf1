package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A world process that stops answering without dying (SIGSTOP, as a stuck process would look): it misses its
 * heartbeats, the director SIGKILLs it, and only then does the next join start a new process.
 */
class WorldHealthIT {

    private static final String WORLD = "meadow";

    @TempDir
    Path dataDir;

    @Test
    void aStoppedWorldProcessIsKilledAfterMissedHeartbeatsAndTheNextJoinGetsANewOne() throws Exception {
        try (DirectorProcess director = DirectorProcess.start(dataDir, "world-health",
                "--idle-shutdown-ms", "600000");
             ScenarioContext ctx = GameSession.context(director)) {
            ScenarioContext.Account account = ctx.newAccount("health");
            GamePlayer.enter(ctx, account, WORLD);
            long pid = ctx.http().world(WORLD).pid();
            ProcessHandle world = ProcessHandle.of(pid).orElseThrow();
            try {
                signal("STOP", pid);

                world.onExit().get(30, TimeUnit.SECONDS);
                await("the director marks the world stopped").atMost(Duration.ofSeconds(10))
                        .until(() -> ctx.http().world(WORLD).status().equals("stopped"));
                assertThat(ctx.http().metric("lor_world_unhealthy_total")).isEqualTo(1.0);

                GamePlayer.enter(ctx, account, WORLD);
                assertThat(ctx.http().world(WORLD).pid()).isNotNull().isNotEqualTo(pid);
            } finally {
                world.destroyForcibly();
            }
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as("kill -%s %d", name, pid).isZero();
    }
}
