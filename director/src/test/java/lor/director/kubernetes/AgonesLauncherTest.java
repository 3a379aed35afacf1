package lor.director.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import lor.director.world.WorldSettings;
import lor.director.world.process.PublishedEndpoint;
import lor.director.world.process.WorldArguments;
import lor.protocol.Json;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Agones launcher against fabric8's mock API server (CRUD mode, Agones CRDs registered), the test playing
 * Agones's controller: what a world's GameServer and Secret hold, the address players get, and how a GameServer's
 * end (shut down, unhealthy, deleted) becomes the process's exit.
 */
class AgonesLauncherTest {

    static final String CONTROL = "ws://lor-director:8080/control";
    static final String TOKEN = "spawn-token-0123456789abcdefghijklmnop";
    static final String TICKET_SECRET = "ticket-secret-0123456789abcdefghijklmn";
    private static final Duration WAIT = Duration.ofSeconds(10);

    /** One mock server for the class (each takes seconds to start); emptied after every test. */
    private static AgonesMock agones;
    private static AgonesLauncher launcher;

    @BeforeAll
    static void startMock() throws Exception {
        agones = new AgonesMock();
        launcher = launcher(agones);
    }

    @AfterAll
    static void stopMock() {
        agones.close();
    }

    static AgonesLauncher launcher(AgonesMock agones) {
        return launcher(agones, null);
    }

    /** @param tlsSecret the Secret of the certificate worlds serve wss with, or null */
    static AgonesLauncher launcher(AgonesMock agones, String tlsSecret) {
        return new AgonesLauncher(agones.client, new AgonesSettings(AgonesMock.NAMESPACE,
                "registry.example/lor/world-server:1", CONTROL, null, tlsSecret),
                new WorldArguments(() -> CONTROL, "0.0.0.0", AgonesSettings.DEFAULT_CONTAINER_PORT, 30_000, 65_536,
                        () -> List.of("--reconnect-window-ms", "30000")));
    }

    @AfterEach
    void empty() {
        agones.gameServers().forEach(gs -> agones.gameServer(gs.getMetadata().getName()).delete());
        agones.client.secrets().inNamespace(AgonesMock.NAMESPACE).delete();
        await().atMost(WAIT).until(() -> agones.gameServers().isEmpty());
    }

    @Test
    void aWorldIsAGameServerWhoseSecretsAreInASecretOfItsOwn() throws Exception {
        Process process = launcher.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET);

        GenericKubernetesResource gs = agones.gameServers().get(0);
        String name = gs.getMetadata().getName();
        assertThat(name).matches("lor-start-[a-z0-9]{5}");
        assertThat(gs.getMetadata().getLabels()).containsEntry("lor.io/world", "start")
                .containsEntry("lor.io/role", "world");
        Map<String, Object> container = gs.<List<Map<String, Object>>>get("spec", "template", "spec", "containers")
                .get(0);
        assertThat(container.get("image")).isEqualTo("registry.example/lor/world-server:1");
        assertThat(String.join(" ", (List<String>) container.get("args"))).contains("--world-id start",
                "--control-url " + CONTROL, "--bind 0.0.0.0", "--game-port 7654", "--map start",
                "--reconnect-window-ms 30000");
        assertThat((List<String>) container.get("args")).as("the world reports to Agones").endsWith("--agones");
        assertThat(gs.<List<Map<String, Object>>>get("spec", "ports")).singleElement().satisfies(port ->
                assertThat(port).containsEntry("name", "game").containsEntry("containerPort", 7654)
                        .containsEntry("portPolicy", "Dynamic"));
        assertThat((List<Map<String, Object>>) container.get("env")).extracting(e -> e.get("name"))
                .containsExactly("LOR_SPAWN_TOKEN", "LOR_TICKET_SECRET");
        String spec = Json.MAPPER.writeValueAsString(gs);
        assertThat(spec).as("no secret in the GameServer").doesNotContain(TOKEN).doesNotContain(TICKET_SECRET);

