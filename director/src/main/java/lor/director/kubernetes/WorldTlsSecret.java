package lor.director.kubernetes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * The certificate and key worlds on Kubernetes serve {@code wss} with ({@code --agones-tls-secret}): a Secret of the
 * GameServers' namespace holding {@code tls.crt} (the PEM chain) and {@code tls.key} (its unencrypted PKCS#8 key),
 * as {@code kubectl create secret tls} makes it. Every world's (and spare's) GameServer mounts it read-only at
 * {@link #MOUNT_PATH} and the world server is given the two files, as {@code --tls-cert} gives them to a local one.
 */
final class WorldTlsSecret {

    static final String MOUNT_PATH = "/etc/lor/tls";
    static final String VOLUME = "lor-world-tls";
    static final String CERT_KEY = "tls.crt";
    static final String KEY_KEY = "tls.key";
    private static final String PKCS8_HEADER = "-----BEGIN PRIVATE KEY-----";
    /** A DNS-1123 subdomain: what Kubernetes accepts as a Secret's name. */
    private static final Pattern NAME = Pattern.compile(
            "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private final String name;

    WorldTlsSecret(String name) {
        this.name = name;
    }

    static boolean isSecretName(String name) {
        return name.length() <= 253 && NAME.matcher(name).matches();
    }

    /** The world server's options naming the mounted files. */
    List<String> arguments() {
        return List.of("--tls-cert", MOUNT_PATH + "/" + CERT_KEY, "--tls-key", MOUNT_PATH + "/" + KEY_KEY);
    }

    /** Adds the Secret's volume to a GameServer's pod spec and its read-only mount to the world's container. */
    void mount(Map<String, Object> podSpec, Map<String, Object> container) {
        List<Object> volumes = new ArrayList<>();
        if (podSpec.get("volumes") instanceof List<?> existing) {
            volumes.addAll(existing);
        }
        volumes.add(Map.of("name", VOLUME, "secret", Map.of("secretName", name, "items", List.of(
                Map.of("key", CERT_KEY, "path", CERT_KEY), Map.of("key", KEY_KEY, "path", KEY_KEY)))));
        podSpec.put("volumes", volumes);
        List<Object> mounts = new ArrayList<>();
        if (container.get("volumeMounts") instanceof List<?> existing) {
            mounts.addAll(existing);
        }
        mounts.add(Map.of("name", VOLUME, "mountPath", MOUNT_PATH, "readOnly", true));
        container.put("volumeMounts", mounts);
    }

    /**
     * Checks, before a GameServer is made, that the Secret is there with a certificate and a key the world server
     * can read: otherwise the pod would wait for the Secret, or the world exit at start, and the join would learn
     * only at the spawn timeout. Never quotes the key.
     *
     * @throws IOException saying what is missing and how to make it
     */
    void check(KubernetesClient client, String namespace) throws IOException {
        Secret secret;
        try {
            secret = client.secrets().inNamespace(namespace).withName(name).get();
        } catch (KubernetesClientException e) {
            throw new IOException("cannot read Secret " + namespace + "/" + name + " (--agones-tls-secret): HTTP "
                    + e.getCode(), e);
        }
        if (secret == null) {
            throw new IOException("no Secret " + namespace + "/" + name + " (--agones-tls-secret) for the worlds' "
                    + "certificate: make it with kubectl -n " + namespace + " create secret tls " + name
                    + " --cert=CHAIN.pem --key=KEY.pem");
        }
        String certificate = value(secret, CERT_KEY);
        String key = value(secret, KEY_KEY);
        if (certificate == null || key == null) {
            throw new IOException("Secret " + namespace + "/" + name + " (--agones-tls-secret) needs both "
                    + CERT_KEY + " and " + KEY_KEY);
        }
        if (!key.strip().startsWith(PKCS8_HEADER)) {
            throw new IOException("the " + KEY_KEY + " of Secret " + namespace + "/" + name + " is not an unencrypted "
                    + "PKCS#8 PEM key (" + PKCS8_HEADER + "), which the world server needs: convert it with "
                    + "openssl pkcs8 -topk8 -nocrypt");
        }
    }

    private static String value(Secret secret, String key) {
        if (secret.getData() != null && secret.getData().get(key) != null) {
            try {
                return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return secret.getStringData() == null ? null : secret.getStringData().get(key);
    }
}
