package lor.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import lor.protocol.control.ObjectSeed;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;
import lor.sim.grid.GridSize;
import lor.sim.world.World;
import lor.world.agones.AgonesConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WorldConfigTest {

    private static final String SPAWN_TOKEN = "spawn-token-6bd1f0";
    /** 256 bits, URL-safe base64, as the director makes them. */
    private static final String TICKET_SECRET = "dGlja2V0LXNlY3JldC1vZi0zMi1ieXRlcy1mb3ItdGU";
    private static final Map<String, String> ENV =
            Map.of(WorldConfig.ENV_SPAWN_TOKEN, SPAWN_TOKEN, WorldConfig.ENV_TICKET_SECRET, TICKET_SECRET);

    @Test
    void appliesDefaultsToEverythingButTheRequiredOptions() {
        WorldConfig config = WorldConfig.parse(required(), ENV);

        assertThat(config.worldId()).isEqualTo("start");
        assertThat(config.controlUrl()).isEqualTo(URI.create("ws://127.0.0.1:8080/control"));
        assertThat(config.bindAddress()).isEqualTo("127.0.0.1");
        assertThat(config.gamePorts()).isEqualTo(PortRange.ANY);
        assertThat(config.snapshotIntervalMs()).isEqualTo(30_000);
        assertThat(config.grid()).isEqualTo(new GridSize(64, 64, 1));
        assertThat(config.map()).isNull();
        assertThat(config.npcs()).isZero();
        assertThat(config.viewRadius()).isEqualTo(24);
        assertThat(config.intentsPerSecond()).isEqualTo(20);
        assertThat(config.spawnRule()).isEqualTo(World.SpawnRule.NEAREST_TO_SPAWN_POINT);
        assertThat(config.shutdownAckTimeoutMs()).isEqualTo(30_000);
        assertThat(config.maxSnapshotBytes()).isEqualTo(256L * 1024 * 1024);
        assertThat(config.spawnToken()).isEqualTo(SPAWN_TOKEN);
        assertThat(config.ticketSecret()).isEqualTo(TICKET_SECRET);
        assertThat(config.pingIntervalMs()).isEqualTo(10_000);
        assertThat(config.clientTimeoutMs()).isEqualTo(30_000);
        assertThat(config.reconnectWindowMs()).isEqualTo(30_000);
        assertThat(config.reconnectWindowTicks(20)).isEqualTo(600);
    }

    @Test
    void readsTheClientConnectionOptions() {
        WorldConfig config = WorldConfig.parse(with("--ping-interval-ms", "200", "--client-timeout-ms", "900",
                "--reconnect-window-ms", "1001"), ENV);

        assertThat(config.keepAlive()).isEqualTo(lor.protocol.netty.KeepAlive.Settings.ofMillis(200, 900));
        assertThat(config.reconnectWindowMs()).isEqualTo(1001);
        assertThat(config.reconnectWindowTicks(20)).as("rounded up").isEqualTo(21);
        assertThat(WorldConfig.parse(with("--reconnect-window-ms", "0"), ENV).reconnectWindowTicks(20)).isZero();
    }

    @Test
    void aPingIntervalNotShorterThanTheTimeoutIsRefused() {
        assertThatThrownBy(() -> WorldConfig.parse(with("--ping-interval-ms", "900", "--client-timeout-ms", "900"),
                ENV)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--ping-interval-ms");
    }

    @Test
    void takesARangeOfGamePorts() {
        assertThat(WorldConfig.parse(with("--game-ports", "9000-9099"), ENV).gamePorts())
                .isEqualTo(new PortRange(9000, 9099));
        assertThat(WorldConfig.parse(with("--game-ports", "0"), ENV).gamePorts()).isEqualTo(PortRange.ANY);
    }

    @Test
    void readsEveryOption() {
        WorldConfig config = WorldConfig.parse(with("--bind", "0.0.0.0", "--game-port", "4100",
                "--snapshot-interval-ms", "1000", "--grid", "32x16x2", "--shutdown-ack-timeout-ms", "500",
                "--max-snapshot-bytes", "65536", "--map", "meadow", "--npcs", "12", "--view-radius", "9",
                "--intent-rate", "30"), ENV);

        assertThat(config.bindAddress()).isEqualTo("0.0.0.0");
        assertThat(config.gamePorts()).isEqualTo(new PortRange(4100, 4100));
        assertThat(config.snapshotIntervalMs()).isEqualTo(1000);
        assertThat(config.grid()).isEqualTo(new GridSize(32, 16, 2));
        assertThat(config.shutdownAckTimeoutMs()).isEqualTo(500);
        assertThat(config.maxSnapshotBytes()).isEqualTo(65536);
        assertThat(config.map()).isEqualTo("meadow");
        assertThat(config.npcs()).isEqualTo(12);
        assertThat(config.viewRadius()).isEqualTo(9);
        assertThat(config.intentsPerSecond()).isEqualTo(30);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Start", "../start", "maps/start", "start.map", "a b",
            "abcdefghijklmnopqrstuvwxyz0123456"})
    void refusesAMapNameThatIsNotAPlainName(String name) {
        assertThatThrownBy(() -> WorldConfig.parse(with("--map", name), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--map");
    }

    @Test
    void convertsTheSnapshotIntervalToTicks() {
        assertThat(WorldConfig.parse(with("--snapshot-interval-ms", "1000"), ENV).snapshotIntervalTicks(20))
                .isEqualTo(20);
        assertThat(WorldConfig.parse(required(), ENV).snapshotIntervalTicks(20)).isEqualTo(600);
        assertThat(WorldConfig.parse(with("--snapshot-interval-ms", "100"), ENV).snapshotIntervalTicks(1))
                .isEqualTo(1);
    }

    @Test
    void requiresWorldId() {
        assertThatThrownBy(() -> WorldConfig.parse(new String[] {"--control-url", "ws://h:1/control"}, ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--world-id");
    }

    @Test
    void requiresControlUrl() {
        assertThatThrownBy(() -> WorldConfig.parse(new String[] {"--world-id", "start"}, ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--control-url");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Start", "has space", "a.b", "abcdefghijklmnopqrstuvwxyz0123456", "ü"})
    void refusesBadWorldId(String worldId) {
        assertThatThrownBy(() -> WorldConfig.parse(new String[] {"--world-id", worldId, "--control-url",
                "ws://h:1/control"}, ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--world-id");
    }

    @Test
    void acceptsWorldIdOfThirtyTwoAllowedCharacters() {
        String worldId = "abcdefghijklmnopqrstuvwxyz0123_-";

        assertThat(WorldConfig.parse(new String[] {"--world-id", worldId, "--control-url", "ws://h:1/control"}, ENV)
                .worldId()).isEqualTo(worldId);
    }

    @Test
    void refusesUnknownOption() {
        assertThatThrownBy(() -> WorldConfig.parse(with("--verbose", "yes"), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option --verbose");
    }

    @Test
    void refusesOptionWithoutValue() {
        assertThatThrownBy(() -> WorldConfig.parse(with("--game-port"), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option --game-port needs a value");
    }

    @ParameterizedTest
    @CsvSource({
            "--game-port, -1", "--game-port, 65536", "--game-port, port", "--game-ports, 9100-9000",
            "--game-ports, 9000-", "--game-ports, 0-10",
            "--snapshot-interval-ms, 99", "--snapshot-interval-ms, 1e3",
            "--shutdown-ack-timeout-ms, 99",
            "--max-snapshot-bytes, 65535", "--max-snapshot-bytes, 2147483648",
            "--grid, 0x64x1", "--grid, 64x4097x1", "--grid, 64x64x5", "--grid, 64x64", "--grid, 64x64x1x1",
            "--grid, axbxc", "--grid, 64x64x1x", "--grid, 64xx1",
            "--snapshot-interval-ms, 9223372036854775807", "--shutdown-ack-timeout-ms, 86400001",
            "--view-radius, 0", "--view-radius, 257", "--view-radius, -24",
            "--intent-rate, 0", "--intent-rate, 1001", "--intent-rate, fast",
            "--npcs, -1", "--npcs, 1000001", "--npcs, 5.5",
            "--agones-health-interval-ms, 9", "--agones-health-interval-ms, 60001"})
    void refusesOutOfRangeOrMalformedNumbers(String option, String value) {
        assertThatThrownBy(() -> WorldConfig.parse(with(option, value), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(option);
    }

    @Test
    void acceptsTheBoundsOfEveryRange() {
        WorldConfig config = WorldConfig.parse(with("--game-port", "65535", "--snapshot-interval-ms", "100",
                "--shutdown-ack-timeout-ms", "100", "--max-snapshot-bytes", "2147483647", "--grid", "4096x1x4",
                "--view-radius", "256", "--intent-rate", "1000", "--npcs", "1000000"), ENV);
        WorldConfig low = WorldConfig.parse(with("--view-radius", "1", "--intent-rate", "1", "--npcs", "0"), ENV);

        assertThat(config.viewRadius()).isEqualTo(256);
        assertThat(config.intentsPerSecond()).isEqualTo(1000);
        assertThat(config.npcs()).isEqualTo(1_000_000);
        assertThat(List.of(low.viewRadius(), low.intentsPerSecond(), low.npcs())).containsExactly(1, 1, 0);
        assertThat(config.gamePorts()).isEqualTo(new PortRange(65535, 65535));
        assertThat(config.maxSnapshotBytes()).isEqualTo(Integer.MAX_VALUE);
        assertThat(config.grid()).isEqualTo(new GridSize(4096, 1, 4));
    }

    @Test
    void requiresBothSecretsFromTheEnvironment() {
        assertThatThrownBy(() -> WorldConfig.parse(required(), Map.of(WorldConfig.ENV_SPAWN_TOKEN, SPAWN_TOKEN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(WorldConfig.ENV_TICKET_SECRET);
        assertThatThrownBy(() -> WorldConfig.parse(required(), Map.of(WorldConfig.ENV_TICKET_SECRET, TICKET_SECRET)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(WorldConfig.ENV_SPAWN_TOKEN);
        assertThatThrownBy(() -> WorldConfig.parse(required(),
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, " ", WorldConfig.ENV_TICKET_SECRET, TICKET_SECRET)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ticket-secret", "c2hvcnQ", "dGlja2V0LXNlY3JldC1vZi0zMS1ieXRlcy1mb3ItdA",
            "not base64 at all, though long enough to hold 256 bits!!"})
    void refusesATicketSecretThatIsNotAtLeast256BitsOfBase64WithoutShowingIt(String secret) {
        assertThatThrownBy(() -> WorldConfig.parse(required(),
                Map.of(WorldConfig.ENV_SPAWN_TOKEN, SPAWN_TOKEN, WorldConfig.ENV_TICKET_SECRET, secret)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(WorldConfig.ENV_TICKET_SECRET)
                .hasMessageContaining("256 bits")
                .message().doesNotContain(secret);
    }

    @Test
    void keepsSecretsOutOfToString() {
        String text = WorldConfig.parse(required(), ENV).toString();

        assertThat(text).doesNotContain(SPAWN_TOKEN).doesNotContain(TICKET_SECRET).contains("start");
    }

    @Test
    void usageListsEveryOption() {
        assertThat(WorldConfig.usage()).contains("--world-id", "--control-url", "--bind", "--game-port",
                "--snapshot-interval-ms", "--map", "--grid", "--npcs", "--view-radius", "--intent-rate",
                "--shutdown-ack-timeout-ms", "--max-snapshot-bytes", "--spawn", WorldConfig.ENV_SPAWN_TOKEN,
                WorldConfig.ENV_TICKET_SECRET, "--agones", "--agones-sdk-host", "--agones-health-interval-ms",
                AgonesConfig.ENV_HTTP_PORT);
    }

    // ---- issue 18: Agones -----------------------------------------------------------------------------------------

    @Test
    void outsideAgonesUnlessToldEvenWithTheSidecarsPortInTheEnvironment() {
        WorldConfig config = WorldConfig.parse(required(), withEnv(AgonesConfig.ENV_HTTP_PORT, "4242"));

        assertThat(config.agones()).isNull();
        assertThat(config.toString()).contains("agones=off");
    }

    @Test
    void underAgonesTheSidecarIsOnLocalhostAtThePortAgonesSets() {
        WorldConfig config = WorldConfig.parse(with("--agones"), withEnv(AgonesConfig.ENV_HTTP_PORT, "4242"));

        assertThat(config.agones()).isEqualTo(new AgonesConfig(URI.create("http://localhost:4242/"), 2_000));
        assertThat(config.toString()).contains("agones=http://localhost:4242/ health every 2000 ms");
    }

    @Test
    void underAgonesWithoutThePortTheSidecarsDefaultPortIsUsed() {
        assertThat(WorldConfig.parse(with("--agones"), ENV).agones().sdkUrl())
                .isEqualTo(URI.create("http://localhost:9358/"));
    }

    @Test
    void theAgonesFlagTakesNoValueWhereverItStands() {
        String[] first = {"--agones", "--world-id", "start", "--control-url", "ws://127.0.0.1:8080/control"};
        String[] between = {"--world-id", "start", "--agones", "--control-url", "ws://127.0.0.1:8080/control"};

        assertThat(WorldConfig.parse(first, ENV).agones()).isNotNull();
        assertThat(WorldConfig.parse(between, ENV).agones()).isNotNull();
        assertThat(WorldConfig.parse(between, ENV).controlUrl()).isEqualTo(URI.create("ws://127.0.0.1:8080/control"));
    }

    @Test
    void readsWhereTheSidecarListensAndHowOftenToPingIt() {
        AgonesConfig agones = WorldConfig.parse(with("--agones", "--agones-sdk-host", "127.0.0.1",
                "--agones-health-interval-ms", "500"), withEnv(AgonesConfig.ENV_HTTP_PORT, "9400")).agones();

        assertThat(agones).isEqualTo(new AgonesConfig(URI.create("http://127.0.0.1:9400/"), 500));
    }

    @ParameterizedTest
    @ValueSource(strings = {"port", "0", "65536", "-1"})
    void refusesASidecarPortThatIsNotAPort(String port) {
        assertThatThrownBy(() -> WorldConfig.parse(with("--agones"), withEnv(AgonesConfig.ENV_HTTP_PORT, port)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(AgonesConfig.ENV_HTTP_PORT);
    }

    @ParameterizedTest
    @CsvSource({"--agones-sdk-host, 127.0.0.1", "--agones-health-interval-ms, 500"})
    void theAgonesSettingsNeedTheAgonesFlag(String option, String value) {
        assertThatThrownBy(() -> WorldConfig.parse(with(option, value), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("need --agones");
    }

    private static Map<String, String> withEnv(String name, String value) {
        Map<String, String> env = new HashMap<>(ENV);
        env.put(name, value);
        return env;
    }

    private static String[] required() {
        return new String[] {"--world-id", "start", "--control-url", "ws://127.0.0.1:8080/control"};
    }

    private static String[] with(String... options) {
        List<String> args = new ArrayList<>(Arrays.asList(required()));
        args.addAll(Arrays.asList(options));
        return args.toArray(String[]::new);
    }

    // ---- stage 5: the spawn rule --------------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource({"nearest, NEAREST_TO_SPAWN_POINT", "hashed, HASHED"})
    void readsTheSpawnRule(String value, World.SpawnRule rule) {
        assertThat(WorldConfig.parse(with("--spawn", value), ENV).spawnRule()).isEqualTo(rule);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "Hashed", "random", "NEAREST_TO_SPAWN_POINT"})
    void refusesAnUnknownSpawnRule(String value) {
        assertThatThrownBy(() -> WorldConfig.parse(with("--spawn", value), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--spawn must be nearest or hashed");
    }

    @Test
    void showsTheSpawnRuleInToString() {
        assertThat(WorldConfig.parse(with("--spawn", "hashed"), ENV).toString()).contains("spawn=HASHED");
    }

    // ---- issue 6: network guards handed down by the director ---------------------------------------------------

    @Test
    void guardsDefaultToTheDocumentedLimitsAndNoBrowserOrigin() {
        NetworkGuards guards = WorldConfig.parse(required(), ENV).guards();

        assertThat(guards.maxConnectionsPerAddress()).isEqualTo(4096);
        assertThat(guards.maxNewConnectionsPerSecond()).isEqualTo(200);
        assertThat(guards.handshakeTimeoutMs()).isEqualTo(10_000);
        assertThat(guards.allowedOrigins()).isEmpty();
    }

    @Test
    void readsTheGuardsTheDirectorPasses() {
        NetworkGuards passed = new NetworkGuards(7, 3, 1500, List.of("http://127.0.0.1:8080", "https://Game.Example"));
        List<String> args = new ArrayList<>(Arrays.asList(required()));
        args.addAll(passed.arguments());

        NetworkGuards guards = WorldConfig.parse(args.toArray(String[]::new), ENV).guards();

        assertThat(guards).isEqualTo(passed);
        assertThat(guards.allowedOrigins()).containsExactly("http://127.0.0.1:8080", "https://game.example");
    }

    @Test
    void anEmptyOriginListAllowsNoBrowser() {
        assertThat(WorldConfig.parse(with("--allowed-origins", ""), ENV).guards().allowedOrigins()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"--allowed-origins, http://a/path", "--allowed-origins, *", "--max-connections-per-address, -1",
            "--max-new-connections-per-second, lots", "--handshake-timeout-ms, 0"})
    void refusesBadGuards(String option, String value) {
        assertThatThrownBy(() -> WorldConfig.parse(with(option, value), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(option);
    }

    // ---- issue 16: a world's seeded objects ----------------------------------------------------------------------

    @Test
    void readsTheSeededObjects() {
        WorldConfig config = WorldConfig.parse(with("--content", "bench", "--seed-objects", "pump:100000:1"), ENV);

        assertThat(config.seedObjects()).isEqualTo(new ObjectSeed("pump", 100_000, 1));
        assertThat(config.toString()).contains("seedObjects=pump:100000:1");
        assertThat(WorldConfig.parse(required(), ENV).seedObjects()).isNull();
        assertThat(WorldConfig.usage()).contains("--seed-objects");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pump", "pump:10", "pump:-1:1", "Pump:1:1", "pump:1:1:1", "pump:x:1", "pump:123456789:0"})
    void refusesASeedNotOfTheFormKindCountLayer(String value) {
        assertThatThrownBy(() -> WorldConfig.parse(with("--content", "bench", "--seed-objects", value), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--seed-objects must be KIND:COUNT:LAYER");
    }

    @ParameterizedTest
    @ValueSource(strings = {"pump:0:1", "pump:10000001:1"})
    void refusesASeedCountOutOfRange(String value) {
        assertThatThrownBy(() -> WorldConfig.parse(with("--content", "bench", "--seed-objects", value), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--seed-objects count must be 1..10000000");
    }

    @Test
    void refusesASeedWithoutAContentPack() {
        assertThatThrownBy(() -> WorldConfig.parse(with("--seed-objects", "pump:10:0"), ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--seed-objects needs --content: the kind comes from the pack");
    }

    // ---- issue 33: game modules ----------------------------------------------------------------------------------

    @Test
    void readsTheContentAndModulesDirectoriesTheDirectorPasses() {
        WorldConfig config = WorldConfig.parse(with("--content-dir", "/srv/lor/packs", "--modules-dir",
                "/srv/lor/modules"), ENV);

        assertThat(config.contentDir()).isEqualTo(Path.of("/srv/lor/packs"));
        assertThat(config.modulesDir()).isEqualTo(Path.of("/srv/lor/modules"));
        assertThat(config.toString()).contains("modulesDir=/srv/lor/modules");
        assertThat(WorldConfig.parse(required(), ENV).modulesDir()).as("built-in modules only").isNull();
        assertThat(WorldConfig.parse(required(), Map.of(WorldConfig.ENV_SPAWN_TOKEN, SPAWN_TOKEN,
                WorldConfig.ENV_TICKET_SECRET, TICKET_SECRET, "LOR_MODULES_DIR", "/srv/lor/modules")).modulesDir())
                .as("only the director reads the environment; a world is told on its command line").isNull();
        assertThat(WorldConfig.usage()).contains("--content-dir DIR", "--modules-dir DIR");
    }

    // ---- issue 17: TLS ------------------------------------------------------------------------------------------

    @Test
    void readsTheTlsFilesAndShowsThemInToString() {
        WorldConfig config = WorldConfig.parse(with("--tls-cert", "/etc/lor/cert.pem", "--tls-key",
                "/etc/lor/key.pem"), ENV);

        assertThat(config.tls()).isTrue();
        assertThat(config.tlsCert()).isEqualTo(java.nio.file.Path.of("/etc/lor/cert.pem"));
        assertThat(config.toString()).contains("tls=cert /etc/lor/cert.pem, key /etc/lor/key.pem");
        assertThat(WorldConfig.parse(required(), ENV).tls()).isFalse();
        assertThat(WorldConfig.usage()).contains("--tls-cert", "--tls-key");
    }

    @Test
    void refusesHalfATlsConfigurationAndAWssControlUrlWithoutACertificateToTrust() {
        assertThatThrownBy(() -> WorldConfig.parse(with("--tls-key", "/etc/lor/key.pem"), ENV))
                .hasMessage("--tls-cert and --tls-key go together: give both or neither");
        assertThatThrownBy(() -> WorldConfig.parse(new String[] {"--world-id", "start", "--control-url",
            "wss://127.0.0.1:8443/control"}, ENV))
                .hasMessage("a wss:// --control-url needs --tls-cert: the one certificate trusted");
    }

    // ---- failover: several directors on one database ------------------------------------------------------------

    @Test
    void readsTheDirectorsInTheirOrderTheSpawningOneFirst() {
        WorldConfig config = WorldConfig.parse(new String[] {"--world-id", "start", "--control-url",
            "ws://10.0.0.1:8080/control,ws://10.0.0.2:8080/control, ws://10.0.0.3:9090/control"}, ENV);

        assertThat(config.controlUrls()).containsExactly(URI.create("ws://10.0.0.1:8080/control"),
                URI.create("ws://10.0.0.2:8080/control"), URI.create("ws://10.0.0.3:9090/control"));
        assertThat(config.controlUrl()).isEqualTo(URI.create("ws://10.0.0.1:8080/control"));
        assertThat(config.toString()).contains("ws://10.0.0.2:8080/control");
    }

    @Test
    void oneDirectorIsAListOfOne() {
        assertThat(WorldConfig.parse(required(), ENV).controlUrls())
                .containsExactly(URI.create("ws://127.0.0.1:8080/control"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "http://a:1/control                  | --control-url entry http://a:1/control is not a ws://HOST",
        "ws://a:1/control,http://b:2/control | --control-url entry http://b:2/control is not a ws://HOST",
        "ws:///control                       | --control-url entry ws:///control is not a ws://HOST",
        "ws://a b/control                    | --control-url entry ws://a b/control is not a URL",
        "ws://a:1/control,,ws://b:2/control  | --control-url has an empty entry",
        "ws://a:1/control,                   | --control-url has an empty entry",
        "ws://a:1/control,ws://A:1/control   | --control-url lists ws://A:1/control twice",
        "ws://a:1/control,wss://b:2/control  | --control-url mixes ws:// and wss:// (wss://b:2/control)"})
    void refusesABadDirectorListNamingTheEntry(String value, String message) {
        assertThatThrownBy(() -> WorldConfig.parse(new String[] {"--world-id", "start", "--control-url", value,
            "--tls-cert", "/etc/lor/cert.pem", "--tls-key", "/etc/lor/key.pem"}, ENV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void takesAtMostSixteenDirectors() {
        String sixteen = directors(16);

        assertThat(WorldConfig.parse(new String[] {"--world-id", "start", "--control-url", sixteen}, ENV)
                .controlUrls()).hasSize(16);
        assertThatThrownBy(() -> WorldConfig.parse(new String[] {"--world-id", "start", "--control-url",
            sixteen + ",ws://h:99/control"}, ENV))
                .hasMessage("--control-url lists 17 directors; at most 16");
    }

    @Test
    void aListOfWssDirectorsNeedsTheCertificateToTrust() {
        String[] args = {"--world-id", "start", "--control-url", "wss://a:8443/control,wss://b:8443/control"};

        assertThatThrownBy(() -> WorldConfig.parse(args, ENV))
                .hasMessage("a wss:// --control-url needs --tls-cert: the one certificate trusted");
        List<String> withCert = new ArrayList<>(Arrays.asList(args));
        withCert.addAll(List.of("--tls-cert", "/etc/lor/cert.pem", "--tls-key", "/etc/lor/key.pem"));
        assertThat(WorldConfig.parse(withCert.toArray(String[]::new), ENV).controlUrls()).hasSize(2);
    }

    private static String directors(int count) {
        List<String> urls = new ArrayList<>();
        for (int port = 1; port <= count; port++) {
            urls.add("ws://h:" + port + "/control");
        }
        return String.join(",", urls);
    }
}
