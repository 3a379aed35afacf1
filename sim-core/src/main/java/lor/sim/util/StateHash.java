package lor.sim.util;

/**
 * The state hash's accumulator: two independent 32-bit lanes, each a murmur3-style block step per value mixed, joined
 * into 64 bits by {@link #value()}.
 *
 * <p>It works on ints only because sim-core also runs as JavaScript (TeaVM), where every Java {@code long} is a
 * BigInt and a 64-bit multiply costs far more than an int one. Two lanes with their own constants keep 64 bits of
 * state, as the byte-wise 64-bit FNV-1a it replaced did. Not a cryptographic hash, and not stable across versions:
 * nothing stores or sends it.
 */
public final class StateHash {

    private int a = 0x811c9dc5;
    private int b = 0x6a09e667;
    private int count;

    /** Mixes one int into both lanes; order matters. */
    public StateHash mix(int value) {
        // Each step is a bijection of the value for a given lane state, so no single value's bit is ever lost.
        int k = value * 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15) * 0x1b873593;
        a = Integer.rotateLeft(a ^ k, 13) * 5 + 0xe6546b64;

        int j = value * 0x85ebca6b;
        j = Integer.rotateLeft(j, 17) * 0xc2b2ae35;
        b = Integer.rotateLeft(b ^ j, 19) * 9 + 0x2f8ae7a1;
        count++;
        return this;
    }

    /** Mixes a long as its low int then its high int. */
    public StateHash mix(long value) {
        return mix((int) value).mix((int) (value >>> 32));
    }

    /** The hash of everything mixed so far; the accumulator stays usable. */
    public long value() {
        int hi = finish(a ^ count);
        int lo = finish(b ^ Integer.rotateLeft(count, 16) ^ hi);
        return ((long) hi << 32) | (lo & 0xffffffffL);
    }

    int laneA() {
        return a;
    }

    int laneB() {
        return b;
    }

    /** murmur3's finaliser: every input bit reaches every output bit. */
    public static int finish(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }
}
