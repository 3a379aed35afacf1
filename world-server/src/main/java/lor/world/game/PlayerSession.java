package lor.world.game;

import lor.sim.grid.Direction;

/** A player in the world as the tick thread keeps it. Tick-thread confined. */
public final class PlayerSession {

    private final PlayerConnection connection;
    private final int entityId;
    private final boolean binary;
    /** The username its ticket carried, or null (a v1 ticket). */
    private final String name;
    /** The client asked for {@code names} messages. */
    private final boolean wantsNames;
    /** Binary state only: the view rectangle of regions last written, and whether the next frame must reset. */
    private int viewLayer = -1;
    private int viewX0;
    private int viewY0;
    private int viewX1;
    private int viewY1;
    private long lastBroadcastWritten = -1;
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
    /** The clock line of the last frame that carried one, -1 before the first: what the client knows of the field. */
    private int lineSeen = -1;
    /** Ids of the objects the client was last told of (binary frames), ascending. */
    private int[] knownObjects = new int[0];
    private int knownObjectCount;

    public PlayerSession(PlayerConnection connection, int entityId) {
        this(connection, entityId, false);
    }

    public PlayerSession(PlayerConnection connection, int entityId, boolean binary) {
        this(connection, entityId, binary, null, false);
    }

    public PlayerSession(PlayerConnection connection, int entityId, boolean binary, String name, boolean wantsNames) {
        this.connection = connection;
        this.entityId = entityId;
        this.binary = binary;
        this.name = name;
        this.wantsNames = wantsNames;
    }

    /** The player's username, from its ticket; null when the ticket carried none. */
    public String name() {
        return name;
    }

    public boolean wantsNames() {
        return wantsNames;
    }

    public boolean binary() {
        return binary;
    }

    /** The broadcast number of the last binary frame written, or -1 before the first. */
    long lastBroadcastWritten() {
        return lastBroadcastWritten;
    }

    /** Records a written binary frame and the view it left the client with. */
    void wrote(long broadcast, int layer, int x0, int y0, int x1, int y1) {
        lastBroadcastWritten = broadcast;
        viewLayer = layer;
        viewX0 = x0;
        viewY0 = y0;
        viewX1 = x1;
        viewY1 = y1;
    }

    /** Whether region (x, y) of {@code layer} was in the view last written. */
    boolean viewed(int layer, int x, int y) {
        return layer == viewLayer && x >= viewX0 && x <= viewX1 && y >= viewY0 && y <= viewY1;
    }

    int viewLayer() {
        return viewLayer;
    }

    int viewX0() {
        return viewX0;
    }

    int viewY0() {
        return viewY0;
    }

    int viewX1() {
        return viewX1;
    }

    int viewY1() {
        return viewY1;
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

    /** An action on an object went to the tick: where the player last stepped stays as it was. */
    public void handedToTick(long seq) {
        inFlightSeq = seq;
    }

    /** A player back from its reconnect window still came to its cell the way it did. */
    public void arrivedBy(Direction direction) {
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

    int[] knownObjects() {
        return knownObjects;
    }

    int knownObjectCount() {
        return knownObjectCount;
    }

    void knownObjects(int[] ids, int count) {
        knownObjects = ids;
        knownObjectCount = count;
    }

    int lineSeen() {
        return lineSeen;
    }

    void lineSeen(int line) {
        lineSeen = line;
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
