package lor.sim.util;

/** 64-bit FNV-1a over the bytes of longs: the state hash's one mixing step, shared by every part of the world. */
public final class Fnv64 {

    public static final long OFFSET = 0xcbf29ce484222325L;

    private Fnv64() {
    }

    public static long mix(long h, long value) {
        for (int i = 0; i < 8; i++) {
            h ^= (value >>> (i * 8)) & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
