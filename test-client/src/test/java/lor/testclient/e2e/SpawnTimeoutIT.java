package lor.testclient.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import lor.protocol.ErrorMessage;
import lor.protocol.director.JoinWorldMessage;
import lor.testclient.net.DirectorHttp.WorldRow;
import lor.testclient.scenario.ScenarioContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A world process that never registers: the join fails with {@code world_unavailable} once the spawn timeout
 * passes, the process is killed, the world is stopped again, and the next join tries a new spawn.
 */
class SpawnTimeoutIT {

    @TempDir
    Path dataDir;

    @Test
    void aWorldThatNeverRegistersIsKilledAndTheJoinRefused() throws Exception {
        Path hangingJar = hangingWorldJar(dataDir.resolve("hanging-world.jar"));
        try (DirectorProcess director = DirectorProcess.start(dataDir.resolve("director"), "spawn-timeout",
                "--world-jar", hangingJar.toString(), "--spawn-timeout-ms", "3000",
                // no warm spare: it would be a hanging process as well, and count as a spawn
                "--warm-spares", "0");
             ScenarioContext ctx = GameSession.context(director)) {
            ScenarioContext.Account account = ctx.newAccount("stuck");
            account.client().send(new JoinWorldMessage("start", "j1"));
            AtomicLong pid = new AtomicLong();
            await("the world to be starting with a pid").atMost(Duration.ofSeconds(10)).until(() -> {
                WorldRow row = ctx.http().world("start");
                if (row.status().equals("starting") && row.pid() != null) {
                    pid.set(row.pid());
                    return true;
                }
                return false;
            });

            ErrorMessage refused = account.client().expectError("world_unavailable", Duration.ofSeconds(30));
            assertThat(refused.ref()).isEqualTo("j1");
            assertThat(refused.message()).contains("did not start within 3000 ms");
            await("the stuck process to be killed").atMost(Duration.ofSeconds(10))
                    .until(() -> ProcessHandle.of(pid.get()).map(p -> !p.isAlive()).orElse(true));
            await("the world to be stopped").atMost(Duration.ofSeconds(10))
                    .until(() -> ctx.http().world("start").status().equals("stopped"));
            assertThat(ctx.http().metric("lor_world_spawns_total")).isEqualTo(1);

            account.client().send(new JoinWorldMessage("start", "j2"));
            await("a second spawn").atMost(Duration.ofSeconds(10))
                    .until(() -> ctx.http().metric("lor_world_spawns_total") == 2);
            account.client().expectError("world_unavailable", Duration.ofSeconds(30));
        }
    }

    /** A runnable jar whose main class is {@link HangingWorld}, built from this test's compiled classes. */
    private static Path hangingWorldJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, HangingWorld.class.getName());
        String entry = HangingWorld.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar);
             JarOutputStream out = new JarOutputStream(file, manifest);
             var bytes = HangingWorld.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            bytes.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }
}
