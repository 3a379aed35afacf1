package lor.director.world;

/**
 * Where players reach a world's game port: the director's public host, the port the world registered, and
 * {@code wss} once the worlds serve their game ports over TLS.
 */
final class GameAddresses {

    private final String publicHost;
    private volatile String scheme = "ws";

    GameAddresses(String publicHost) {
        this.publicHost = publicHost.contains(":") ? "[" + publicHost + "]" : publicHost;
    }

    void useTls() {
        scheme = "wss";
    }

    /** Where to send a player for the running spawn {@code p} of {@code w}. Called with the lock held. */
    JoinTarget targetOf(WorldInstance w, WorldProcess p) {
        return new JoinTarget(w.worldId, scheme + "://" + publicHost + ":" + p.gamePort + "/game", p.signer);
    }
}
