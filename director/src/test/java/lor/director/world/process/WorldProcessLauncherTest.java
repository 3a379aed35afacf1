package lor.director.world.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.director.world.WorldSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
                .containsSubsequence("--snapshot-interval-ms", "30000")
                .containsSubsequence("--spawn", "nearest");
    }

    @Test
    void commandPassesTheWorldsSpawnRule() {
        assertThat(launcher.command("bench", new WorldSettings("bench", 0, 24, "hashed")))
                .containsSubsequence("--map", "bench")
                .containsSubsequence("--spawn", "hashed");
    }

    @Test
    void commandNamesTheWorldsContentPackWhenItHasOne() {
        assertThat(launcher.command("start", new WorldSettings("start", "default", 0, 24, "nearest")))
                .containsSubsequence("--content", "default");
        assertThat(launcher.command("plain", new WorldSettings(null, 0, 24))).doesNotContain("--content");
    }

    @Test
    void commandPassesTheWorldsSeededObjects() {
        assertThat(launcher.command("bench-objects",
                new WorldSettings("bench-layers", "bench", "pump:100000:1", 0, 24, "hashed")))
                .containsSubsequence("--seed-objects", "pump:100000:1");
        assertThat(launcher.command("start", new WorldSettings("start", "default", 0, 24, "nearest")))
                .doesNotContain("--seed-objects");
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

    @Test
    void theDirectorsWorldOptionsReachWorldsAndSparesAlike() {
        List<String> options = List.of("--reconnect-window-ms", "5000", "--client-timeout-ms", "9000");
        WorldProcessLauncher withOptions = new WorldProcessLauncher(Path.of("/opt/lor/world-server.jar"),
                () -> "ws://127.0.0.1:8080/control", "127.0.0.1", 30_000, 1 << 20, List.of(), () -> options);

        assertThat(withOptions.command("start", new WorldSettings("start", 0, 24)))
                .containsSubsequence("--reconnect-window-ms", "5000")
                .containsSubsequence("--client-timeout-ms", "9000");
        assertThat(withOptions.spareCommand())
                .containsSubsequence("--reconnect-window-ms", "5000")
                .containsSubsequence("--client-timeout-ms", "9000");
    }

    // ---- stage 5: warm spares and the class-data-sharing archive ------------------------------------------------

    @TempDir
    Path dir;

    @Test
    void spareCommandRunsTheJarAsASpareWithoutAWorldOrASecret() {
        List<String> command = launcher.spareCommand();

        assertThat(command.get(0)).endsWith("java");
        assertThat(command).containsSubsequence("-Xmx256m", "-jar", "/opt/lor/world-server.jar", "--spare")
                .containsSubsequence("--control-url", "ws://127.0.0.1:8080/control")
                .containsSubsequence("--bind", "127.0.0.1")
                .containsSubsequence("--game-port", "0")
                .containsSubsequence("--max-snapshot-bytes", Integer.toString(1 << 20))
                .doesNotContain("--world-id", "--map", "--npcs", "--spawn");
        assertThat(String.join(" ", command)).doesNotContain("token").doesNotContain("secret");
    }

    @Test
    void operatorJvmOptionsComeAfterTheBuiltInOnesAndBeforeTheJar() {
        WorldProcessLauncher tuned = new WorldProcessLauncher(Path.of("/opt/lor/world-server.jar"),
                () -> "ws://127.0.0.1:8080/control", "127.0.0.1", 30_000, 1 << 20,
                List.of("-Xmx512m", "-XX:+UseParallelGC"));

        for (List<String> command : List.of(tuned.command("start", new WorldSettings("start", 0, 24)),
                tuned.spareCommand())) {
            assertThat(command).containsSubsequence("-Xmx256m", "-XX:+UseSerialGC", "-Xmx512m", "-XX:+UseParallelGC",
                    "-jar");
        }
    }

    @Test
    void spareCommandReadsTheControlUrlAtLaunch() {
        String[] url = {"ws://127.0.0.1:1/control"};
        WorldProcessLauncher late = new WorldProcessLauncher(Path.of("/opt/lor/world-server.jar"), () -> url[0],
                "127.0.0.1", 30_000, 1 << 20);
        url[0] = "ws://127.0.0.1:8123/control";

        assertThat(late.spareCommand()).containsSubsequence("--control-url", "ws://127.0.0.1:8123/control");
    }

    @Test
    void jvmFlagsAreTheSmallHeapFlagsWhenNoArchiveSitsBesideTheJar() {
        List<String> flags = WorldProcessLauncher.jvmFlags(dir.resolve("world-server.jar"));

        assertThat(flags).isEqualTo(WorldProcessLauncher.JVM_FLAGS);
        assertThat(flags).noneMatch(f -> f.startsWith("-XX:SharedArchiveFile"));
    }

    @Test
    void jvmFlagsUseTheArchiveThatSitsBesideTheJar() throws IOException {
        Path jar = dir.resolve("world-server.jar");
        Path archive = Files.createFile(dir.resolve("world-server.jsa"));

        List<String> flags = WorldProcessLauncher.jvmFlags(jar);

        assertThat(flags).startsWith(WorldProcessLauncher.JVM_FLAGS.toArray(String[]::new));
        assertThat(flags).contains("-XX:SharedArchiveFile=" + archive);
        assertThat(flags).filteredOn(f -> f.startsWith("-XX:SharedArchiveFile")).hasSize(1);
    }

    @Test
    void jvmFlagsIgnoreAnArchiveElsewhereOrOfAnotherName() throws IOException {
        Path jarDir = Files.createDirectory(dir.resolve("jars"));
        Files.createFile(dir.resolve("world-server.jsa"));
        Files.createFile(jarDir.resolve("director.jsa"));
        Files.createDirectory(jarDir.resolve("world-server.jsa.d"));

        assertThat(WorldProcessLauncher.jvmFlags(jarDir.resolve("world-server.jar")))
                .isEqualTo(WorldProcessLauncher.JVM_FLAGS);
    }

    @Test
    void anArchiveThatIsADirectoryIsNoArchive() throws IOException {
        Files.createDirectory(dir.resolve("world-server.jsa"));

        assertThat(WorldProcessLauncher.jvmFlags(dir.resolve("world-server.jar")))
                .isEqualTo(WorldProcessLauncher.JVM_FLAGS);
    }

    @Test
    void worldsAndSparesAreBothStartedWithTheArchive() throws IOException {
        Path jar = dir.resolve("world-server.jar");
        Files.createFile(dir.resolve("world-server.jsa"));
        WorldProcessLauncher withArchive = new WorldProcessLauncher(jar, () -> "ws://127.0.0.1:8080/control",
                "127.0.0.1", 30_000, 1 << 20);
        String flag = "-XX:SharedArchiveFile=" + dir.resolve("world-server.jsa");

        assertThat(withArchive.command("start", new WorldSettings("start", 0, 24)))
                .containsSubsequence(flag, "-jar", jar.toString());
        assertThat(withArchive.spareCommand()).containsSubsequence(flag, "-jar", jar.toString(), "--spare");
    }

    // ---- issue 5: idle resident memory --------------------------------------------------------------------------

    @Test
    void worldsStartWithASmallHeapAndSerialGcAndKeepArchiveAddressRandomisation() {
        List<String> command = launcher.command("start", new WorldSettings("start", 0, 24));

        assertThat(command).containsSubsequence("-Xms8m", "-Xmx256m", "-XX:+UseSerialGC", "-jar");
        assertThat(launcher.spareCommand()).containsSubsequence("-Xms8m", "-XX:+UseSerialGC", "-jar");
        assertThat(command).noneMatch(flag -> flag.startsWith("-XX:ArchiveRelocationMode"));
    }

    @Test
    void worldsAndSparesStartWithoutNettysFlightRecorderEvents() {
        assertThat(launcher.command("start", new WorldSettings("start", 0, 24)))
                .contains("-Dio.netty.jfr.enabled=false");
        assertThat(launcher.spareCommand()).contains("-Dio.netty.jfr.enabled=false");
    }

    @Test
    void worldsAndSparesStartWithoutNettysLeakDetection() {
        assertThat(launcher.command("start", new WorldSettings("start", 0, 24)))
                .contains("-Dio.netty.leakDetection.level=disabled");
        assertThat(launcher.spareCommand()).contains("-Dio.netty.leakDetection.level=disabled");
    }

    @Test
    void theNativeHeapIsTrimmedOnlyByJdksThatKnowTheFlag() {
        for (String version : List.of("17.0.9", "17.0.15+6", "21.0.1", "22", "25.0.1")) {
            assertThat(WorldProcessLauncher.jvmFlags(Runtime.Version.parse(version))).as(version)
                    .contains("-XX:TrimNativeHeapInterval=5000");
        }
        for (String version : List.of("17", "17.0.8", "18.0.2", "20.0.2", "21")) {
            assertThat(WorldProcessLauncher.jvmFlags(Runtime.Version.parse(version))).as(version)
                    .noneMatch(f -> f.startsWith("-XX:TrimNativeHeapInterval"));
        }
        assertThat(WorldProcessLauncher.JVM_FLAGS).isEqualTo(WorldProcessLauncher.jvmFlags(Runtime.version()));
    }

    @Test
    void operatorTrimOrRelocationOptionsComeAfterTheBuiltInOnes() {
        WorldProcessLauncher tuned = new WorldProcessLauncher(Path.of("/opt/lor/world-server.jar"),
                () -> "ws://127.0.0.1:8080/control", "127.0.0.1", 30_000, 1 << 20,
                List.of("-XX:ArchiveRelocationMode=1", "-Xms32m"));

        assertThat(tuned.command("start", new WorldSettings("start", 0, 24)))
                .containsSubsequence("-Xms8m", "-XX:ArchiveRelocationMode=1", "-Xms32m", "-jar");
    }

    @Test
    void worldEnvironmentCapsMallocArenasUnlessTheOperatorSetTheCap() {
        Map<String, String> env = new HashMap<>(Map.of("PATH", "/usr/bin", "LOR_DB_PASSWORD", "pw"));
        WorldProcessLauncher.environment(env, Map.of("LOR_SPAWN_TOKEN", "t"));

        assertThat(env).containsEntry("MALLOC_ARENA_MAX", "2").containsEntry("LOR_SPAWN_TOKEN", "t")
                .containsEntry("PATH", "/usr/bin").doesNotContainKey("LOR_DB_PASSWORD");

        Map<String, String> operator = new HashMap<>(Map.of("MALLOC_ARENA_MAX", "4"));
        WorldProcessLauncher.environment(operator, Map.of());

        assertThat(operator).containsEntry("MALLOC_ARENA_MAX", "4");
    }

    // ---- issue 6: the director's network guards reach every world ------------------------------------------------

    @Test
    void bothCommandsCarryTheDirectorsGuardsReadAtLaunch() {
        String[] origins = {"http://127.0.0.1:1"};
        WorldProcessLauncher guarded = new WorldProcessLauncher(Path.of("/opt/lor/world-server.jar"),
                () -> "ws://127.0.0.1:8080/control", "127.0.0.1", 30_000, 1 << 20, List.of(),
                () -> new lor.protocol.netty.NetworkGuards(8, 2, 900, List.of(origins[0])).arguments());
        origins[0] = "http://127.0.0.1:8080";

        for (List<String> command : List.of(guarded.command("start", new WorldSettings("start", 0, 24)),
                guarded.spareCommand())) {
            assertThat(command).containsSubsequence("--max-connections-per-address", "8")
                    .containsSubsequence("--max-new-connections-per-second", "2")
                    .containsSubsequence("--handshake-timeout-ms", "900")
                    .containsSubsequence("--allowed-origins", "http://127.0.0.1:8080");
        }
    }
}
