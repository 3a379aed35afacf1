package lor.protocol;

/** Sizes that every endpoint enforces the same way. */
public final class Limits {

    /** The largest client frame, after reassembling fragments; anything larger closes with status 1009. */
    public static final int MAX_CLIENT_FRAME_BYTES = 64 * 1024;

    /** Longest accepted string field (usernames, passwords, tokens, tickets) in any client message. */
    public static final int MAX_STRING_CHARS = 4096;

    /** WebSocket close status of a connection that ends as it should (RFC 6455 "normal closure"). */
    public static final int CLOSE_NORMAL = 1000;

    /** WebSocket close status for an oversized message (RFC 6455 "message too big"). */
    public static final int CLOSE_TOO_BIG = 1009;

    /** WebSocket close status for a policy violation (RFC 6455). */
    public static final int CLOSE_POLICY = 1008;

    /** WebSocket close status when the peer stopped answering pings (RFC 6455 "going away"). */
    public static final int CLOSE_GOING_AWAY = 1001;

    /**
     * WebSocket close status of a game connection whose account connected again (a second login, or a join to
     * another world): an application code (4000-4999), so that a client tells it from every other close.
     */
    public static final int CLOSE_REPLACED = 4001;

    private Limits() {
    }
}
