package lor.director.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;

/** What an operator applies ({@code deploy/kubernetes/}), read as the cluster would: files, objects, the director. */
final class Manifests {

    static final Path DEPLOY = Path.of("..", "deploy", "kubernetes");
    static final String DIRECTOR = "lor-director";
    /** The director's pod, as its Deployment's downward API would see it on this machine. */
    static final Map<String, String> DIRECTOR_POD = Map.of("status.podIP", "127.0.0.1",
            "metadata.namespace", AgonesMock.NAMESPACE);

    private Manifests() {
    }

    static List<Path> files() throws IOException {
        try (Stream<Path> files = Files.list(DEPLOY)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    static List<HasMetadata> load(KubernetesClient client, Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return client.load(in).items();
        }
    }

    /** Applies every file (again, if it was): the objects as the API server holds them. */
    static List<HasMetadata> applyAll(KubernetesClient client) throws IOException {
        List<HasMetadata> applied = new ArrayList<>();
        for (Path file : files()) {
            for (HasMetadata item : load(client, file)) {
                applied.add(client.resource(item).createOr(existing -> existing.update()));
            }
        }
        return applied;
    }

    static Deployment director(KubernetesClient client) {
        return client.apps().deployments().inNamespace(AgonesMock.NAMESPACE).withName(DIRECTOR).get();
    }

    /**
     * The director's container of the applied Deployment as its pod would run it: its arguments and environment,
     * its mounted template written under {@code root}.
     */
    static Kubelet.Prepared directorPod(KubernetesClient client, Path root) throws IOException {
        return new Kubelet(client, AgonesMock.NAMESPACE, root, DIRECTOR_POD)
                .prepare(director(client).getSpec().getTemplate().getSpec(), "director");
    }
}
