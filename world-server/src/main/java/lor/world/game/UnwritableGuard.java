package lor.world.game;

/**
 * Latest state wins: a connection whose outbound buffer is above its high-water mark skips broadcasts, and one that
 * stays so for {@link #LIMIT_NANOS} is not reading and is cut off. Tick-thread confined, like the sessions.
 */
final class UnwritableGuard {

    static final long LIMIT_NANOS = 10_000_000_000L;

    /** @return true when a frame may be written to the session's connection now */
    boolean allows(PlayerSession session, long nowNanos) {
        PlayerConnection connection = session.connection();
        if (connection.isWritable()) {
            session.unwritableSince(0);
            return true;
        }
        if (session.unwritableSince() == 0) {
            session.unwritableSince(nowNanos);
        } else if (nowNanos - session.unwritableSince() > LIMIT_NANOS) {
            connection.disconnect("not reading");
        }
        return false;
    }
}
