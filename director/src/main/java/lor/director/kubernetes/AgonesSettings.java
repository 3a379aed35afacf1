package lor.director.kubernetes;

/**
 * Where and how world processes run on Kubernetes: the namespace of their GameServers, the world-server image, the
 * address at which they reach the director's {@code /control} (a Service's, from inside the cluster), and the
 * container port they serve players on (Agones maps a host port of the node to it).
 */
public record AgonesSettings(String namespace, String image, String controlUrl, int containerPort) {

    /** The world server's game port inside its container. */
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
        if (containerPort < 1 || containerPort > 65535) {
            throw new IllegalArgumentException("the container port must be 1..65535, got " + containerPort);
        }
    }
}
