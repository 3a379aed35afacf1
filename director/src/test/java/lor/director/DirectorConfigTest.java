package lor.director;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import lor.director.kubernetes.AgonesSettings;
import lor.protocol.netty.NetworkGuards;
import lor.protocol.netty.PortRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class DirectorConfigTest {

    private static final Map<String, String> NO_ENV = Map.of();

    private static DirectorConfig parse(String... args) {
        return DirectorConfig.parse(args, NO_ENV);
    }

    @Test
    void appliesTheDocumentedDefaultsWithoutOptions() {
        DirectorConfig config = parse();

        assertThat(config.port()).isEqualTo(8080);
        assertThat(config.bindAddress()).isEqualTo("127.0.0.1");
        assertThat(config.publicHost()).isEqualTo("127.0.0.1");
        assertThat(config.embeddedDatabase()).isTrue();
        assertThat(config.dbUrl()).isNull();
        assertThat(config.dataDir()).isAbsolute().isEqualTo(Path.of("data").toAbsolutePath().normalize());
        assertThat(config.snapshotIntervalMs()).isEqualTo(30_000);
        assertThat(config.idleShutdownMs()).isEqualTo(60_000);
        assertThat(config.spawnTimeoutMs()).isEqualTo(20_000);
        assertThat(config.stopTimeoutMs()).isEqualTo(45_000);
        assertThat(config.snapshotsKept()).isEqualTo(10);
        assertThat(config.sessionTtlMs()).isEqualTo(24L * 60 * 60 * 1000);
        assertThat(config.ticketTtlMs()).isEqualTo(30_000);
        assertThat(config.maxSnapshotBytes()).isEqualTo(256 * 1024 * 1024);
        assertThat(config.dbPoolSize()).isEqualTo(10);
        assertThat(config.worldJar()).isNull();
        assertThat(config.adminToken()).as("the admin surface is off").isNull();
        assertThat(config.warmSpares()).isEqualTo(1);
        assertThat(config.worldJvmOptions()).isEmpty();
        assertThat(config.pingIntervalMs()).isEqualTo(10_000);
        assertThat(config.clientTimeoutMs()).isEqualTo(30_000);
        assertThat(config.reconnectWindowMs()).isEqualTo(30_000);
        assertThat(config.loginBackoffMs()).isEqualTo(1_000);
        assertThat(config.loginFailuresPerAddress()).isEqualTo(20);
        assertThat(config.leaveWorldsOnStop()).as("a stopped director leaves nothing running").isFalse();
        assertThat(config.passwordIterations()).isEqualTo(600_000);
    }

    @Test
    void passwordIterationsHaveAFloor() {
        assertThatThrownBy(() -> parse("--password-iterations", "999"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--password-iterations");
    }

    @Test
    void onStopIsOneOfTwoWords() {
        assertThatThrownBy(() -> parse("--on-stop", "leave"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--on-stop must be stop-worlds or leave-worlds");
    }

    @Test
    void clientConnectionOptionsReachTheWorldsAndTheKeepAlive() {
        DirectorConfig config = parse("--ping-interval-ms", "250", "--client-timeout-ms=1000",
                "--reconnect-window-ms", "0");

        assertThat(config.keepAlive()).isEqualTo(lor.protocol.netty.KeepAlive.Settings.ofMillis(250, 1000));
        assertThat(config.worldOptions()).containsExactly("--ping-interval-ms", "250", "--client-timeout-ms", "1000",
                "--reconnect-window-ms", "0");
    }

    @Test
    void aPingIntervalNotShorterThanTheClientTimeoutIsRefused() {
        assertThatThrownBy(() -> parse("--ping-interval-ms", "30000"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--ping-interval-ms");
    }

    static Stream<Arguments> everyOption() {
        return Stream.of(
                option("--port", "9123", DirectorConfig::port, 9123),
                option("--port", "0", DirectorConfig::port, 0),
                option("--bind", "127.0.0.2", DirectorConfig::bindAddress, "127.0.0.2"),
                option("--public-host", "game.example.org", DirectorConfig::publicHost, "game.example.org"),
                option("--db-url", "jdbc:postgresql://db.example:5432/lor", DirectorConfig::dbUrl,
                        "jdbc:postgresql://db.example:5432/lor"),
                option("--db-user", "lor_app", DirectorConfig::dbUser, "lor_app"),
                option("--db-password", "pa=ss word", DirectorConfig::dbPassword, "pa=ss word"),
                option("--data-dir", "/var/lib/lor/../lor2", DirectorConfig::dataDir, Path.of("/var/lib/lor2")),
                option("--snapshot-interval-ms", "5000", DirectorConfig::snapshotIntervalMs, 5_000L),
                option("--idle-shutdown-ms", "0", DirectorConfig::idleShutdownMs, 0L),
                option("--spawn-timeout-ms", "7000", DirectorConfig::spawnTimeoutMs, 7_000L),
                option("--stop-timeout-ms", "8000", DirectorConfig::stopTimeoutMs, 8_000L),
                option("--snapshots-kept", "3", DirectorConfig::snapshotsKept, 3),
                option("--session-ttl-ms", "3600000", DirectorConfig::sessionTtlMs, 3_600_000L),
                option("--ticket-ttl-ms", "60000", DirectorConfig::ticketTtlMs, 60_000L),
                option("--max-snapshot-bytes", "1048576", DirectorConfig::maxSnapshotBytes, 1_048_576),
                option("--world-jar", "/opt/lor/world-server.jar", DirectorConfig::worldJar,
                        Path.of("/opt/lor/world-server.jar")),
                option("--db-pool-size", "4", DirectorConfig::dbPoolSize, 4),
                option("--admin-token", "0123456789abcdef", DirectorConfig::adminToken, "0123456789abcdef"),
                option("--warm-spares", "0", DirectorConfig::warmSpares, 0),
                option("--warm-spares", "16", DirectorConfig::warmSpares, 16),
                option("--max-connections-per-address", "0", DirectorConfig::maxConnectionsPerAddress, 0),
                option("--max-connections-per-address", "64", DirectorConfig::maxConnectionsPerAddress, 64),
                option("--max-new-connections-per-second", "5", DirectorConfig::maxNewConnectionsPerSecond, 5),
                option("--handshake-timeout-ms", "1500", DirectorConfig::handshakeTimeoutMs, 1_500L),
                option("--allowed-origins", "https://Play.Example.org,http://127.0.0.1:3000",
                        DirectorConfig::allowedOrigins, List.of("https://play.example.org", "http://127.0.0.1:3000")),
                option("--allowed-origins", "", DirectorConfig::allowedOrigins, List.of()),
                option("--login-backoff-ms", "250", DirectorConfig::loginBackoffMs, 250L),
                option("--login-failures-per-address", "0", DirectorConfig::loginFailuresPerAddress, 0),
                option("--on-stop", "leave-worlds", DirectorConfig::leaveWorldsOnStop, true),
                option("--on-stop", "stop-worlds", DirectorConfig::leaveWorldsOnStop, false),
                option("--password-iterations", "1000", DirectorConfig::passwordIterations, 1_000));

    }

    private static Arguments option(String name, String value, Function<DirectorConfig, Object> read,
                                    Object expected) {
        return Arguments.of(name, value, read, expected);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyOption")
    void readsEveryOptionAsSeparateArguments(String name, String value, Function<DirectorConfig, Object> read,
                                            Object expected) {
        assertThat(read.apply(parse(name, value))).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}={1}")
    @MethodSource("everyOption")
    void readsEveryOptionInTheEqualsForm(String name, String value, Function<DirectorConfig, Object> read,
                                         Object expected) {
        assertThat(read.apply(parse(name + "=" + value))).isEqualTo(expected);
    }

    @Test
    void combinesOptionsOfBothForms() {
        DirectorConfig config = parse("--port=0", "--snapshots-kept", "2", "--bind=127.0.0.3");

        assertThat(config.port()).isZero();
        assertThat(config.snapshotsKept()).isEqualTo(2);
        assertThat(config.bindAddress()).isEqualTo("127.0.0.3");
        assertThat(config.publicHost()).isEqualTo("127.0.0.3");
    }

    @Test
    void takesTheDatabaseFromTheEnvironment() {
        DirectorConfig config = DirectorConfig.parse(new String[0], Map.of(
                "LOR_DB_URL", "jdbc:postgresql://env-db:5432/lor",
                "LOR_DB_USER", "env_user",
                "LOR_DB_PASSWORD", "env-secret"));

        assertThat(config.embeddedDatabase()).isFalse();
        assertThat(config.dbUrl()).isEqualTo("jdbc:postgresql://env-db:5432/lor");
        assertThat(config.dbUser()).isEqualTo("env_user");
        assertThat(config.dbPassword()).isEqualTo("env-secret");
    }

    @Test
    void optionsOverrideTheEnvironment() {
        DirectorConfig config = DirectorConfig.parse(new String[] {
                "--db-url", "jdbc:postgresql://argv-db/lor", "--db-user=argv_user", "--db-password", "argv-secret"},
                Map.of("LOR_DB_URL", "jdbc:postgresql://env-db/lor", "LOR_DB_USER", "env_user",
                        "LOR_DB_PASSWORD", "env-secret"));

        assertThat(config.dbUrl()).isEqualTo("jdbc:postgresql://argv-db/lor");
        assertThat(config.dbUser()).isEqualTo("argv_user");
        assertThat(config.dbPassword()).isEqualTo("argv-secret");
    }

    @Test
    void publicHostFollowsTheBindAddress() {
        assertThat(parse("--bind", "127.0.0.5").publicHost()).isEqualTo("127.0.0.5");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.0.0.0", "::"})
    void publicHostOfAWildcardBindIsLoopback(String wildcard) {
        DirectorConfig config = parse("--bind", wildcard);

        assertThat(config.bindAddress()).isEqualTo(wildcard);
        assertThat(config.publicHost()).isEqualTo("127.0.0.1");
        assertThat(config.controlHost()).isEqualTo("127.0.0.1");
    }

    @Test
    void explicitPublicHostWinsOverTheWildcardDefault() {
        assertThat(parse("--bind", "0.0.0.0", "--public-host", "lor.example.net").publicHost())
                .isEqualTo("lor.example.net");
    }

    @Test
    void refusesAnUnknownOption() {
        assertThatThrownBy(() -> parse("--colour", "red"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option --colour (see --help)");
        assertThatThrownBy(() -> parse("--colour=red"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option --colour (see --help)");
    }

    @Test
    void unknownOptionLastOnTheLineIsUnknownNotMissingAValue() {
        assertThatThrownBy(() -> parse("--port", "1", "--verbose"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown option --verbose (see --help)");
    }

    @Test
    void refusesABareArgument() {
        assertThatThrownBy(() -> parse("8080"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unexpected argument 8080");
    }

    @Test
    void refusesAnOptionWithoutItsValue() {
        assertThatThrownBy(() -> parse("--bind", "127.0.0.1", "--port"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option --port needs a value");
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "", "12.5", "0x10"})
    void refusesANonNumericValue(String value) {
        assertThatThrownBy(() -> parse("--snapshot-interval-ms", value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--snapshot-interval-ms needs a whole number, got \"" + value + "\"");
    }

    @Test
    void refusesAValueOutOfRange() {
        assertThatThrownBy(() -> parse("--port", "65536"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--port must be between 0 and 65535, got 65536");
        assertThatThrownBy(() -> parse("--port=-1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--port must be between 0 and 65535, got -1");
        assertThatThrownBy(() -> parse("--snapshots-kept", "0"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--snapshots-kept must be between 1 and 10000, got 0");
    }

    @Test
    void refusesAWarmSpareCountOutOfRange() {
        assertThatThrownBy(() -> parse("--warm-spares", "17"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--warm-spares must be between 0 and 16, got 17");
        assertThatThrownBy(() -> parse("--warm-spares=-1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--warm-spares must be between 0 and 16, got -1");
    }

    @Test
    void worldJvmOptionsAreSplitOnSpacesFromTheOptionOrTheEnvironment() {
        assertThat(parse("--world-jvm-options", " -Xmx512m  -XX:+UseParallelGC -Dlor.x=1 ").worldJvmOptions())
                .containsExactly("-Xmx512m", "-XX:+UseParallelGC", "-Dlor.x=1");
        assertThat(DirectorConfig.parse(new String[0], Map.of("LOR_WORLD_JVM_OPTIONS", "-Xmx128m")).worldJvmOptions())
                .containsExactly("-Xmx128m");
        assertThat(DirectorConfig.parse(new String[] {"--world-jvm-options", "-Xmx64m"},
                Map.of("LOR_WORLD_JVM_OPTIONS", "-Xmx128m")).worldJvmOptions()).as("the option wins")
                .containsExactly("-Xmx64m");
    }

    @Test
    void refusesWorldJvmOptionsThatWouldChangeWhatRuns() {
        for (String bad : List.of("-jar other.jar", "-Xmx64m -cp /tmp", "-javaagent:/tmp/a.jar", "Xmx64m")) {
            assertThatThrownBy(() -> parse("--world-jvm-options", bad))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("--world-jvm-options takes -X... and -D... options only, got ");
        }
    }

    @Test
    void toStringShowsTheWarmSpareCount() {
        assertThat(parse("--warm-spares", "3").toString()).contains("warmSpares=3");
    }

    @Test
    void refusesATicketLifetimeAboveOneMinute() {
        assertThatThrownBy(() -> parse("--ticket-ttl-ms", "60001"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--ticket-ttl-ms must be between 1000 and 60000, got 60001");
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres://db/lor", "jdbc:mysql://db/lor", "jdbc:postgresql:lor"})
    void refusesADatabaseUrlThatIsNotJdbcPostgresql(String url) {
        assertThatThrownBy(() -> parse("--db-url", url))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--db-url must start with jdbc:postgresql://");
        assertThatThrownBy(() -> DirectorConfig.parse(new String[0], Map.of("LOR_DB_URL", url)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--db-url must start with jdbc:postgresql://");
    }

    @ParameterizedTest
    @ValueSource(strings = {"--help", "-h"})
    void helpWinsOverEverythingElse(String help) {
        assertThatThrownBy(() -> parse("--port", "not-a-number", help))
                .isInstanceOf(DirectorConfig.HelpRequested.class);
    }

    @Test
    void usageListsEveryOption() {
        everyOption().forEach(arguments ->
                assertThat(DirectorConfig.USAGE).contains((String) arguments.get()[0] + " "));
        assertThat(DirectorConfig.USAGE).contains("--help");
    }

    @Test
    void toStringNeverShowsTheDatabasePassword() {
        String fromArgv = DirectorConfig.parse(
                new String[] {"--db-url", "jdbc:postgresql://db/lor", "--db-password", "Hunter2-argv"}, NO_ENV)
                .toString();
        String fromEnv = DirectorConfig.parse(new String[0],
                Map.of("LOR_DB_URL", "jdbc:postgresql://db/lor", "LOR_DB_PASSWORD", "Hunter2-env")).toString();

        assertThat(fromArgv).doesNotContain("Hunter2-argv").contains("<redacted>");
        assertThat(fromEnv).doesNotContain("Hunter2-env").contains("<redacted>");
        assertThat(parse().toString()).contains("dbPassword=none");
    }

    @Test
    void takesTheAdminTokenFromTheEnvironment() {
        DirectorConfig config = DirectorConfig.parse(new String[0], Map.of("LOR_ADMIN_TOKEN", "env-admin-token-0001"));

        assertThat(config.adminToken()).isEqualTo("env-admin-token-0001");
    }

    @Test
    void adminTokenOptionOverridesTheEnvironment() {
        DirectorConfig config = DirectorConfig.parse(new String[] {"--admin-token=argv-admin-token-01"},
                Map.of("LOR_ADMIN_TOKEN", "env-admin-token-0001"));

        assertThat(config.adminToken()).isEqualTo("argv-admin-token-01");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "short", "fifteen-chars-x"})
    void refusesAnAdminTokenShorterThanSixteenCharacters(String token) {
        assertThatThrownBy(() -> parse("--admin-token", token))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--admin-token must have at least 16 characters");
        assertThatThrownBy(() -> DirectorConfig.parse(new String[0], Map.of("LOR_ADMIN_TOKEN", token)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--admin-token must have at least 16 characters");
    }

    @Test
    void acceptsAnAdminTokenOfExactlySixteenCharacters() {
        assertThat(parse("--admin-token", "sixteen-chars-xx").adminToken()).isEqualTo("sixteen-chars-xx");
    }

    @Test
    void toStringSaysWhetherAdminIsOnButNeverShowsTheToken() {
        String fromArgv = parse("--admin-token", "Hunter2-admin-argv").toString();
        String fromEnv = DirectorConfig.parse(new String[0], Map.of("LOR_ADMIN_TOKEN", "Hunter2-admin-env")).toString();

        assertThat(fromArgv).doesNotContain("Hunter2").contains("admin=on");
        assertThat(fromEnv).doesNotContain("Hunter2").contains("admin=on");
        assertThat(parse().toString()).contains("admin=off");
    }

    @Test
    void toStringDropsCredentialsCarriedInTheUrl() {
        String shown = parse("--db-url", "jdbc:postgresql://db/lor?user=lor&password=Hunter2").toString();

        assertThat(shown).doesNotContain("Hunter2").contains("jdbc:postgresql://db/lor?<parameters redacted>");
    }

    // ---- issue 6: network guards ---------------------------------------------------------------------------------

    @Test
    void guardsDefaultToGenerousLimitsAndTheDirectorsOwnOrigins() {
        DirectorConfig config = parse();

        assertThat(config.maxConnectionsPerAddress()).isEqualTo(4096);
        assertThat(config.maxNewConnectionsPerSecond()).isEqualTo(200);
        assertThat(config.handshakeTimeoutMs()).isEqualTo(10_000);
        assertThat(config.allowedOrigins()).as("the director's own, once its port is known").isNull();
        assertThat(config.guards(43210).allowedOrigins())
                .containsExactly("http://127.0.0.1:43210", "http://localhost:43210");
    }

    @Test
    void ownOriginsNameTheBindAddressAndThePublicHost() {
        assertThat(parse("--bind", "127.0.0.7", "--public-host", "Game.Example.org").guards(8080).allowedOrigins())
                .containsExactly("http://127.0.0.1:8080", "http://localhost:8080", "http://127.0.0.7:8080",
                        "http://game.example.org:8080");
        assertThat(parse("--bind", "0.0.0.0").guards(8080).allowedOrigins()).as("no wildcard origin")
                .containsExactly("http://127.0.0.1:8080", "http://localhost:8080");
        assertThat(parse("--bind", "::1").guards(8080).allowedOrigins()).contains("http://[::1]:8080");
    }

    @Test
    void explicitOriginsReplaceTheOwnOnes() {
        DirectorConfig config = parse("--allowed-origins", "https://play.example.org", "--max-connections-per-address",
                "9", "--max-new-connections-per-second", "3", "--handshake-timeout-ms", "700");

        assertThat(config.guards(8080)).isEqualTo(new NetworkGuards(9, 3, 700,
                List.of("https://play.example.org")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.org/app", "*", "example.org", "ws://example.org"})
    void refusesAnAllowedOriginThatIsNoOrigin(String origin) {
        assertThatThrownBy(() -> parse("--allowed-origins", "http://ok.example," + origin))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--allowed-origins: ");
    }

    @Test
    void refusesNegativeLimitsAndATooShortHandshakeTimeout() {
        assertThatThrownBy(() -> parse("--max-connections-per-address", "-1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> parse("--max-new-connections-per-second", "-5"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> parse("--handshake-timeout-ms", "10"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void usageListsTheGuardOptions() {
        assertThat(DirectorConfig.USAGE).contains("--max-connections-per-address")
                .contains("--max-new-connections-per-second").contains("--handshake-timeout-ms")
                .contains("--allowed-origins");
    }

    // ---- issue 17: TLS ----------------------------------------------------------------------------------------

    @Test
    void tlsTakesACertificateAndAKeyFileAndTurnsEveryUrlSecure(@TempDir Path dir) throws Exception {
        Path cert = java.nio.file.Files.writeString(dir.resolve("cert.pem"), "c");
        Path key = java.nio.file.Files.writeString(dir.resolve("key.pem"), "k");

        DirectorConfig config = parse("--tls-cert", cert.toString(), "--tls-key", key.toString(), "--port", "8443");

        assertThat(config.tls()).isTrue();
        assertThat(config.webSocketScheme()).isEqualTo("wss");
        assertThat(config.worldOptions()).containsSubsequence("--tls-cert", cert.toString(), "--tls-key",
                key.toString());
        assertThat(config.guards(8443).allowedOrigins()).contains("https://127.0.0.1:8443")
                .noneMatch(origin -> origin.startsWith("http://"));
        assertThat(config.toString()).contains("tls=cert " + cert);
        assertThat(parse().tls()).isFalse();
        assertThat(parse().webSocketScheme()).isEqualTo("ws");
        assertThat(parse().toString()).contains("tls=off");
        assertThat(DirectorConfig.parse(new String[0], Map.of("LOR_TLS_CERT", cert.toString(), "LOR_TLS_KEY",
                key.toString())).tlsKey()).isEqualTo(key);
    }

    @Test
    void tlsNeedsBothFilesAndFilesThatExist(@TempDir Path dir) throws Exception {
        Path cert = java.nio.file.Files.writeString(dir.resolve("cert.pem"), "c");

        assertThatThrownBy(() -> parse("--tls-cert", cert.toString()))
                .hasMessage("--tls-cert and --tls-key go together: give both or neither");
        assertThatThrownBy(() -> parse("--tls-cert", cert.toString(), "--tls-key", dir.resolve("nope").toString()))
                .hasMessage("--tls-key: no file at " + dir.resolve("nope"));
        assertThat(DirectorConfig.USAGE).contains("--tls-cert FILE", "--tls-key FILE");
    }

    // ---- issue 17: behind a TLS-terminating proxy ----------------------------------------------------------------

    @Test
    void gamePortsArePassedToEveryWorldAndThePublicGameUrlIsATemplate() {
        DirectorConfig config = parse("--game-ports", "9000-9099", "--public-game-url",
                "wss://play.example.com/worlds/{port}/game");

        assertThat(config.gamePorts()).isEqualTo(new PortRange(9000, 9099));
        assertThat(config.worldOptions()).containsSubsequence("--game-ports", "9000-9099");
        assertThat(config.publicGameUrl()).isEqualTo("wss://play.example.com/worlds/{port}/game");
        assertThat(config.toString()).contains("gamePorts=9000-9099",
                "publicGameUrl=wss://play.example.com/worlds/{port}/game");
        assertThat(parse().gamePorts()).isEqualTo(PortRange.ANY);
        assertThat(parse().worldOptions()).doesNotContain("--game-ports");
        assertThat(DirectorConfig.parse(new String[0], Map.of("LOR_GAME_PORTS", "7000-7009",
                "LOR_PUBLIC_GAME_URL", "ws://10.0.0.5:{port}/game")).publicGameUrl())
                .isEqualTo("ws://10.0.0.5:{port}/game");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://play.example.com/worlds/{port}/game", "wss://play.example.com/game",
            "wss:///worlds/{port}/game", "wss://play example.com/{port}"})
    void aPublicGameUrlMustBeAWebSocketUrlWithThePort(String url) {
        assertThatThrownBy(() -> parse("--public-game-url", url))
                .hasMessage("--public-game-url must be a ws:// or wss:// URL with {port} in it (and {world} and "
                        + "{host} if you like), got " + url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"9100-9000", "0-10", "9000-70000", "ports", "9000-9001-9002"})
    void badGamePortsAreRefused(String value) {
        assertThatThrownBy(() -> parse("--game-ports", value))
                .hasMessage("--game-ports must be a port (0 for any) or FROM-TO with 1 <= FROM <= TO <= 65535, got "
                        + value);
    }

    // ---- issue 18: worlds as Agones GameServers ------------------------------------------------------------------

    @Test
    void theAgonesLauncherNeedsAnImageAndTheControlAddressWorldsReach() {
        DirectorConfig config = parse("--launcher", "agones", "--agones-image", "registry.example/lor/world:1",
                "--agones-control-url", "ws://lor-director:8080/control", "--agones-namespace", "games");

        assertThat(config.agones()).isEqualTo(new AgonesSettings("games", "registry.example/lor/world:1",
                "ws://lor-director:8080/control", null));
        assertThat(config.toString()).contains("launcher=agones");
        assertThat(parse().agones()).as("local processes by default").isNull();
        assertThat(DirectorConfig.parse(new String[0], Map.of("LOR_LAUNCHER", "agones", "LOR_AGONES_IMAGE", "i:1",
                "LOR_AGONES_CONTROL_URL", "ws://d:8080/control", "LOR_AGONES_NAMESPACE", "n")).agones().image())
                .isEqualTo("i:1");
        assertThatThrownBy(() -> parse("--launcher", "agones", "--agones-control-url", "ws://d:8080/control"))
                .hasMessageStartingWith("--agones-image is needed");
        assertThatThrownBy(() -> parse("--launcher", "agones", "--agones-image", "i:1"))
                .hasMessageStartingWith("--agones-control-url is needed");
        assertThatThrownBy(() -> parse("--launcher", "docker"))
                .hasMessage("--launcher must be local or agones, got docker");
    }

    @Test
    void optionsThatNameFilesOfTheDirectorsHostDoNotGoWithAgones(@TempDir Path dir) throws Exception {
        String[] agones = {"--launcher", "agones", "--agones-image", "i:1", "--agones-control-url", "ws://d/control"};

        assertThatThrownBy(() -> parse(concat(agones, "--content-dir", dir.toString())))
                .hasMessageStartingWith("--launcher agones and --content-dir do not go together");
        assertThatThrownBy(() -> parse(concat(agones, "--modules-dir", dir.toString())))
                .hasMessage("--launcher agones and --modules-dir do not go together: build the studio's modules "
                        + "into the world-server image instead");
        assertThatThrownBy(() -> parse(concat(agones, "--game-ports", "9000-9099")))
                .hasMessageStartingWith("--launcher agones and --game-ports do not go together");
        assertThatThrownBy(() -> parse(concat(agones, "--agones-template", dir.resolve("gs.yaml").toString())))
                .hasMessage("--agones-template: no file at " + dir.resolve("gs.yaml"));
        Path cert = Files.writeString(dir.resolve("cert.pem"), "");
        assertThatThrownBy(() -> parse(concat(agones, "--tls-cert", cert.toString(), "--tls-key", cert.toString())))
                .hasMessage("--launcher agones and --tls-cert do not go together: worlds take their certificate "
                        + "from a Secret (--agones-tls-secret), the director's port from the load balancer or ingress "
                        + "in front of it");
    }

    // ---- issue 33: game modules ------------------------------------------------------------------------------------

    @Test
    void theContentAndModulesDirectoriesArePassedToEveryWorldMadeAbsolute(@TempDir Path dir) throws Exception {
        Path packs = Files.createDirectories(dir.resolve("packs"));
        Path modules = Files.createDirectories(dir.resolve("modules"));
        String relative = Path.of("").toAbsolutePath().relativize(modules).toString();

        DirectorConfig config = parse("--content-dir", packs.toString(), "--modules-dir", relative);

        assertThat(config.modulesDir()).isEqualTo(modules);
        assertThat(config.worldOptions()).containsSubsequence("--content-dir", packs.toString(), "--modules-dir",
                modules.toString());
        assertThat(config.toString()).contains("modulesDir=" + modules);
        assertThat(DirectorConfig.parse(new String[0], Map.of("LOR_MODULES_DIR", modules.toString())).worldOptions())
                .containsSubsequence("--modules-dir", modules.toString());
        assertThat(parse().modulesDir()).isNull();
        assertThat(parse().worldOptions()).doesNotContain("--modules-dir");
        assertThat(DirectorConfig.USAGE).contains("--modules-dir DIR", "LOR_MODULES_DIR");
    }

    @Test
    void aModulesDirectoryThatIsNotADirectoryIsRefused(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("elementals.jar"), "");

        assertThatThrownBy(() -> parse("--modules-dir", file.toString()))
                .hasMessage("--modules-dir " + file + " is not a directory");
        assertThatThrownBy(() -> parse("--modules-dir", dir.resolve("none").toString()))
                .hasMessage("--modules-dir " + dir.resolve("none") + " is not a directory");
    }

    // ---- issue 31: wss for worlds on Kubernetes, directors replaced without stopping worlds -----------------------

    private static final String[] AGONES = {"--launcher", "agones", "--agones-image", "i:1", "--agones-control-url",
            "ws://d/control", "--agones-namespace", "lor"};

    @Test
    void worldsOnAgonesServeWssWithTheCertificateOfASecret() {
        DirectorConfig config = parse(concat(AGONES, "--agones-tls-secret", "lor-world-tls"));

        assertThat(config.agones().tlsSecret()).isEqualTo("lor-world-tls");
        assertThat(config.worldsServeTls()).isTrue();
        assertThat(config.tls()).as("the director's own port stays plain: TLS ends in front of it").isFalse();
        assertThat(config.toString()).contains("tlsSecret=lor-world-tls");
        assertThat(parse(AGONES).worldsServeTls()).as("plain ws by default").isFalse();
        assertThat(parse(concat(AGONES, "--agones-tls-secret=lor-world-tls")).agones().tlsSecret())
                .isEqualTo("lor-world-tls");
        assertThat(DirectorConfig.parse(AGONES, Map.of("LOR_AGONES_TLS_SECRET", "certs.lor")).agones().tlsSecret())
                .isEqualTo("certs.lor");
        assertThat(DirectorConfig.USAGE).contains("--agones-tls-secret NAME");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Lor-TLS", "lor_tls", "-lor", "lor tls", ""})
    void aTlsSecretMustBeAKubernetesName(String name) {
        assertThatThrownBy(() -> parse(concat(AGONES, "--agones-tls-secret", name)))
                .hasMessage("--agones-tls-secret must name a Secret (a Kubernetes name: lower-case letters, digits, "
                        + "'-' and '.'), got " + name);
    }

    @Test
    void onAgonesThePublicGameUrlNamesTheHostAWorldRunsOn() {
        DirectorConfig config = parse(concat(AGONES, "--public-game-url",
                "wss://play.example.org/worlds/{host}/{port}/game"));

        assertThat(config.publicGameUrl()).isEqualTo("wss://play.example.org/worlds/{host}/{port}/game");
        assertThatThrownBy(() -> parse(concat(AGONES, "--public-game-url", "wss://play.example.org/w/{port}/game")))
                .hasMessage("--public-game-url needs {host} with --launcher agones: Agones gives each world a port "
                        + "of its node, got wss://play.example.org/w/{port}/game");
        assertThat(parse("--public-game-url", "wss://{host}:{port}/game").publicGameUrl())
                .as("on one host too").isEqualTo("wss://{host}:{port}/game");
    }

    @Test
    void onAgonesStoppingTheWorldsOnSigtermIsWhatTheOptionSays() {
        assertThat(parse(AGONES).stopsGameServersOnStop()).as("the default: stop-worlds").isTrue();
        assertThat(parse(concat(AGONES, "--on-stop", "stop-worlds")).stopsGameServersOnStop()).isTrue();
        assertThat(parse(concat(AGONES, "--on-stop=leave-worlds")).stopsGameServersOnStop()).isFalse();
        assertThat(parse().stopsGameServersOnStop()).as("one host: its own child processes").isFalse();
        assertThat(parse().leaveWorldsOnStop()).as("the one-host default is unchanged").isFalse();
    }

    private static String[] concat(String[] first, String... rest) {
        return Stream.concat(Stream.of(first), Stream.of(rest)).toArray(String[]::new);
    }
}
