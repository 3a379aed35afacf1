package lor.director.kubernetes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarSource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.KeyToPath;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

/**
 * What a kubelet makes of a container before it runs it, for tests that run the container's process on this machine:
 * its environment as Kubernetes builds it (values, the pod's fields, Secret and ConfigMap keys, {@code envFrom},
 * {@code $(VAR)} references), its mounted ConfigMaps and Secrets written as files, and its arguments. There is no
 * container filesystem here, so every mount lands under a directory of the test's, and arguments and variables
 * naming a path under a mount are moved there with it.
 */
final class Kubelet {

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
    private static final Pattern REFERENCE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

    private final KubernetesClient client;
    private final String namespace;
    private final Path root;
    private final Map<String, String> podFields;

    /**
     * @param client    where the ConfigMaps and Secrets the container names are read
     * @param root      the directory the container's mounts are written under
     * @param podFields the pod's fields its {@code fieldRef}s may name, e.g. {@code status.podIP}
     */
    Kubelet(KubernetesClient client, String namespace, Path root, Map<String, String> podFields) {
        this.client = client;
        this.namespace = namespace;
        this.root = root;
        this.podFields = podFields;
    }

    /** A container's process as the kubelet would start it: its arguments (after the entrypoint) and environment. */
    record Prepared(List<String> args, Map<String, String> env) {
    }

    /** The container {@code name} of a GameServer's pod. */
    Prepared prepare(GenericKubernetesResource gameServer, String name) throws IOException {
        Map<String, Object> template = gameServer.get("spec", "template");
        return prepare(SERIALIZATION.convertValue(template, PodTemplateSpec.class).getSpec(), name);
    }

    /** The container {@code name} of a pod: its mounts are written, its environment and arguments resolved. */
    Prepared prepare(PodSpec pod, String name) throws IOException {
        Container container = pod.getContainers().stream().filter(c -> c.getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no container " + name));
        Map<String, String> moved = new LinkedHashMap<>();
        for (VolumeMount mount : container.getVolumeMounts()) {
            Volume volume = pod.getVolumes().stream().filter(v -> v.getName().equals(mount.getName())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no volume " + mount.getName()));
            Path directory = root.resolve(mount.getMountPath().substring(1));
            write(volume, directory);
            moved.put(mount.getMountPath(), directory.toString());
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (EnvFromSource from : container.getEnvFrom()) {
            env.putAll(from.getSecretRef() != null ? secretData(from.getSecretRef().getName())
                    : configMap(from.getConfigMapRef().getName()).getData());
        }
        for (EnvVar variable : container.getEnv()) {
            env.put(variable.getName(), moved(moved, variable.getValueFrom() == null
                    ? expand(variable.getValue(), env) : valueOf(variable.getValueFrom())));
        }
        List<String> args = new ArrayList<>();
        for (String arg : container.getArgs()) {
            args.add(moved(moved, expand(arg, env)));
        }
        return new Prepared(List.copyOf(args), Map.copyOf(env));
    }

    private String valueOf(EnvVarSource source) {
        if (source.getFieldRef() != null) {
            String value = podFields.get(source.getFieldRef().getFieldPath());
            if (value == null) {
                throw new IllegalArgumentException("no pod field " + source.getFieldRef().getFieldPath());
            }
            return value;
        }
        if (source.getSecretKeyRef() != null) {
            return secretData(source.getSecretKeyRef().getName()).get(source.getSecretKeyRef().getKey());
        }
        return configMap(source.getConfigMapKeyRef().getName()).getData().get(source.getConfigMapKeyRef().getKey());
    }

    /** {@code $(NAME)} of a variable defined earlier becomes its value; any other is left as it is. */
    private static String expand(String value, Map<String, String> env) {
        Matcher m = REFERENCE.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String defined = env.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(defined == null ? m.group() : defined));
        }
        return m.appendTail(out).toString();
    }

    /** A path under a mount, moved where the mount was written. */
    private static String moved(Map<String, String> mounts, String value) {
        for (Map.Entry<String, String> mount : mounts.entrySet()) {
            if (value.equals(mount.getKey()) || value.startsWith(mount.getKey() + "/")) {
                return mount.getValue() + value.substring(mount.getKey().length());
            }
        }
        return value;
    }

    private void write(Volume volume, Path directory) throws IOException {
        Map<String, String> data;
        List<KeyToPath> items;
        if (volume.getSecret() != null) {
            data = secretData(volume.getSecret().getSecretName());
            items = volume.getSecret().getItems();
        } else if (volume.getConfigMap() != null) {
            data = configMap(volume.getConfigMap().getName()).getData();
            items = volume.getConfigMap().getItems();
        } else {
            throw new IllegalArgumentException("volume " + volume.getName() + ": only Secrets and ConfigMaps here");
        }
        Files.createDirectories(directory);
        if (items == null || items.isEmpty()) {
            for (Map.Entry<String, String> entry : data.entrySet()) {
                Files.writeString(directory.resolve(entry.getKey()), entry.getValue());
            }
        } else {
            for (KeyToPath item : items) {
                String value = data.get(item.getKey());
                if (value == null) {
                    // The kubelet would not start the pod.
                    throw new IllegalArgumentException("volume " + volume.getName() + ": no key " + item.getKey());
                }
                Files.writeString(directory.resolve(item.getPath()), value);
            }
        }
    }

    private ConfigMap configMap(String name) {
        ConfigMap map = client.configMaps().inNamespace(namespace).withName(name).get();
        if (map == null) {
            throw new IllegalArgumentException("no ConfigMap " + name);
        }
        return map;
    }

    /** A Secret's values, decoded: what the container sees. */
    private Map<String, String> secretData(String name) {
        Secret secret = client.secrets().inNamespace(namespace).withName(name).get();
        if (secret == null) {
            throw new IllegalArgumentException("no Secret " + name);
        }
        Map<String, String> values = new LinkedHashMap<>();
        if (secret.getStringData() != null) {
            values.putAll(secret.getStringData());
        }
        if (secret.getData() != null) {
            secret.getData().forEach((key, value) ->
                    values.put(key, new String(Base64.getDecoder().decode(value), StandardCharsets.UTF_8)));
        }
        return values;
    }
}
