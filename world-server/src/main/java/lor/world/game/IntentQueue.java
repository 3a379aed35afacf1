package lor.world.game;

import java.util.concurrent.atomic.AtomicLong;

import lor.sim.world.Direction;

/**
 * The bounded hand-over of one connection's move intents from its event loop (the only producer) to the tick
 * thread (the only consumer): a ring of packed {@code (seq, direction)} longs, no locks, no allocation.
 */
public final class IntentQueue {

    public static final long EMPTY = -1;

    /** The largest seq the packed form holds: the low three bits carry the direction. */
    public static final long MAX_SEQ = (1L << 61) - 1;

    private final long[] ring;
    private final int mask;
    /** Next index the consumer reads. */
    private final AtomicLong head = new AtomicLong();
    /** Next index the producer writes. */
    private final AtomicLong tail = new AtomicLong();

    public IntentQueue(int capacityPowerOfTwo) {
        if (Integer.bitCount(capacityPowerOfTwo) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two");
        }
        this.ring = new long[capacityPowerOfTwo];
        this.mask = capacityPowerOfTwo - 1;
    }

    /**
     * Producer side.
     *
     * @param seq 0..{@link #MAX_SEQ}; anything else would be truncated by packing, so it is refused
     * @return false when full
     */
    public boolean offer(long seq, Direction direction) {
        if (seq < 0 || seq > MAX_SEQ) {
            throw new IllegalArgumentException("seq " + seq + " is outside 0.." + MAX_SEQ);
        }
        long t = tail.get();
        if (t - head.get() >= ring.length) {
            return false;
        }
        ring[(int) (t & mask)] = (seq << 3) | direction.code();
        tail.lazySet(t + 1);
        return true;
    }

    /** Consumer side. @return the packed intent, or {@link #EMPTY} */
    public long poll() {
        long h = head.get();
        if (h >= tail.get()) {
            return EMPTY;
        }
        long packed = ring[(int) (h & mask)];
        head.lazySet(h + 1);
        return packed;
    }

    public int size() {
        return (int) (tail.get() - head.get());
    }

    public static long seqOf(long packed) {
        return packed >>> 3;
    }

    public static Direction directionOf(long packed) {
        return Direction.ofCode((int) (packed & 7));
    }
}
