package lor.sim.util;

import java.util.Arrays;

/**
 * A growable byte buffer written and read as LEB128 varints (zigzag for signed values): the compact form of
 * snapshots, where most numbers are small. Reading past the end or a varint longer than 10 bytes throws
 * {@link IllegalArgumentException}: persisted bytes are input like any other.
 */
public final class VarBytes {

    private byte[] bytes;
    private int size;
    private int pos;

    public VarBytes(int capacity) {
        this.bytes = new byte[Math.max(16, capacity)];
    }

    /** A reader over {@code data} (not copied). */
    public static VarBytes reading(byte[] data) {
        VarBytes b = new VarBytes(0);
        b.bytes = data;
        b.size = data.length;
        return b;
    }

    public void writeLong(long value) {
        if (size + 10 > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(size + 10, bytes.length * 2));
        }
        long v = value;
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    public void writeSigned(long value) {
        writeLong((value << 1) ^ (value >> 63));
    }

    public long readLong() {
        long result = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            if (pos >= size) {
                throw new IllegalArgumentException("the data ends inside a number at byte " + pos);
            }
            byte b = bytes[pos++];
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw new IllegalArgumentException("a number longer than 10 bytes at byte " + pos);
    }

    public long readSigned() {
        long v = readLong();
        return (v >>> 1) ^ -(v & 1);
    }

    /** An unsigned number that must lie in 0..{@code max}. */
    public int readInt(int max, String what) {
        long v = readLong();
        if (v < 0 || v > max) {
            throw new IllegalArgumentException(what + " " + v + " is out of range 0.." + max);
        }
        return (int) v;
    }

    public boolean atEnd() {
        return pos == size;
    }

    public int size() {
        return size;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }
}