        Secret secret = agones.client.secrets().inNamespace(AgonesMock.NAMESPACE).withName(name).get();
        assertThat(secretValue(secret, "spawn-token")).isEqualTo(TOKEN);
        assertThat(secretValue(secret, "ticket-secret")).isEqualTo(TICKET_SECRET);
        assertThat(secret.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
            assertThat(owner.getKind()).isEqualTo("GameServer");
            assertThat(owner.getUid()).isEqualTo(gs.getMetadata().getUid());
        });
        assertThat(process.isAlive()).isTrue();
        assertThat(launcher.localProcesses()).isFalse();
    }

    @Test
    void aSpareIsAGameServerWithTheSpareArgumentsAndOnlyItsSpawnToken() throws Exception {
        launcher.launchSpare(TOKEN);

        GenericKubernetesResource gs = agones.gameServers().get(0);
        assertThat(gs.getMetadata().getLabels()).containsEntry("lor.io/role", "spare");
        Map<String, Object> container = gs.<List<Map<String, Object>>>get("spec", "template", "spec", "containers")
                .get(0);
        assertThat((List<String>) container.get("args")).startsWith("--spare").doesNotContain("--world-id")
                .endsWith("--agones");
        assertThat((List<Map<String, Object>>) container.get("env")).extracting(e -> e.get("name"))
                .containsExactly("LOR_SPAWN_TOKEN");
    }

    @Test
    void worldsAndSparesGivenATlsSecretMountItAndServeWithItsFiles() throws Exception {
        agones.createTlsSecret("lor-world-tls", AgonesMock.TEST_CERT, AgonesMock.TEST_KEY);
        AgonesLauncher tls = launcher(agones, "lor-world-tls");

        tls.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET);
        tls.launchSpare(TOKEN);

        assertThat(agones.gameServers()).hasSize(2).allSatisfy(gs -> {
            assertThat(gs.<List<Map<String, Object>>>get("spec", "template", "spec", "volumes")).singleElement()
                    .isEqualTo(Map.of("name", "lor-world-tls", "secret", Map.of("secretName", "lor-world-tls",
                            "items", List.of(Map.of("key", "tls.crt", "path", "tls.crt"),
                                    Map.of("key", "tls.key", "path", "tls.key")))));
            Map<String, Object> container = gs.<List<Map<String, Object>>>get("spec", "template", "spec",
                    "containers").get(0);
            assertThat((List<Map<String, Object>>) container.get("volumeMounts")).singleElement().isEqualTo(
                    Map.of("name", "lor-world-tls", "mountPath", "/etc/lor/tls", "readOnly", true));
            assertThat((List<String>) container.get("args")).as("a spare binds its game port at start: it needs "
                            + "them too").containsSequence("--tls-cert", "/etc/lor/tls/tls.crt", "--tls-key",
                            "/etc/lor/tls/tls.key").endsWith("--agones");
        });
        assertThat(Json.MAPPER.writeValueAsString(agones.gameServers())).as("the key stays in its Secret")
                .doesNotContain(Files.readString(AgonesMock.TEST_KEY).lines().skip(1).findFirst().orElseThrow());
    }

    @Test
    void aTlsSecretThatIsMissingOrUnusableFailsTheLaunchSayingWhyAndLeavesNothing() throws Exception {
        AgonesLauncher tls = launcher(agones, "lor-world-tls");

        assertThatThrownBy(() -> tls.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET))
                .isInstanceOf(IOException.class)
                .hasMessage("no Secret lor/lor-world-tls (--agones-tls-secret) for the worlds' certificate: make it "
                        + "with kubectl -n lor create secret tls lor-world-tls --cert=CHAIN.pem --key=KEY.pem");
        String pkcs1 = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAsecretbits\n-----END RSA PRIVATE KEY-----\n";
        agones.client.secrets().inNamespace(AgonesMock.NAMESPACE).resource(new SecretBuilder().withNewMetadata()
                .withName("lor-world-tls").endMetadata().withType("kubernetes.io/tls").withStringData(Map.of(
                        "tls.crt", Files.readString(AgonesMock.TEST_CERT), "tls.key", pkcs1)).build()).create();
        assertThatThrownBy(() -> tls.launchSpare(TOKEN))
                .isInstanceOf(IOException.class)
                .hasMessage("the tls.key of Secret lor/lor-world-tls is not an unencrypted PKCS#8 PEM key (-----BEGIN "
                        + "PRIVATE KEY-----), which the world server needs: convert it with openssl pkcs8 -topk8 "
                        + "-nocrypt");

        assertThat(agones.gameServers()).isEmpty();
        assertThat(agones.client.secrets().inNamespace(AgonesMock.NAMESPACE).list().getItems())
                .extracting(secret -> secret.getMetadata().getName()).as("no spawn Secret made")
                .containsExactly("lor-world-tls");
    }

    @Test
    void playersGetTheAddressAgonesGaveTheGameServer() throws Exception {
        PublishedEndpoint process = (PublishedEndpoint) launcher.launch("start", new WorldSettings("start", 0, 24),
                TOKEN, TICKET_SECRET);
        String name = agones.gameServers().get(0).getMetadata().getName();
        assertThat(process.publishedAddress()).as("no address before Agones allocates one").isNull();

        agones.controllerSets(name, "Scheduled", "10.0.0.7", 7031);

        await().atMost(WAIT).until(() -> new PublishedEndpoint.Address("10.0.0.7", 7031)
                .equals(process.publishedAddress()));
    }

    @Test
    void aGameServerShutDownByItsWorldIsACleanExit() throws Exception {
        Process process = launcher.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET);
        String name = agones.gameServers().get(0).getMetadata().getName();
        agones.controllerSets(name, "Ready", "10.0.0.7", 7031);

        agones.controllerSets(name, "Shutdown", "10.0.0.7", 7031);

        assertThat(process.onExit()).succeedsWithin(WAIT);
        assertThat(process.exitValue()).isEqualTo(GameServerProcess.CLEAN);
        assertThat(process.isAlive()).isFalse();
    }

    @Test
    void anUnhealthyGameServerIsAFailedExitAndIsDeleted() throws Exception {
        Process process = launcher.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET);
        String name = agones.gameServers().get(0).getMetadata().getName();

        agones.controllerSets(name, "Unhealthy", "10.0.0.7", 7031);

        assertThat(process.onExit()).succeedsWithin(WAIT);
        assertThat(process.exitValue()).isEqualTo(GameServerProcess.FAILED);
        await().atMost(WAIT).until(() -> agones.gameServers().isEmpty());
    }

    @Test
    void destroyingDeletesTheGameServerGracefullyOrAtOnce() throws Exception {
        Process graceful = launcher.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET);
        Process forced = launcher.launch("cellar", new WorldSettings("cellar", 0, 24), TOKEN, TICKET_SECRET);

        graceful.destroy();
        forced.destroyForcibly();

        assertThat(graceful.onExit()).succeedsWithin(WAIT);
        assertThat(forced.onExit()).succeedsWithin(WAIT);
        assertThat(graceful.exitValue()).as("asked to stop: its clean stop").isEqualTo(GameServerProcess.CLEAN);
        assertThat(forced.exitValue()).isEqualTo(GameServerProcess.KILLED);
        assertThat(agones.gameServers()).isEmpty();
    }

    @Test
    void aGameServerDeletedByAnotherIsAnAbnormalExit() throws Exception {
        Process process = launcher.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET);

        agones.gameServer(agones.gameServers().get(0).getMetadata().getName()).delete();

        assertThat(process.onExit()).succeedsWithin(WAIT);
        assertThat(process.exitValue()).isEqualTo(GameServerProcess.DELETED_BY_OTHERS);
    }

    @Test
    void aGameServerTheApiRefusesLeavesNothingBehindAndSaysWhy() {
        agones.server.expect().post().withPath("/apis/agones.dev/v1/namespaces/lor/gameservers")
                .andReturn(422, new StatusBuilder().withCode(422).withMessage("spec.ports[0].portPolicy: Unsupported")
                        .build())
                .once();

        assertThatThrownBy(() -> launcher.launch("start", new WorldSettings("start", 0, 24), TOKEN, TICKET_SECRET))
                .isInstanceOf(IOException.class)
                .hasMessageMatching("cannot create GameServer lor/lor-start-[a-z0-9]{5}: HTTP 422 "
                        + "spec.ports\\[0\\].portPolicy: Unsupported");
        assertThat(agones.client.secrets().inNamespace(AgonesMock.NAMESPACE).list().getItems())
                .as("the Secret made first is taken back").isEmpty();
    }

    private static String secretValue(Secret secret, String key) {
        if (secret.getStringData() != null && secret.getStringData().containsKey(key)) {
            return secret.getStringData().get(key);
        }
        return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
    }
}
