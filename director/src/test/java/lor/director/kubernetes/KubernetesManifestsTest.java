package lor.director.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.RollingUpdateDeployment;
import io.fabric8.kubernetes.api.model.rbac.Role;
import lor.director.DirectorConfig;
import lor.director.world.WorldSettings;
import lor.director.world.process.WorldArguments;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What an operator applies ({@code deploy/kubernetes/}) parses, holds no field Kubernetes does not know (a typo fails
 * the build), applies to the mock API server with the Agones CRDs registered, runs directors that a rollout does not
 * take the worlds from, and makes a world's GameServer through its template, serving wss with the TLS Secret.
 */
class KubernetesManifestsTest {

    private static AgonesMock agones;
    /** What applying every file made, as the API server holds it. */
    private static List<HasMetadata> applied;
    /** The director's container as its pod would run it. */
    private static Kubelet.Prepared directorPod;

    @BeforeAll
    static void startMock(@TempDir Path root) throws Exception {
        agones = new AgonesMock();
        applied = Manifests.applyAll(agones.client);
        directorPod = Manifests.directorPod(agones.client, root);
    }

    @AfterAll
    static void stopMock() {
        agones.close();
    }

    @Test
    void everyManifestParsesWithoutUnknownFieldsAndApplies() throws Exception {
        for (Path file : Manifests.files()) {
            List<HasMetadata> items = Manifests.load(agones.client, file);
            assertThat(items).as(file.toString()).isNotEmpty();
            for (HasMetadata item : items) {
                assertThat(unknownFields(item, item.getKind())).as("unknown fields in %s", file).isEmpty();
            }
        }

        assertThat(applied).extracting(HasMetadata::getKind).contains("Namespace", "Secret", "ServiceAccount", "Role",
                "RoleBinding", "ConfigMap", "Deployment", "Service");
        Deployment director = Manifests.director(agones.client);
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
    void theDirectorsLeaveTheirWorldsPlayingWhenKubernetesStopsThem() {
        DirectorConfig config = directorConfig(directorPod.args());

        assertThat(config.agones()).as("worlds are GameServers").isNotNull();
        assertThat(config.stopsGameServersOnStop()).as("a rollout sends every director SIGTERM: %s would stop the "
                + "worlds it runs (add --on-stop leave-worlds)", config).isFalse();
        // Another director must be there, and known to the worlds, when one stops: none stops before its successor
        // has served for longer than the directors take to tell their worlds of it (2 s).
        Deployment director = Manifests.director(agones.client);
        RollingUpdateDeployment rollout = director.getSpec().getStrategy().getRollingUpdate();
        assertThat(rollout.getMaxUnavailable().getIntVal()).as("maxUnavailable").isZero();
        assertThat(rollout.getMaxSurge().getIntVal()).as("maxSurge").isPositive();
        assertThat(director.getSpec().getMinReadySeconds()).as("minReadySeconds").isGreaterThan(2);
    }

    /** The check above, on the Deployment's arguments changed as an operator might: parsed as the director would. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("onStopArguments")
    void theCheckReadsTheArgumentsAsTheDirectorDoes(String change, UnaryOperator<List<String>> edit,
                                                    boolean stopsWorlds) {
        assertThat(directorConfig(edit.apply(new ArrayList<>(directorPod.args()))).stopsGameServersOnStop())
                .as(change).isEqualTo(stopsWorlds);
    }

    static Stream<Arguments> onStopArguments() {
        return Stream.of(
                Arguments.of("as shipped", edit(args -> { }), false),
                Arguments.of("without --on-stop", edit(KubernetesManifestsTest::withoutOnStop), true),
                Arguments.of("--on-stop=stop-worlds", edit(args -> {
                    withoutOnStop(args);
                    args.add("--on-stop=stop-worlds");
                }), true),
                Arguments.of("--on-stop=leave-worlds", edit(args -> {
                    withoutOnStop(args);
                    args.add("--on-stop=leave-worlds");
                }), false),
                Arguments.of("a later --on-stop stop-worlds wins", edit(args -> args.addAll(
                        List.of("--on-stop", "stop-worlds"))), true));
    }

    private static UnaryOperator<List<String>> edit(Consumer<List<String>> change) {
        return args -> {
            change.accept(args);
            return args;
        };
    }

    private static void withoutOnStop(List<String> args) {
        int at = args.indexOf("--on-stop");
        assertThat(at).as("the shipped arguments name --on-stop").isNotNegative();
        args.subList(at, at + 2).clear();
    }

    @Test
    void theWorldTemplateMakesAWorldsGameServerThatServesWssWithTheTlsSecret() throws Exception {
        AgonesSettings settings = directorConfig(directorPod.args()).agones();
        agones.createTlsSecret(settings.tlsSecret(), AgonesMock.TEST_CERT, AgonesMock.TEST_KEY);
        AgonesLauncher launcher = new AgonesLauncher(agones.client, settings, new WorldArguments(
                settings::controlUrl, "0.0.0.0", AgonesLauncher.containerPort(settings), 30_000, 65_536, List::of));

        Process world = launcher.launch("meadow", new WorldSettings("meadow", 0, 24), "token-0123456789abcdef",
                "secret-0123456789abcdef");

        GenericKubernetesResource gs = agones.gameServers().stream()
                .filter(g -> "meadow".equals(g.getMetadata().getLabels().get(AgonesLauncher.WORLD_LABEL)))
                .findFirst().orElseThrow();
        Map<String, Object> container = gs.<List<Map<String, Object>>>get("spec", "template", "spec", "containers")
                .get(0);
        assertThat(container.get("image")).isEqualTo("lor/world-server:0.1.0");
        assertThat(container.get("resources")).as("the operator's resources kept").isNotNull();
        assertThat((List<String>) container.get("args")).containsSequence("--game-port", "7654")
                .containsSequence("--tls-cert", "/etc/lor/tls/tls.crt", "--tls-key", "/etc/lor/tls/tls.key");
        assertThat(gs.<List<Map<String, Object>>>get("spec", "template", "spec", "volumes")).singleElement()
                .satisfies(volume -> assertThat(volume.get("secret")).asString()
                        .contains("secretName=" + settings.tlsSecret()));
        assertThat(gs.<Object>get("spec", "health", "periodSeconds")).isEqualTo(5);
        world.destroyForcibly();
        agones.client.secrets().inNamespace(AgonesMock.NAMESPACE).withName(settings.tlsSecret()).delete();
    }

    /**
     * The director's configuration from its pod's environment and these arguments, as {@code DirectorMain} parses
     * them: the checks see what the director would do, whatever form the options take.
     */
    private static DirectorConfig directorConfig(List<String> args) {
        return DirectorConfig.parse(args.toArray(String[]::new), directorPod.env());
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
