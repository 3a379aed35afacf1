package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import lor.protocol.control.ShutdownAckMessage;
import lor.protocol.control.SnapshotAckMessage;
import lor.protocol.control.SpareRegisterMessage;
import lor.protocol.control.WorldHydrateMessage;
import lor.protocol.control.WorldReadyMessage;
import lor.protocol.control.WorldRegisterMessage;
import lor.protocol.control.WorldSnapshotMessage;
import lor.protocol.ticket.Secrets;
import lor.world.agones.StandInSdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real world JVM ({@link WorldServerMain}) under Agones, started as Agones starts one (the sidecar's port in its
 * environment) and stopped by a real SIGTERM: its sidecar, a stand-in that records every call, sees Ready, Health
 * and Shutdown in that order. The director's side of {@code /control} is played by the test.
 */
class AgonesProcessIT {

    private static final Duration STEP = Duration.ofSeconds(30);
    private static final long HEALTH_MS = 200;

    @TempDir
    Path dir;

    private ScriptedDirector director;
    private StandInSdk sdk;
    private Process process;

    @AfterEach
    void tearDown() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
        if (director != null) {
            director.close();
        }
        if (sdk != null) {
            sdk.close();
        }
    }

    @Test
    void aWorldReportsReadyOnceHydratedThenHealthThenShutdownAfterItsFinalSnapshotOnSigterm() throws Exception {
        director = new ScriptedDirector();
        sdk = new StandInSdk();
        process = start("--world-id", "meadow", "--control-url", director.controlUrl().toString(),
                "--map", "meadow", "--snapshot-interval-ms", "3600000");
        Channel control = director.next(WorldRegisterMessage.class, STEP).connection();
        director.send(control, new WorldHydrateMessage("meadow", 0, null));
        director.next(WorldReadyMessage.class, STEP);
        await().atMost(STEP).until(() -> sdk.count("/ready") == 1);
        await().atMost(STEP).until(() -> healthAfterReady() >= 2);

        process.destroy();

        WorldSnapshotMessage last = (WorldSnapshotMessage) director.next(WorldSnapshotMessage.class, STEP).message();
        assertThat(sdk.count("/shutdown")).as("before the final snapshot is acknowledged").isZero();
        director.send(control, new SnapshotAckMessage("meadow", last.seq()));
        director.next(ShutdownAckMessage.class, STEP);
        assertThat(exitStatus()).as(output()).isZero();
        assertThat(String.join(" ", sdk.paths())).as(output())
                .matches("(/health )*/ready( /health)+ /shutdown");
    }

    @Test
    void aSpareStoppedBySigtermWhileItWaitsReportsShutdownButNeverReady() throws Exception {
        director = new ScriptedDirector();
        sdk = new StandInSdk();
        process = start("--spare", "--control-url", director.controlUrl().toString());
        director.next(SpareRegisterMessage.class, STEP);
        await().atMost(STEP).until(() -> sdk.count("/health") >= 2);

        process.destroy();

        assertThat(exitStatus()).as(output()).isZero();
        assertThat(String.join(" ", sdk.paths())).as(output()).matches("(/health )+/shutdown");
    }

    private long healthAfterReady() {
        List<String> paths = sdk.paths();
        return paths.subList(paths.indexOf("/ready") + 1, paths.size()).stream()
                .filter("/health"::equals).count();
    }

    /** The world process with {@code args} and the Agones options, the sidecar's port in its environment. */
    private Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), WorldServerMain.class.getName()));
        command.addAll(List.of(args));
        command.addAll(sdk.options(HEALTH_MS));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.log").toFile());
        builder.environment().put(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token-of-this-test");
        builder.environment().put(WorldConfig.ENV_TICKET_SECRET, Secrets.random256());
        builder.environment().putAll(sdk.environment());
        return builder.start();
    }

    private int exitStatus() throws InterruptedException {
        if (!process.waitFor(STEP.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("still running " + STEP + " after SIGTERM; output:\n" + output());
        }
        return process.exitValue();
    }

    private String output() {
        try {
            return Files.readString(dir.resolve("out.log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no output: " + e + ")";
        }
    }
}
