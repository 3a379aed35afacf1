package lor.protocol.netty;

import java.util.ArrayList;
import java.util.List;

/**
 * The limits a listening port puts on who may connect and how: connections per remote address (open at once, new
 * per second), the handshake timeout, and the browser origins its WebSocket endpoint accepts. The director holds its
 * own and hands the same to every world it starts, on the world's command line.
 */
public record NetworkGuards(int maxConnectionsPerAddress, int maxNewConnectionsPerSecond, long handshakeTimeoutMs,
                            List<String> allowedOrigins) {

    /**
     * Far above one honest address: our load test holds 2,000 bots from 127.0.0.1, each with one connection to the
     * director and one to its world; a NAT may hide many players behind one address.
     */
    public static final int DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 4096;
    /**
     * The load test joins 20 bots at a time, measured at about 65 joins a second on the 2-core reference machine
     * (one new connection each on the director and on the world): three times that, with a burst of twice it.
     */
    public static final int DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND = 200;

    public static final String MAX_CONNECTIONS_OPTION = "--max-connections-per-address";
    public static final String MAX_NEW_CONNECTIONS_OPTION = "--max-new-connections-per-second";
    public static final String HANDSHAKE_TIMEOUT_OPTION = "--handshake-timeout-ms";
    public static final String ALLOWED_ORIGINS_OPTION = "--allowed-origins";

    public NetworkGuards {
        if (maxConnectionsPerAddress < 0 || maxNewConnectionsPerSecond < 0) {
            throw new IllegalArgumentException("connection limits must not be negative");
        }
        if (handshakeTimeoutMs <= 0) {
            throw new IllegalArgumentException("the handshake timeout must be positive");
        }
        allowedOrigins = OriginPolicy.of(allowedOrigins).origins();
    }

    /** The defaults, with no browser origin allowed. */
    public static NetworkGuards defaults() {
        return new NetworkGuards(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND,
                HttpDeadlines.DEFAULT_HANDSHAKE_TIMEOUT_MS, List.of());
    }

    /** A throttle for one listening port. */
    public ConnectionThrottle throttle(String portName) {
        return new ConnectionThrottle(portName, maxConnectionsPerAddress, maxNewConnectionsPerSecond);
    }

    public OriginPolicy originPolicy() {
        return OriginPolicy.of(allowedOrigins);
    }

    public HttpDeadlines deadlines() {
        return new HttpDeadlines(handshakeTimeoutMs,
                Math.max(handshakeTimeoutMs, HttpDeadlines.DEFAULT_IDLE_TIMEOUT_MS));
    }

    /** These guards as command-line options, in the form {@link #parseOrigins} and the limits' parsers read. */
    public List<String> arguments() {
        List<String> args = new ArrayList<>();
        args.addAll(List.of(MAX_CONNECTIONS_OPTION, Integer.toString(maxConnectionsPerAddress),
                MAX_NEW_CONNECTIONS_OPTION, Integer.toString(maxNewConnectionsPerSecond),
                HANDSHAKE_TIMEOUT_OPTION, Long.toString(handshakeTimeoutMs),
                ALLOWED_ORIGINS_OPTION, String.join(",", allowedOrigins)));
        return args;
    }

    /** {@code a,b,…} (blank: none), each validated and normalised. */
    public static List<String> parseOrigins(String value) {
        List<String> origins = new ArrayList<>();
        for (String part : value.split(",")) {
            if (!part.isBlank()) {
                origins.add(OriginPolicy.normalise(part.trim()));
            }
        }
        return origins;
    }
}
