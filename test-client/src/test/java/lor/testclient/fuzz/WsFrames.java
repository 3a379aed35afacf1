package lor.testclient.fuzz;

import java.io.ByteArrayOutputStream;
import java.util.Random;

/**
 * Client WebSocket frames (RFC 6455) built byte by byte, so that a test can also write the frames a well-behaved
 * library refuses to: invalid UTF-8 in text, reserved bits and opcodes, unmasked or oversized frames, continuations
 * without a start, non-minimal lengths.
 */
final class WsFrames {

    static final int CONTINUATION = 0x0;
    static final int TEXT = 0x1;
    static final int BINARY = 0x2;
    static final int CLOSE = 0x8;
    static final int PING = 0x9;
    static final int PONG = 0xA;

    /** How the payload length is written: the shortest form (as RFC 6455 requires), or forced longer. */
    enum Length { MINIMAL, FORCE_16, FORCE_64 }

    private WsFrames() {
    }

    /** A final, masked frame: what a conforming client sends. */
    static byte[] frame(int opcode, byte[] payload, Random random) {
        return frame(true, 0, opcode, payload, true, Length.MINIMAL, random);
    }

    /** A masked frame with the given FIN bit. */
    static byte[] fragment(boolean fin, int opcode, byte[] payload, Random random) {
        return frame(fin, 0, opcode, payload, true, Length.MINIMAL, random);
    }

    /**
     * Any frame. {@code rsv} is the three reserved bits (0-7); {@code masked} false writes the payload in clear, which
     * a server must refuse from a client.
     */
    static byte[] frame(boolean fin, int rsv, int opcode, byte[] payload, boolean masked, Length length,
                        Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + 14);
        out.write((fin ? 0x80 : 0) | (rsv & 0x7) << 4 | opcode & 0xF);
        int maskBit = masked ? 0x80 : 0;
        int n = payload.length;
        if (length == Length.MINIMAL && n < 126) {
            out.write(maskBit | n);
        } else if (length != Length.FORCE_64 && n < 65536) {
            out.write(maskBit | 126);
            out.write(n >>> 8);
            out.write(n);
        } else {
            out.write(maskBit | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                out.write((int) ((long) n >>> shift));
            }
        }
        if (!masked) {
            out.writeBytes(payload);
            return out.toByteArray();
        }
        byte[] mask = new byte[4];
        random.nextBytes(mask);
        out.writeBytes(mask);
        byte[] body = new byte[n];
        for (int i = 0; i < n; i++) {
            body[i] = (byte) (payload[i] ^ mask[i & 3]);
        }
        out.writeBytes(body);
        return out.toByteArray();
    }

    /** A masked frame header announcing {@code length} payload bytes (which need not follow). */
    static byte[] header(boolean fin, int opcode, long length, Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(14);
        out.write((fin ? 0x80 : 0) | opcode & 0xF);
        out.write(0x80 | 127);
        for (int shift = 56; shift >= 0; shift -= 8) {
            out.write((int) (length >>> shift));
        }
        byte[] mask = new byte[4];
        random.nextBytes(mask);
        out.writeBytes(mask);
        return out.toByteArray();
    }

    static byte[] closePayload(int status, byte[] reason) {
        byte[] payload = new byte[2 + reason.length];
        payload[0] = (byte) (status >>> 8);
        payload[1] = (byte) status;
        System.arraycopy(reason, 0, payload, 2, reason.length);
        return payload;
    }
}
