package lor.world.agones;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;

/**
 * Where the Agones SDK sidecar of this game server listens, and how often the world tells it that it is healthy.
 *
 * @param sdkUrl           the sidecar's REST gateway, {@code http://HOST:PORT/}
 * @param healthIntervalMs time between two health pings
 */
public record AgonesConfig(URI sdkUrl, long healthIntervalMs) {

    /** Set by Agones in every game server container: the port of the sidecar's REST gateway. */
    public static final String ENV_HTTP_PORT = "AGONES_SDK_HTTP_PORT";

    /** Agones' default {@code sdkServer.httpPort}, for a sidecar run by hand ({@code sdk-server --local}). */
    public static final int DEFAULT_HTTP_PORT = 9358;

    /** The sidecar listens on the pod's loopback interface only. */
    public static final String DEFAULT_HOST = "localhost";

    /**
     * Agones counts a failed health check for every {@code spec.health.periodSeconds} (default 5 s) without a ping,
     * and marks the game server Unhealthy after {@code failureThreshold} (default 3) in a row. A ping every 2 s keeps
     * one in every period even when one ping is lost or late.
     */
    public static final long DEFAULT_HEALTH_INTERVAL_MS = 2_000;

    /**
     * @param host the sidecar's host ({@link #DEFAULT_HOST} but in tests)
     * @param env  the process environment: the port is {@link #ENV_HTTP_PORT}, {@link #DEFAULT_HTTP_PORT} unset
     * @throws IllegalArgumentException when the port is not a port number or the host not a host name
     */
    public static AgonesConfig of(String host, Map<String, String> env, long healthIntervalMs) {
        String value = env.get(ENV_HTTP_PORT);
        int port = DEFAULT_HTTP_PORT;
        if (value != null && !value.isBlank()) {
            try {
                port = Integer.parseInt(value.trim());
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException(ENV_HTTP_PORT + " must be a port number (1-65535), not " + value);
            }
        }
        try {
            return new AgonesConfig(new URI("http", null, host, port, "/", null, null), healthIntervalMs);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--agones-sdk-host: not a host name: " + host);
        }
    }

    /**
     * The part of a process environment {@link #of} reads: what a warm spare hands on to the world it becomes,
     * without the rest of its environment.
     */
    public static Map<String, String> environment(Map<String, String> env) {
        String port = env.get(ENV_HTTP_PORT);
        return port == null ? Map.of() : Map.of(ENV_HTTP_PORT, port);
    }
}
