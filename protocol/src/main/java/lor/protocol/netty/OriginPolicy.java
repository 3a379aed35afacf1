package lor.protocol.netty;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which browser origins may open a WebSocket. Browsers send {@code Origin} on every WebSocket handshake and a page
 * cannot forge it, so a request carrying an origin not in the list comes from someone else's page (cross-site
 * WebSocket hijacking, or DNS rebinding towards a local server). A request without {@code Origin} is no browser's:
 * our own clients and bots; it is allowed here, since such a client could send any origin it liked anyway.
 *
 * <p>Origins are compared in their serialised form ({@code scheme://host[:port]}): scheme and host in lower case,
 * the default port left out, as browsers send them.
 */
public final class OriginPolicy {

    /** Refuses every request that carries an origin: endpoints no browser has business with. */
    public static final OriginPolicy NO_BROWSERS = new OriginPolicy(Set.of());

    private final Set<String> allowed;

    private OriginPolicy(Set<String> allowed) {
        this.allowed = allowed;
    }

    /**
     * @param origins each {@code http://host[:port]} or {@code https://host[:port]}
     * @throws IllegalArgumentException for anything else (a path, a wildcard, {@code null})
     */
    public static OriginPolicy of(Collection<String> origins) {
        Set<String> normalised = new LinkedHashSet<>();
        for (String origin : origins) {
            normalised.add(normalise(origin));
        }
        return new OriginPolicy(Collections.unmodifiableSet(normalised));
    }

    /** Whether a request with this {@code Origin} header value (null when it has none) may proceed. */
    public boolean allows(String origin) {
        if (origin == null) {
            return true;
        }
        try {
            return allowed.contains(normalise(origin.trim()));
        } catch (IllegalArgumentException e) {
            // "null" (sandboxed pages, file:) and anything unparsable: not an origin we serve.
            return false;
        }
    }

    /** The allowed origins, normalised, in the order given. */
    public List<String> origins() {
        return List.copyOf(allowed);
    }

    /** The serialised form of an origin; throws for anything that is not one. */
    public static String normalise(String origin) {
        URI uri;
        try {
            uri = new URI(origin);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not an origin: " + origin);
        }
        String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!"http".equals(scheme) && !"https".equals(scheme) || uri.getHost() == null || uri.getRawUserInfo() != null
                || !(uri.getRawPath() == null || uri.getRawPath().isEmpty()) || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw new IllegalArgumentException("not an origin (want http[s]://host[:port]): " + origin);
        }
        int port = uri.getPort();
        boolean defaultPort = port == -1 || scheme.equals("http") && port == 80
                || scheme.equals("https") && port == 443;
        return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port);
    }
}
