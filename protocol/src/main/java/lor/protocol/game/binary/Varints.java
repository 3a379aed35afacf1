package lor.protocol.game.binary;

import io.netty.buffer.ByteBuf;

/** Unsigned LEB128 varints and zigzag-coded signed ones, on Netty buffers. */
public final class Varints {

    private Varints() {
    }

    public static void write(ByteBuf out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.writeByte((int) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.writeByte((int) value);
    }

    public static void writeSigned(ByteBuf out, long value) {
        write(out, (value << 1) ^ (value >> 63));
    }

    public static long read(ByteBuf in) {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (!in.isReadable()) {
                throw new IllegalArgumentException("truncated varint");
            }
            int b = in.readByte();
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        throw new IllegalArgumentException("varint longer than 64 bits");
    }

    public static long readSigned(ByteBuf in) {
        long raw = read(in);
        return (raw >>> 1) ^ -(raw & 1);
    }

    public static int readInt(ByteBuf in) {
        long value = read(in);
        // Unsigned: a value of 2^63 or more reads back as a negative long, and is out of range as well.
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("value out of int range");
        }
        return (int) value;
    }

    /** Bytes {@link #write} takes for {@code value}. */
    public static int size(long value) {
        int size = 1;
        while ((value & ~0x7FL) != 0) {
            size++;
            value >>>= 7;
        }
        return size;
    }
}
