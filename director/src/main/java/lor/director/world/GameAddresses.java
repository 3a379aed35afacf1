package lor.director.world;

/**
 * Where players reach a world's game port: by default the director's public host and the port the world registered,
 * {@code wss} once the worlds serve their game ports over TLS; or the operator's template
 * ({@code --public-game-url}), for worlds behind a reverse proxy, with {@code {port}} and {@code {world}} replaced.
 */
final class GameAddresses {

    private final String publicHost;
    private volatile String scheme = "ws";
    private volatile String template;

    GameAddresses(String publicHost) {
        this.publicHost = publicHost.contains(":") ? "[" + publicHost + "]" : publicHost;
    }

    void useTls() {
        scheme = "wss";
    }

    /** @param template a URL with {@code {port}} (and maybe {@code {world}}) in it, as the director's option checks */
    void useTemplate(String template) {
        this.template = template;
    }

    /** Where to send a player for the running spawn {@code p} of {@code w}. Called with the lock held. */
    JoinTarget targetOf(WorldInstance w, WorldProcess p) {
        String t = template;
        String url = t != null
                ? t.replace("{port}", Integer.toString(p.gamePort)).replace("{world}", w.worldId)
                : scheme + "://" + publicHost + ":" + p.gamePort + "/game";
        return new JoinTarget(w.worldId, url, p.signer);
    }
}
