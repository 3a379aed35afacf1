package lor.director.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;

/**
 * fabric8's mock Kubernetes API server in CRUD mode with the Agones CRDs registered, and the test in the part of
 * Agones's controller: it moves GameServers through their states and gives them an address.
 */
final class AgonesMock implements AutoCloseable {

    static final String NAMESPACE = "lor";
    /** The TLS tests' certificate for localhost and 127.0.0.1, and its key (test-client's). */
    static final Path TEST_CERT = Path.of("..", "test-client", "src", "test", "resources", "tls", "test-cert.pem");
    static final Path TEST_KEY = Path.of("..", "test-client", "src", "test", "resources", "tls", "test-key.pem");

    /** Expectations first (a refused request), then CRUD: the mock's "mixed" mode. */
    final KubernetesMockServer server;
    final KubernetesClient client;

    AgonesMock() throws Exception {
        Map<ServerRequest, Queue<ServerResponse>> expectations = new HashMap<>();
        // Plain HTTP: over HTTPS the mock makes an RSA key pair of its own at every start, 20 s of a loaded core.
        server = new KubernetesMockServer(new Context(), new MockWebServer(), expectations,
                new KubernetesMixedDispatcher(expectations), false);
        server.init();
        client = server.createClient();
        try (InputStream crds = AgonesMock.class.getResourceAsStream("/kubernetes/agones-crds.yaml")) {
            for (HasMetadata crd : client.load(crds).items()) {
                client.resource(crd).create();
            }
        }
    }

    List<GenericKubernetesResource> gameServers() {
        return client.genericKubernetesResources(AgonesLauncher.GAME_SERVERS).inNamespace(NAMESPACE).list()
                .getItems();
    }

    Resource<GenericKubernetesResource> gameServer(String name) {
        return client.genericKubernetesResources(AgonesLauncher.GAME_SERVERS).inNamespace(NAMESPACE).withName(name);
    }

    /** Agones's controller: the GameServer is in {@code state}, on a node at {@code address}, port {@code port}. */
    void controllerSets(String name, String state, String address, int port) {
        gameServer(name).edit(gs -> {
            gs.setAdditionalProperty("status", Map.of("state", state, "address", address,
                    "ports", List.of(Map.of("name", AgonesLauncher.GAME_PORT_NAME, "port", port))));
            return gs;
        });
    }

    /** What {@code kubectl create secret tls NAME --cert=CERT --key=KEY} makes. */
    void createTlsSecret(String name, Path cert, Path key) throws IOException {
        client.secrets().inNamespace(NAMESPACE).resource(new SecretBuilder()
                .withNewMetadata().withName(name).endMetadata()
                .withType("kubernetes.io/tls")
                .withData(Map.of("tls.crt", base64(cert), "tls.key", base64(key)))
                .build()).create();
    }

    private static String base64(Path file) throws IOException {
        return Base64.getEncoder().encodeToString(Files.readAllBytes(file));
    }

    @Override
    public void close() {
        client.close();
        server.destroy();
    }
}
