package lor.director.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.Role;
import lor.director.world.WorldArguments;
import lor.director.world.WorldSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an operator applies ({@code deploy/kubernetes/}) parses, holds no field Kubernetes does not know (a typo fails
 * the build), applies to the mock API server with the Agones CRDs registered, and makes a world's GameServer through
 * its template.
 */
class KubernetesManifestsTest {

    private static final Path DEPLOY = Path.of("..", "deploy", "kubernetes");
    private static AgonesMock agones;

    @BeforeAll
    static void startMock() throws Exception {
        agones = new AgonesMock();
    }

    @AfterAll
    static void stopMock() {
        agones.close();
    }

    @Test
    void everyManifestParsesWithoutUnknownFieldsAndApplies() throws Exception {
        List<HasMetadata> applied = new ArrayList<>();
        for (Path file : manifests()) {
            try (InputStream in = Files.newInputStream(file)) {
                List<HasMetadata> items = agones.client.load(in).items();
                assertThat(items).as(file.toString()).isNotEmpty();
                for (HasMetadata item : items) {
                    assertThat(unknownFields(item, item.getKind())).as("unknown fields in %s", file).isEmpty();
                    applied.add(agones.client.resource(item).createOr(existing -> existing.update()));
                }
            }
        }

        assertThat(applied).extracting(HasMetadata::getKind).contains("Namespace", "Secret", "ServiceAccount", "Role",
                "RoleBinding", "ConfigMap", "Deployment", "Service");
        Deployment director = agones.client.apps().deployments().inNamespace("lor").withName("lor-director").get();
        assertThat(director.getSpec().getTemplate().getSpec().getServiceAccountName()).isEqualTo("lor-director");
        assertThat(director.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
                .containsSequence("--launcher", "agones");
        Role role = agones.client.rbac().roles().inNamespace("lor").withName("lor-director").get();
        assertThat(role.getRules()).anySatisfy(rule -> {
            assertThat(rule.getApiGroups()).contains("agones.dev");
            assertThat(rule.getResources()).contains("gameservers");
            assertThat(rule.getVerbs()).contains("create", "watch", "delete");
        });
    }

    @Test
    void theWorldTemplateMakesAWorldsGameServer(@TempDir Path dir) throws Exception {
        ConfigMap map = (ConfigMap) load(DEPLOY.resolve("world-gameserver.yaml")).get(0);
        Path template = Files.writeString(dir.resolve("gameserver.yaml"), map.getData().get("gameserver.yaml"));
        AgonesSettings settings = new AgonesSettings(AgonesMock.NAMESPACE, "lor/world-server:test",
                "ws://lor-director-control:8080/control", template);
        AgonesLauncher launcher = new AgonesLauncher(agones.client, settings, new WorldArguments(
                settings::controlUrl, "0.0.0.0", AgonesLauncher.containerPort(settings), 30_000, 65_536, List::of));

        Process world = launcher.launch("meadow", new WorldSettings("meadow", 0, 24), "token-0123456789abcdef",
                "secret-0123456789abcdef");

        GenericKubernetesResource gs = agones.gameServers().stream()
                .filter(g -> "meadow".equals(g.getMetadata().getLabels().get("lor.io/world"))).findFirst().orElseThrow();
        Map<String, Object> container = gs.<List<Map<String, Object>>>get("spec", "template", "spec", "containers")
                .get(0);
        assertThat(container.get("image")).isEqualTo("lor/world-server:test");
        assertThat(container.get("resources")).as("the operator's resources kept").isNotNull();
        assertThat((List<String>) container.get("args")).containsSequence("--game-port", "7654");
        assertThat(gs.<Object>get("spec", "health", "periodSeconds")).isEqualTo(5);
        world.destroyForcibly();
    }

    private static List<Path> manifests() throws IOException {
        try (Stream<Path> files = Files.list(DEPLOY)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    private static List<HasMetadata> load(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return agones.client.load(in).items();
        }
    }

    /**
     * Fields a Kubernetes model class did not recognise, which fabric8 keeps aside as "additional properties": in
     * Kubernetes's own kinds a misspelt field lands there instead of failing.
     */
    private static List<String> unknownFields(Object node, String path) throws Exception {
        List<String> unknown = new ArrayList<>();
        if (node == null || node instanceof GenericKubernetesResource
                || !node.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return unknown;
        }
        for (Method getter : node.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || !getter.getName().startsWith("get")
                    || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            Object value = getter.invoke(node);
            String child = path + "." + getter.getName().substring(3);
            if (getter.getName().equals("getAdditionalProperties") && value instanceof Map<?, ?> extra) {
                extra.keySet().forEach(key -> unknown.add(path + "." + key));
            } else if (value instanceof Collection<?> items) {
                for (Object item : items) {
                    unknown.addAll(unknownFields(item, child));
                }
            } else if (value instanceof Map<?, ?> entries) {
                for (Object item : entries.values()) {
                    unknown.addAll(unknownFields(item, child));
                }
            } else {
                unknown.addAll(unknownFields(value, child));
            }
        }
        return unknown;
    }
}
