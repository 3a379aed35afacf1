package lor.world.game;

import java.util.concurrent.atomic.AtomicLong;

import lor.sim.grid.Direction;
import lor.sim.module.CheckedAct;

/**
 * The bounded hand-over of one connection's intents from its event loop (the only producer) to the tick thread (the
 * only consumer): a ring of packed {@code (seq, direction)} longs, no locks, no allocation. An action on an object
 * ({@link lor.sim.world.ObjectIntent}) goes in with direction code 0 and its packed form in a parallel ring, read
 * with {@link #polledAction()}; a game module's action with code {@value #ACT_CODE} and its checked form
 * ({@link CheckedAct}) in a third, read with {@link #polledAct()}.
 */
public final class IntentQueue {

    public static final long EMPTY = -1;

    /**
     * The largest seq the packed form holds: the low three bits carry the direction. One below 2^61 - 1, which with a
     * module action's code (7) would pack to all ones, {@link #EMPTY}: such an act was lost, never answered.
     */
    public static final long MAX_SEQ = (1L << 61) - 2;

    /** The low bits of a module action's packed form: not a direction's code (1-4), not an object action's (0). */
    static final int ACT_CODE = 7;

    private final long[] ring;
    private final long[] actions;
    /** Module actions by ring index; the consumer clears its entry when it polls it. */
    private final CheckedAct[] acts;
    /** The action of the entry the consumer polled last. */
    private long polledAction;
    private CheckedAct polledAct;
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
        this.actions = new long[capacityPowerOfTwo];
        this.acts = new CheckedAct[capacityPowerOfTwo];
        this.mask = capacityPowerOfTwo - 1;
    }

    /**
     * Producer side.
     *
     * @param seq 0..{@link #MAX_SEQ}; anything else would be truncated by packing, so it is refused
     * @return false when full
     */
    public boolean offer(long seq, Direction direction) {
        return offer(seq, direction.code(), 0);
    }

    /**
     * Producer side: an action on an object, packed by {@link lor.sim.world.ObjectIntent#pack}.
     *
     * @return false when full
     */
    public boolean offerAction(long seq, long packedAction) {
        return offer(seq, 0, packedAction);
    }

    /**
     * Producer side: a game module's action, checked (or refused) on the event loop.
     *
     * @return false when full
     */
    public boolean offerAct(long seq, CheckedAct act) {
        return offer(seq, ACT_CODE, 0, act);
    }

    private boolean offer(long seq, int directionCode, long action) {
        return offer(seq, directionCode, action, null);
    }

    private boolean offer(long seq, int directionCode, long action, CheckedAct act) {
        if (seq < 0 || seq > MAX_SEQ) {
            throw new IllegalArgumentException("seq " + seq + " is outside 0.." + MAX_SEQ);
        }
        long t = tail.get();
        if (t - head.get() >= ring.length) {
            return false;
        }
        int i = (int) (t & mask);
        actions[i] = action;
        acts[i] = act;
        ring[i] = (seq << 3) | directionCode;
        tail.lazySet(t + 1);
        return true;
    }

    /** Consumer side. @return the packed intent, or {@link #EMPTY} */
    public long poll() {
        long h = head.get();
        if (h >= tail.get()) {
            return EMPTY;
        }
        int i = (int) (h & mask);
        long packed = ring[i];
        polledAction = actions[i];
        polledAct = acts[i];
        acts[i] = null;
        head.lazySet(h + 1);
        return packed;
    }

    /** Consumer side: the packed action of the entry {@link #poll()} returned last, when it was an action. */
    public long polledAction() {
        return polledAction;
    }

    /** Consumer side: the module action of the entry {@link #poll()} returned last, when it was one. */
    public CheckedAct polledAct() {
        return polledAct;
    }

    /** Whether a polled entry is an action on an object rather than a move. */
    public static boolean isAction(long packed) {
        return (packed & 7) == 0;
    }

    /** Whether a polled entry is a game module's action. */
    public static boolean isAct(long packed) {
        return (packed & 7) == ACT_CODE;
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
