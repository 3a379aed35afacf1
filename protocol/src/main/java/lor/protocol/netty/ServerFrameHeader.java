package lor.protocol.netty;

import io.netty.buffer.ByteBuf;

/**
 * The header of a final, unmasked WebSocket frame (RFC 6455, section 5.2: a server's frames), written into room a
 * payload left in front of itself. Netty's frame encoder would copy a small frame's payload into a buffer of its
 * own after the header; a payload that is a composite of parts shared by many connections keeps its parts this way.
 */
public final class ServerFrameHeader {

    /** The longest header: two bytes and a 64-bit length. */
    public static final int MAX_BYTES = 10;
    public static final int OPCODE_TEXT = 0x1;
    public static final int OPCODE_BINARY = 0x2;

    private ServerFrameHeader() {
    }

    /**
     * Writes the header of a frame holding {@code buf}'s readable bytes just before its reader index, and moves the
     * index back onto the header.
     *
     * @return false, and nothing written, when there is not enough room before the reader index
     */
    public static boolean prepend(ByteBuf buf, int opcode) {
        int length = buf.readableBytes();
        int start = buf.readerIndex() - size(length);
        if (start < 0) {
            return false;
        }
        set(buf, start, opcode, length);
        buf.readerIndex(start);
        return true;
    }

    /** Appends the header of a frame of {@code length} bytes to {@code out}, for a payload that left no room. */
    public static void write(ByteBuf out, int opcode, int length) {
        int start = out.writerIndex();
        out.ensureWritable(size(length));
        out.writerIndex(start + size(length));
        set(out, start, opcode, length);
    }

    private static int size(int length) {
        return length < 126 ? 2 : length <= 0xffff ? 4 : MAX_BYTES;
    }

    private static void set(ByteBuf buf, int start, int opcode, int length) {
        buf.setByte(start, 0x80 | opcode);
        if (length < 126) {
            buf.setByte(start + 1, length);
        } else if (length <= 0xffff) {
            buf.setByte(start + 1, 126);
            buf.setShort(start + 2, length);
        } else {
            buf.setByte(start + 1, 127);
            buf.setLong(start + 2, length);
        }
    }
}
