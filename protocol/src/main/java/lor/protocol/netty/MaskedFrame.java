package lor.protocol.netty;

import java.io.ByteArrayOutputStream;

/**
 * A WebSocket frame as a client writes it (RFC 6455: masked), in bytes, for code that speaks to a server over a plain
 * socket: a process's loopback player, tests that send what no library would (fragments, reserved bits).
 */
public final class MaskedFrame {

    private MaskedFrame() {
    }

    /** A final frame: {@code mask} is four bytes; the payload is at most 64 KiB. */
    public static byte[] of(int opcode, byte[] payload, byte[] mask) {
        return withFirstByte(0x80 | opcode, payload, mask);
    }

    /**
     * @param firstByte the frame's first byte as it goes out: FIN ({@code 0x80}), the reserved bits and the opcode
     * @param mask      four bytes; the payload is at most 64 KiB
     */
    public static byte[] withFirstByte(int firstByte, byte[] payload, byte[] mask) {
        if (payload.length > 0xffff || mask.length != 4) {
            throw new IllegalArgumentException("a payload of at most 64 KiB and a mask of 4 bytes");
        }
        ByteArrayOutputStream frame = new ByteArrayOutputStream(payload.length + 8);
        frame.write(firstByte);
        if (payload.length < 126) {
            frame.write(0x80 | payload.length);
        } else {
            frame.write(0x80 | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length & 0xff);
        }
        frame.write(mask, 0, 4);
        for (int i = 0; i < payload.length; i++) {
            frame.write(payload[i] ^ mask[i & 3]);
        }
        return frame.toByteArray();
    }
}
