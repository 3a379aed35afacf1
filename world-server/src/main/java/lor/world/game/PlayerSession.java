package lor.world.game;

import lor.sim.world.Direction;

/** A player in the world as the tick thread keeps it. Tick-thread confined. */
public final class PlayerSession {

    private final PlayerConnection connection;
    private final int entityId;
    /** The highest seq a tick has processed for this connection; 0 before the first. */
    private long ack;
    /** The seq of the intent handed to the current tick, or -1. */
    private long inFlightSeq = -1;
    /** The direction of the last intent handed to a tick, or null. */
    private Direction lastDirection;
    /** When the connection was first seen unwritable in a row of broadcasts (nanoTime), or 0. */
    private long unwritableSince;
    /** The portal transfer this player waits for, or 0. */
    private long transferId;

    public PlayerSession(PlayerConnection connection, int entityId) {
        this.connection = connection;
        this.entityId = entityId;
    }

    public PlayerConnection connection() {
        return connection;
    }

    public int entityId() {
        return entityId;
    }

    public long ack() {
        return ack;
    }

    public long inFlightSeq() {
        return inFlightSeq;
    }

    public void handedToTick(long seq, Direction direction) {
        inFlightSeq = seq;
        lastDirection = direction;
    }

    /** Where the player's last step went; the cell it came from is one step back. */
    public Direction lastDirection() {
        return lastDirection;
    }

    /** The tick processed the in-flight intent. @return its seq */
    public long processed() {
        long seq = inFlightSeq;
        ack = Math.max(ack, seq);
        inFlightSeq = -1;
        return seq;
    }

    public long transferId() {
        return transferId;
    }

    /** While a transfer is pending the player's intents are dropped: it is leaving. */
    public void transferId(long id) {
        transferId = id;
    }

    long unwritableSince() {
        return unwritableSince;
    }

    void unwritableSince(long nanos) {
        unwritableSince = nanos;
    }
}
