package lor.director.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/**
 * The shape of every world's GameServer: the operator's file ({@code --agones-template}, e.g.
 * {@code deploy/kubernetes/world-gameserver.yaml}: health, resources, scheduling) or a built-in one. Each spawn
 * gets a copy with its name and labels, and the container {@code world-server} given the image, the world's
 * arguments and its secrets as environment variables read from a Secret.
 */
final class GameServerTemplate {

    static final String CONTAINER = "world-server";
    private static final KubernetesSerialization YAML = new KubernetesSerialization();

    private final GenericKubernetesResource template;

    private GameServerTemplate(GenericKubernetesResource template) {
        this.template = template;
    }

    /** The built-in shape: a dynamic host port for {@code containerPort}, health every 5 s, no resource limits. */
    static GameServerTemplate builtIn(int containerPort) {
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("ports", List.of(Map.of("name", AgonesLauncher.GAME_PORT_NAME, "portPolicy", "Dynamic",
                "containerPort", containerPort, "protocol", "TCP")));
        // The world beats while its tick runs (the world server's Agones support); three missed = unhealthy.
        spec.put("health", Map.of("initialDelaySeconds", 30, "periodSeconds", 5, "failureThreshold", 3));
        // Time for a world sent SIGTERM to have its final snapshot acknowledged (30 s at most) and say Shutdown.
        spec.put("template", Map.of("spec", Map.of("terminationGracePeriodSeconds", 45,
                "containers", List.of(Map.of("name", CONTAINER)))));
        GenericKubernetesResource gs = new GenericKubernetesResource();
        gs.setApiVersion("agones.dev/v1");
        gs.setKind("GameServer");
        gs.setAdditionalProperty("spec", spec);
        return new GameServerTemplate(gs);
    }

    /**
     * Reads and checks an operator's template.
     *
     * @throws IllegalArgumentException naming the file and what is wrong
     */
    static GameServerTemplate read(Path file) {
        GenericKubernetesResource gs;
        try (InputStream in = Files.newInputStream(file)) {
            Object parsed = YAML.unmarshal(in);
            if (!(parsed instanceof GenericKubernetesResource resource)) {
                throw new IllegalArgumentException(file + ": not a GameServer (agones.dev/v1)");
            }
            gs = resource;
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read it: " + e.getMessage());
        } catch (RuntimeException e) {
            if (e instanceof IllegalArgumentException) {
                throw e;
            }
            throw new IllegalArgumentException(file + ": not YAML a GameServer can be read from: " + e.getMessage());
        }
        if (!"agones.dev/v1".equals(gs.getApiVersion()) || !"GameServer".equals(gs.getKind())) {
            throw new IllegalArgumentException(file + ": apiVersion must be agones.dev/v1 and kind GameServer, got "
                    + gs.getApiVersion() + " " + gs.getKind());
        }
        GameServerTemplate template = new GameServerTemplate(gs);
        String problem = template.problem();
        if (problem != null) {
            throw new IllegalArgumentException(file + ": " + problem);
        }
        return template;
    }

    /** What keeps this template from making a world's GameServer, or null. */
    private String problem() {
        List<Map<String, Object>> ports = template.get("spec", "ports");
        if (ports == null || ports.stream().noneMatch(p -> AgonesLauncher.GAME_PORT_NAME.equals(p.get("name")))) {
            return "spec.ports needs a port named \"" + AgonesLauncher.GAME_PORT_NAME + "\" (the world's game port)";
        }
        List<Map<String, Object>> containers = template.get("spec", "template", "spec", "containers");
        if (containers == null || containers.stream().noneMatch(c -> CONTAINER.equals(c.get("name")))) {
            return "spec.template.spec.containers needs a container named \"" + CONTAINER + "\"";
        }
        return null;
    }

    /** The port the world serves players on inside its container. */
    int containerPort() {
        List<Map<String, Object>> ports = template.get("spec", "ports");
        return ports.stream().filter(p -> AgonesLauncher.GAME_PORT_NAME.equals(p.get("name")))
                .map(p -> p.get("containerPort")).filter(Number.class::isInstance)
                .map(n -> ((Number) n).intValue()).findFirst().orElse(AgonesSettings.DEFAULT_CONTAINER_PORT);
    }

    /**
     * A world's (or spare's) GameServer.
     *
     * @param env the container's variables read from the spawn's Secret: variable name → key in the Secret
     * @param tls the Secret of the certificate the world serves {@code wss} with, mounted into its container; null
     *            for plain {@code ws}
     */
    GenericKubernetesResource make(ObjectMeta meta, String image, List<String> args, String secretName,
                                   Map<String, String> env, WorldTlsSecret tls) {
        GenericKubernetesResource gs = YAML.clone(template);
        gs.setMetadata(meta);
        Map<String, Object> podTemplate = gs.get("spec", "template");
        Map<String, Object> podMeta = new LinkedHashMap<>();
        if (podTemplate.get("metadata") instanceof Map<?, ?> existing) {
            existing.forEach((k, v) -> podMeta.put(String.valueOf(k), v));
        }
        Map<String, Object> labels = new LinkedHashMap<>();
        if (podMeta.get("labels") instanceof Map<?, ?> existing) {
            existing.forEach((k, v) -> labels.put(String.valueOf(k), v));
        }
        labels.putAll(meta.getLabels());
        podMeta.put("labels", labels);
        podTemplate.put("metadata", podMeta);
        List<Map<String, Object>> containers = gs.get("spec", "template", "spec", "containers");
        for (Map<String, Object> container : containers) {
            if (CONTAINER.equals(container.get("name"))) {
                container.put("image", image);
                container.put("args", args);
                List<Object> variables = new ArrayList<>();
                if (container.get("env") instanceof List<?> existing) {
                    variables.addAll(existing);
                }
                env.forEach((name, key) -> variables.add(Map.of("name", name, "valueFrom",
                        Map.of("secretKeyRef", Map.of("name", secretName, "key", key)))));
                container.put("env", variables);
                if (tls != null) {
                    tls.mount(gs.get("spec", "template", "spec"), container);
                }
            }
        }
        return gs;
    }
}
