package lor.director.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import lor.director.Director;
import lor.director.DirectorConfig;
import lor.director.db.TestDatabase;
import lor.protocol.netty.Tls;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The directors as the Deployment of {@code deploy/kubernetes/} runs them (its arguments and environment, its mounted
 * GameServer template; only the addresses and the database are this machine's), against the mock API server with
 * the test in the part of Agones and the kubelet: a world's GameServer is run as its pod would run it (its
 * arguments, its environment from its Secret, the TLS Secret mounted), as a real world-server process. A player
 * joins through the director and plays over wss, trusting only the Secret's certificate; then a rollout replaces
 * the director and the world plays on, adopted by the new one.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgonesDeploymentIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TLS_SECRET = "lor-world-tls";
    private static final Path WORLD_JAR = Path.of(System.getProperty("lor.worldJar",
            "../world-server/target/world-server.jar")).toAbsolutePath().normalize();

    @TempDir
    static Path dir;

    private static AgonesMock agones;
    private static TestDatabase.Coordinates database;
    private static int gamePort;
    private static Director first;
    private static Director second;
    private static Process world;
    private static Path worldLog;
    private static final HttpClient PLAYER = HttpClient.newBuilder()
            .sslContext(Tls.contextTrusting(AgonesMock.TEST_CERT)).connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    static void deploy() throws Exception {
        agones = new AgonesMock();
        Manifests.applyAll(agones.client);
        agones.createTlsSecret(TLS_SECRET, AgonesMock.TEST_CERT, AgonesMock.TEST_KEY);
        // No network namespace here: the world's container port must be free on this machine.
        gamePort = freePort();
        agones.client.configMaps().inNamespace(AgonesMock.NAMESPACE).withName("lor-world-gameserver").edit(map -> {
            String template = map.getData().get("gameserver.yaml");
            assertThat(template).contains("containerPort: 7654");
            map.getData().put("gameserver.yaml", template.replace("containerPort: 7654", "containerPort: " + gamePort));
            return map;
        });
        database = TestDatabase.createDatabase();
        first = director("first");
    }

    @AfterAll
    static void undeploy() {
        for (Director director : new Director[] {second, first}) {
            if (director != null) {
                director.close();
            }
        }
        if (world != null) {
            world.destroyForcibly();
        }
        agones.close();
    }

    @Test
    @Order(1)
    void aWorldOnAgonesServesWssWithTheCertificateOfItsSecret() throws Exception {
        JsonNode joined = join(first, "tls-player");

        assertThat(joined.get("gameUrl").asString()).as("the GameServer's address and host port, over TLS")
                .isEqualTo("wss://127.0.0.1:" + gamePort + "/game");
        try (JsonSocket game = play(joined)) {
            assertThat(game.isClosed()).isFalse();
        }
    }

    @Test
    @Order(2)
    void aRolloutReplacesTheDirectorAndTheWorldPlaysOnAdoptedByTheNewOne() throws Exception {
        JsonNode joined = join(first, "rollout-player");
        try (JsonSocket game = play(joined)) {
            // The Deployment starts the new director first; the old one tells its worlds about it.
            second = director("second");
            await().atMost(WAIT).until(() -> Files.readString(worldLog).lines().anyMatch(line ->
                    line.contains("directors of world start now:") && line.contains(controlUrl(second))));

            first.close();

            await().atMost(WAIT).until(() -> metrics(second).contains("lor_world_adoptions_total 1"));
            assertThat(world.isAlive()).as("the world process plays on").isTrue();
            assertThat(agones.gameServers()).as("its GameServer is not deleted")
                    .anySatisfy(gs -> assertThat(gs.getMetadata().getLabels()).containsEntry("lor.io/world", "start"));
            game.send("{\"type\":\"move\",\"dir\":\"S\",\"seq\":2}");
            awaitAck(game, 2);
            assertThat(game.isClosed()).as("the player stayed connected").isFalse();
        }
    }

    /** A director as its pod runs it, on this machine's loopback, a port of its own and the test's database. */
    private static Director director(String name) throws Exception {
        int port = freePort();
        Path root = Files.createDirectories(dir.resolve(name));
        Kubelet.Prepared pod = Manifests.directorPod(agones.client, root);
        List<String> args = new ArrayList<>(pod.args());
        args.addAll(List.of("--bind", "127.0.0.1", "--port", Integer.toString(port),
                "--agones-control-url", "ws://127.0.0.1:" + port + "/control",
                "--db-url", database.url(), "--db-user", database.user(),
                "--data-dir", root.resolve("data").toString(), "--world-jar", WORLD_JAR.toString(),
                "--warm-spares", "0", "--password-iterations", "1000", "--spawn-timeout-ms", "60000"));
        if (database.password() != null) {
            args.addAll(List.of("--db-password", database.password()));
        }
        DirectorConfig config = DirectorConfig.parse(args.toArray(String[]::new), pod.env());
        return Director.start(config, agones.server::createClient);
    }

    /**
     * A new account joins world {@code start} through {@code director}. The first join starts it: the test plays
     * Agones's controller and the kubelet for the GameServer the join makes.
     */
    private static JsonNode join(Director director, String username) throws Exception {
        try (JsonSocket lobby = JsonSocket.open(PLAYER, URI.create("ws://127.0.0.1:" + director.port() + "/ws"))) {
            lobby.send("{\"type\":\"register\",\"username\":\"" + username + "\",\"password\":\"correct-horse\"}");
            lobby.next("registered", WAIT);
            lobby.send("{\"type\":\"login\",\"username\":\"" + username + "\",\"password\":\"correct-horse\"}");
            lobby.next("logged_in", WAIT);
            lobby.send("{\"type\":\"join_world\",\"worldId\":\"start\"}");
            if (world == null) {
                runTheWorldsGameServer();
            }
            return lobby.next("world_joined", WAIT);
        }
    }

    /** Agones schedules the world's GameServer on a node (this machine); the kubelet starts its container. */
    private static void runTheWorldsGameServer() throws Exception {
        await().atMost(WAIT).until(() -> agones.gameServers().stream().anyMatch(AgonesDeploymentIT::isWorld));
        GenericKubernetesResource gs = agones.gameServers().stream().filter(AgonesDeploymentIT::isWorld)
                .findFirst().orElseThrow();
        agones.controllerSets(gs.getMetadata().getName(), "Scheduled", "127.0.0.1", gamePort);
        Kubelet.Prepared container = new Kubelet(agones.client, AgonesMock.NAMESPACE,
                Files.createDirectories(dir.resolve("world")), Map.of())
                .prepare(gs, GameServerTemplate.CONTAINER);
        // The image's entrypoint: java, its JVM flags, the world server; the build's class-data archive as a local
        // world has it, for a start in the seconds a pod's would take.
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(imageJvmFlags());
        Path archive = WORLD_JAR.resolveSibling("world-server.jsa");
        if (Files.isRegularFile(archive)) {
            command.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
        }
        command.addAll(List.of("-jar", WORLD_JAR.toString()));
        command.addAll(container.args());
        worldLog = dir.resolve("world.log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.resolve("world").toFile())
                .redirectErrorStream(true).redirectOutput(worldLog.toFile());
        builder.environment().clear();
        builder.environment().put("LANG", "C.UTF-8");
        builder.environment().putAll(container.env());
        // Agones's sidecar: none here, so nothing answers on its port (the world carries on without it).
        builder.environment().put("AGONES_SDK_HTTP_PORT", Integer.toString(freePort()));
        world = builder.start();
    }

    /** The world-server image's JVM flags, as its build gives them to Jib. */
    private static List<String> imageJvmFlags() throws IOException {
        Matcher flags = Pattern.compile("<image.jvmFlags>([^<]+)</image.jvmFlags>")
                .matcher(Files.readString(Path.of("..", "world-server", "pom.xml")));
        assertThat(flags.find()).as("image.jvmFlags in world-server/pom.xml").isTrue();
        return List.of(flags.group(1).split(","));
    }

    private static boolean isWorld(GenericKubernetesResource gs) {
        return "world".equals(gs.getMetadata().getLabels().get(AgonesLauncher.ROLE_LABEL));
    }

    /** Enters the world with the join's ticket over its gameUrl, and has a move acknowledged. */
    private static JsonSocket play(JsonNode joined) throws Exception {
        JsonSocket game = JsonSocket.open(PLAYER, URI.create(joined.get("gameUrl").asString()));
        game.send("{\"type\":\"hello\",\"ticket\":\"" + joined.get("ticket").asString() + "\"}");
        game.next("welcome", WAIT);
        game.send("{\"type\":\"move\",\"dir\":\"N\",\"seq\":1}");
        awaitAck(game, 1);
        return game;
    }

    /** A state acknowledging the move {@code seq} comes within {@link #WAIT}. */
    private static void awaitAck(JsonSocket game, long seq) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (game.next("state", WAIT).path("ack").asLong() < seq) {
            assertThat(System.nanoTime() - deadline).as("move %d acknowledged within %s", seq, WAIT).isNegative();
        }
    }

    private static String controlUrl(Director director) {
        return "ws://127.0.0.1:" + director.port() + "/control";
    }

    private static String metrics(Director director) throws IOException, InterruptedException {
        return PLAYER.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + director.port() + "/metrics"))
                .build(), HttpResponse.BodyHandlers.ofString()).body();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
