package lor.director.world.process;

/**
 * A world process that players reach at an address of its own rather than at the director's public host: a
 * GameServer on Kubernetes, exposed on its node's address and a host port that Agones allocated.
 */
public interface PublishedEndpoint {

    /** Where players connect, host and port; null while not known yet. */
    Address publishedAddress();

    record Address(String host, int port) {
    }
}
