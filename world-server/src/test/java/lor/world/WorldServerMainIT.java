package lor.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A world process started without a strong ticket secret refuses to start: a real JVM running
 * {@link WorldServerMain} exits with status 64 and says why, without showing the secret, before it binds or connects
 * anything.
 */
class WorldServerMainIT {

    @ParameterizedTest
    @ValueSource(strings = {"", "too-short-a-secret", "dGlja2V0LXNlY3JldC1vZi0zMS1ieXRlcy1mb3ItdA"})
    void refusesToStartWithoutAStrongTicketSecret(String secret) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(List.of(
                ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), WorldServerMain.class.getName(),
                "--world-id", "start", "--control-url", "ws://127.0.0.1:9/control"))
                .redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        env.put(WorldConfig.ENV_SPAWN_TOKEN, "spawn-token-of-this-test");
        if (secret.isEmpty()) {
            env.remove(WorldConfig.ENV_TICKET_SECRET);
        } else {
            env.put(WorldConfig.ENV_TICKET_SECRET, secret);
        }

        Process world = builder.start();
        // What it prints fits in the pipe: waiting first cannot block it.
        boolean exited = world.waitFor(60, TimeUnit.SECONDS);
        if (!exited) {
            world.destroyForcibly();
        }
        String output = readAll(world);

        assertThat(exited).as("exited by itself; output: %s", output).isTrue();
        assertThat(world.exitValue()).as(output).isEqualTo(64);
        assertThat(output.lines()).as(output).anyMatch(line -> line.startsWith("world-server: ")
                && line.contains(WorldConfig.ENV_TICKET_SECRET));
        assertThat(output).doesNotContain("spawn-token-of-this-test");
        if (!secret.isEmpty()) {
            assertThat(output).doesNotContain(secret);
        }
    }

    private static String readAll(Process process) throws IOException {
        try (var in = process.getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
