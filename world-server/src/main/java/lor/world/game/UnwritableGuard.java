package lor.world.game;

/**
 * Latest state wins: a connection whose outbound buffer is above its high-water mark ({@link GameServer}) skips
 * broadcasts. One that is not reading is cut off: at once when its pending bytes pass {@link #MAX_PENDING_BYTES}
 * (what cannot be skipped, such as answers and the map, kept piling up), or once it has stayed above the mark for
 * {@link #LIMIT_NANOS}. Either way only its own connection pays: a broadcast never waits for it. Tick-thread
 * confined, like the sessions.
 */
final class UnwritableGuard {

    static final long LIMIT_NANOS = 10_000_000_000L;
    static final long MAX_PENDING_BYTES = 1024 * 1024;
    static final String REASON = "not reading";

    /** @return true when a frame may be written to the session's connection now */
    boolean allows(PlayerSession session, long nowNanos) {
        PlayerConnection connection = session.connection();
        if (connection.isWritable()) {
            session.unwritableSince(0);
            return true;
        }
        if (session.unwritableSince() == 0) {
            session.unwritableSince(nowNanos);
        }
        if (connection.pendingOutboundBytes() > MAX_PENDING_BYTES
                || nowNanos - session.unwritableSince() > LIMIT_NANOS) {
            connection.disconnect(REASON);
        }
        return false;
    }
}
