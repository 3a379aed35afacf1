package lor.director.world;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class WorldProcessLauncherTest {

    private final WorldProcessLauncher launcher = new WorldProcessLauncher(Path.of("/opt/lor/world-server.jar"),
            () -> "ws://127.0.0.1:8080/control", "127.0.0.1", 30_000, 1 << 20);

    @Test
    void commandRunsTheWorldJarWithSmallHeapFlagsAndTheWorldsSettings() {
        List<String> command = launcher.command("start", new WorldSettings("start", 24, 20));

        assertThat(command.get(0)).endsWith("java");
        assertThat(command).containsSubsequence("-Xmx256m", "-jar", "/opt/lor/world-server.jar");
        assertThat(command).containsSubsequence("--world-id", "start")
                .containsSubsequence("--control-url", "ws://127.0.0.1:8080/control")
                .containsSubsequence("--map", "start")
                .containsSubsequence("--npcs", "24")
                .containsSubsequence("--view-radius", "20")
                .containsSubsequence("--snapshot-interval-ms", "30000");
    }

    @Test
    void aWorldWithoutAMapGetsNoMapOption() {
        assertThat(launcher.command("plain", new WorldSettings(null, 0, 24))).doesNotContain("--map");
    }

    @Test
    void commandLineCarriesNoSecretOption() {
        assertThat(String.join(" ", launcher.command("start", new WorldSettings("start", 0, 24))))
                .doesNotContain("token").doesNotContain("secret");
    }
}
