package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real world JVM ({@link WorldServerMain}) sent a real SIGTERM exits 0 once it has stopped cleanly: a world after
 * its final snapshot is acknowledged, a spare that was still waiting for a world. The director's side of
 * {@code /control} is played by the test.
 */
class WorldProcessSignalsIT {

    private static final Duration STEP = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private ScriptedDirector director;
    private Process process;

    @AfterEach
    void tearDown() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
        if (director != null) {
            director.close();
        }
    }

    @Test
    void aWorldStoppedBySigtermSavesItsFinalSnapshotAndExitsZero() throws Exception {
        director = new ScriptedDirector();
        process = start("--world-id", "meadow", "--control-url", director.controlUrl().toString(),
                "--map", "meadow", "--snapshot-interval-ms", "3600000");
        Channel control = director.next(WorldRegisterMessage.class, STEP).connection();
        director.send(control, new WorldHydrateMessage("meadow", 0, null));
        director.next(WorldReadyMessage.class, STEP);

        process.destroy();

        WorldSnapshotMessage last = (WorldSnapshotMessage) director.next(WorldSnapshotMessage.class, STEP).message();
        director.send(control, new SnapshotAckMessage("meadow", last.seq()));
        ShutdownAckMessage ack = (ShutdownAckMessage) director.next(ShutdownAckMessage.class, STEP).message();
        assertThat(ack.lastSeq()).isEqualTo(last.seq());
        assertThat(exitStatus()).as(output()).isZero();
    }

    @Test
    void aSpareStoppedBySigtermWhileItWaitsExitsZero() throws Exception {
        director = new ScriptedDirector();
        process = start("--spare", "--control-url", director.controlUrl().toString());
        director.next(SpareRegisterMessage.class, STEP);

        process.destroy();

        assertThat(exitStatus()).as(output()).isZero();
    }

    private Process start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), WorldServerMain.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.log").toFile());
        builder.environment().put(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token-of-this-test");
        builder.environment().put(WorldConfig.ENV_TICKET_SECRET, Secrets.random256());
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
