package lor.director.world;

import lor.director.world.admission.JoinTarget;
import lor.director.world.process.PublishedEndpoint;

/**
 * Where players reach a world's game port: by default the host and port it is reachable at, {@code wss} once the
 * worlds serve their game ports over TLS; or the operator's template ({@code --public-game-url}), for worlds behind a
 * reverse proxy, with {@code {host}}, {@code {port}} and {@code {world}} replaced. The host and port are the
 * director's public host and the port the world registered, or, for a world that has an address of its own
 * ({@link PublishedEndpoint}, a GameServer), that address.
 */
final class GameAddresses {

    private final String publicHost;
    private volatile String scheme = "ws";
    private volatile String template;

    GameAddresses(String publicHost) {
        this.publicHost = hostForUrl(publicHost);
    }

    private static String hostForUrl(String host) {
        return host.contains(":") ? "[" + host + "]" : host;
    }

    void useTls() {
        scheme = "wss";
    }

    /**
     * @param template a URL with {@code {port}} (and maybe {@code {world}} and {@code {host}}) in it, as the
     *                 director's option checks
     */
    void useTemplate(String template) {
        this.template = template;
    }

    /**
     * Where to send a player for a spawn another director started: the address that director recorded (the world
     * may run on its host), else as for a spawn of this director's. Called with the lock held.
     */
    JoinTarget targetOf(WorldInstance w, WorldProcess p, String recordedUrl) {
        return recordedUrl == null ? targetOf(w, p)
                : new JoinTarget(w.worldId(), recordedUrl, p.signer(), !p.adopted());
    }

    /** Where to send a player for the running spawn {@code p} of {@code w}. Called with the lock held. */
    JoinTarget targetOf(WorldInstance w, WorldProcess p) {
        String t = template;
        PublishedEndpoint.Address published = p.process() instanceof PublishedEndpoint e ? e.publishedAddress() : null;
        String host = published != null ? hostForUrl(published.host()) : publicHost;
        int port = published != null ? published.port() : p.gamePort();
        String url = t == null ? scheme + "://" + host + ":" + port + "/game"
                : t.replace("{host}", host).replace("{port}", Integer.toString(port)).replace("{world}", w.worldId());
        // An adopted process may predate v2 tickets: see JoinTarget.takesNames.
        return new JoinTarget(w.worldId(), url, p.signer(), !p.adopted());
    }
}
