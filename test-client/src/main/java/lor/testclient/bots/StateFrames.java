package lor.testclient.bots;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import lor.protocol.game.binary.BinaryState;

/**
 * What a bot needs from a game frame, read without decoding it: the message type of a JSON frame, the {@code ack} of
 * a state (JSON or binary), the {@code seq} and reason of a {@code rejected}. The world server writes {@code type}
 * first and {@code tick}, {@code ack} before {@code entities}, so each lookup scans a few dozen bytes. The buffers'
 * indexes are never moved.
 */
final class StateFrames {

    enum Kind { STATE, REJECTED, OTHER }

    private static final byte[] TYPE = bytes("\"type\"");
    private static final byte[] STATE = bytes("\"state\"");
    private static final byte[] REJECTED = bytes("\"rejected\"");
    private static final byte[] ACK = bytes("\"ack\"");
    private static final byte[] SEQ = bytes("\"seq\"");
    private static final byte[] RATE_LIMITED = bytes("\"rate_limited\"");

    private StateFrames() {
    }

    /** The type of the JSON object in {@code text}: state, rejected, or anything else. */
    static Kind jsonKind(ByteBuf text) {
        int at = valueIndex(text, TYPE);
        if (at < 0) {
            return Kind.OTHER;
        }
        if (startsWith(text, at, STATE)) {
            return Kind.STATE;
        }
        if (startsWith(text, at, REJECTED)) {
            return Kind.REJECTED;
        }
        return Kind.OTHER;
    }

    /** The {@code ack} of a JSON state, or -1 when it has none. */
    static long jsonAck(ByteBuf text) {
        return numberAfter(text, ACK);
    }

    /** The {@code seq} of a JSON rejected, or -1 when it has none. */
    static long jsonSeq(ByteBuf text) {
        return numberAfter(text, SEQ);
    }

    /** Whether a JSON rejected was a {@code rate_limited} refusal (it never reached a tick). */
    static boolean jsonRateLimited(ByteBuf text) {
        return indexOf(text, RATE_LIMITED, text.readerIndex()) >= 0;
    }

    /**
     * The {@code ack} of a binary state frame ({@code u8 kind=1, varint tick, varint ack, …}), or -1 when the frame
     * is not a state or is too short.
     */
    static long binaryAck(ByteBuf frame) {
        int at = frame.readerIndex();
        int end = frame.writerIndex();
        if (at >= end || frame.getUnsignedByte(at) != BinaryState.KIND_STATE) {
            return -1;
        }
        at = skipVarint(frame, at + 1, end);
        if (at < 0) {
            return -1;
        }
        return varintAt(frame, at, end);
    }

    /** The unsigned LEB128 varint starting at {@code at}, or -1 when it is truncated or longer than 63 bits. */
    static long varintAt(ByteBuf buf, int at, int end) {
        long result = 0;
        for (int shift = 0; shift < 63 && at < end; shift += 7) {
            int b = buf.getByte(at++);
            result |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return result;
            }
        }
        return -1;
    }

    private static int skipVarint(ByteBuf buf, int at, int end) {
        for (int i = 0; i < 10 && at < end; i++) {
            if ((buf.getByte(at++) & 0x80) == 0) {
                return at;
            }
        }
        return -1;
    }

    /** The non-negative integer value of the first {@code key} member, or -1. */
    private static long numberAfter(ByteBuf text, byte[] key) {
        int at = valueIndex(text, key);
        if (at < 0) {
            return -1;
        }
        int end = text.writerIndex();
        long value = 0;
        int digits = 0;
        while (at < end) {
            int c = text.getByte(at);
            if (c < '0' || c > '9') {
                break;
            }
            if (digits == 18) {
                return -1;
            }
            value = value * 10 + (c - '0');
            digits++;
            at++;
        }
        return digits == 0 ? -1 : value;
    }

    /** The index of the value of the first {@code key} followed by a colon (JSON whitespace allowed), or -1. */
    private static int valueIndex(ByteBuf text, byte[] key) {
        int end = text.writerIndex();
        int from = text.readerIndex();
        while (true) {
            int at = indexOf(text, key, from);
            if (at < 0) {
                return -1;
            }
            int i = skipSpace(text, at + key.length, end);
            if (i < end && text.getByte(i) == ':') {
                return skipSpace(text, i + 1, end);
            }
            from = at + 1;
        }
    }

    private static int skipSpace(ByteBuf text, int at, int end) {
        while (at < end) {
            byte c = text.getByte(at);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                break;
            }
            at++;
        }
        return at;
    }

    private static int indexOf(ByteBuf text, byte[] needle, int from) {
        int last = text.writerIndex() - needle.length;
        outer:
        for (int at = from; at <= last; at++) {
            for (int k = 0; k < needle.length; k++) {
                if (text.getByte(at + k) != needle[k]) {
                    continue outer;
                }
            }
            return at;
        }
        return -1;
    }

    private static boolean startsWith(ByteBuf text, int at, byte[] prefix) {
        if (at + prefix.length > text.writerIndex()) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (text.getByte(at + k) != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
