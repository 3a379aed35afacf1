package lor.director.kubernetes;

import java.nio.file.Path;

/**
 * Where and how world processes run on Kubernetes: the namespace of their GameServers, the world-server image, the
 * address at which they reach the director's {@code /control} (a Service's, from inside the cluster), the
 * operator's GameServer template file, if any ({@code --agones-template}; the container port players are served
 * on is named there), and the Secret holding the certificate and key worlds serve {@code wss} with, if any
 * ({@code --agones-tls-secret}).
 */
public record AgonesSettings(String namespace, String image, String controlUrl, Path template, String tlsSecret) {

    /** The world server's game port inside its container, unless the template names another. */
    public static final int DEFAULT_CONTAINER_PORT = 7654;

    public AgonesSettings {
        if (namespace == null || namespace.isBlank()) {
            throw new IllegalArgumentException("a namespace is needed for the GameServers");
        }
        if (image == null || image.isBlank()) {
            throw new IllegalArgumentException("--agones-image is needed: the world-server image to run");
        }
        if (controlUrl == null || !(controlUrl.startsWith("ws://") || controlUrl.startsWith("wss://"))) {
            throw new IllegalArgumentException("--agones-control-url is needed: the ws:// address of the director's "
                    + "/control as worlds in the cluster reach it, e.g. ws://lor-director:8080/control");
        }
        if (tlsSecret != null && !WorldTlsSecret.isSecretName(tlsSecret)) {
            throw new IllegalArgumentException("--agones-tls-secret must name a Secret (a Kubernetes name: "
                    + "lower-case letters, digits, '-' and '.'), got " + tlsSecret);
        }
    }

    /** Worlds that serve plain {@code ws}. */
    public AgonesSettings(String namespace, String image, String controlUrl, Path template) {
        this(namespace, image, controlUrl, template, null);
    }

    /** Whether worlds serve their game port over TLS, with the certificate of {@link #tlsSecret}. */
    public boolean tls() {
        return tlsSecret != null;
    }
}
