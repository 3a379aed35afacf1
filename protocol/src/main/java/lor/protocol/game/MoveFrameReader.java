package lor.protocol.game;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import lor.protocol.Limits;

/**
 * Reads a plain {@code move} straight from a text frame's bytes, for the game channel's busiest message (every
 * player sends ten a second): no string, no tree. A plain move is one JSON object holding {@code type} "move",
 * {@code dir} N, E, S or W, {@code seq} a non-negative integer of at most 18 digits and optionally {@code ref}, a
 * string of printable ASCII without escapes or {@code null}, in any order, with JSON whitespace anywhere between
 * tokens.
 *
 * <p>Anything else — another type, another field, an escape, a number in another form, a duplicate key, a value
 * the codec would refuse, invalid JSON — gives {@code null}, and the caller hands the frame to
 * {@link lor.protocol.MessageCodec}, which accepts or refuses it with its usual message. So this reader only ever
 * accepts what the codec accepts, as the message the codec would decode, and every refusal stays the codec's.
 */
public final class MoveFrameReader {

    /** seq has at most this many digits here, so it cannot overflow a long; longer ones go to the codec. */
    static final int MAX_SEQ_DIGITS = 18;

    private static final int TYPE = 1;
    private static final int DIR = 2;
    private static final int SEQ = 4;
    private static final int REF = 8;
    private static final int REQUIRED = TYPE | DIR | SEQ;
    private static final int NOT_PLAIN = -1;

    private ByteBuf bytes;
    private int end;
    private int at;
    private int seen;
    private String dir;
    private long seq;
    private String ref;

    /**
     * A reader to use again and again on one thread: {@link #parse} allocates nothing for a move without a
     * {@code ref}, where {@link #read} makes a reader and a message each time.
     */
    public MoveFrameReader() {
    }

    /** The frame as a move when it is a plain one, else {@code null}; never moves the buffer's indices. */
    public static MoveMessage read(ByteBuf frame) {
        MoveFrameReader reader = new MoveFrameReader();
        return reader.parse(frame) ? new MoveMessage(reader.dir, reader.seq, reader.ref) : null;
    }

    /**
     * Whether the frame is a plain move; if so {@link #dir}, {@link #seq} and {@link #ref} are its fields until the
     * next call. Never moves the buffer's indices.
     */
    public boolean parse(ByteBuf frame) {
        bytes = frame;
        at = frame.readerIndex();
        end = frame.writerIndex();
        seen = 0;
        dir = null;
        seq = 0;
        ref = null;
        try {
            return object();
        } finally {
            bytes = null;
        }
    }

    /** N, E, S or W, as shared constants. */
    public String dir() {
        return dir;
    }

    public long seq() {
        return seq;
    }

    /** The move's ref, or null. */
    public String ref() {
        return ref;
    }

    private boolean object() {
        skipWhitespace();
        if (!take('{')) {
            return false;
        }
        do {
            skipWhitespace();
            if (!member()) {
                return false;
            }
            skipWhitespace();
        } while (take(','));
        if (!take('}')) {
            return false;
        }
        skipWhitespace();
        return at == end && (seen & REQUIRED) == REQUIRED;
    }

    /** One {@code "key": value}; false when the key or its value is not one a plain move has. */
    private boolean member() {
        int key = key();
        if (key == NOT_PLAIN || (seen & key) != 0) {
            // A repeated key is the codec's to refuse: it detects duplicates strictly.
            return false;
        }
        seen |= key;
        skipWhitespace();
        if (!take(':')) {
            return false;
        }
        skipWhitespace();
        return switch (key) {
            case TYPE -> literal("\"move\"");
            case DIR -> direction();
            case SEQ -> sequence();
            default -> reference();
        };
    }

    private int key() {
        if (literal("\"type\"")) {
            return TYPE;
        }
        if (literal("\"dir\"")) {
            return DIR;
        }
        if (literal("\"seq\"")) {
            return SEQ;
        }
        if (literal("\"ref\"")) {
            return REF;
        }
        return NOT_PLAIN;
    }

    private boolean direction() {
        if (end - at < 3 || bytes.getByte(at) != '"' || bytes.getByte(at + 2) != '"') {
            return false;
        }
        // Shared constants, so a move allocates no string for its direction.
        dir = switch (bytes.getByte(at + 1)) {
            case 'N' -> "N";
            case 'E' -> "E";
            case 'S' -> "S";
            case 'W' -> "W";
            default -> null;
        };
        at += 3;
        return dir != null;
    }

    /** Digits only: a sign, a fraction, an exponent or a leading zero is left to the codec. */
    private boolean sequence() {
        int start = at;
        long value = 0;
        while (at < end && at - start <= MAX_SEQ_DIGITS) {
            byte b = bytes.getByte(at);
            if (b < '0' || b > '9') {
                break;
            }
            value = value * 10 + (b - '0');
            at++;
        }
        int digits = at - start;
        if (digits == 0 || digits > MAX_SEQ_DIGITS || (digits > 1 && bytes.getByte(start) == '0')) {
            return false;
        }
        seq = value;
        return true;
    }

    private boolean reference() {
        if (literal("null")) {
            ref = null;
            return true;
        }
        if (!take('"')) {
            return false;
        }
        int start = at;
        while (at < end && at - start <= Limits.MAX_STRING_CHARS) {
            byte b = bytes.getByte(at);
            if (b == '"') {
                ref = bytes.toString(start, at - start, StandardCharsets.US_ASCII);
                at++;
                return true;
            }
            // Escapes, control characters and anything beyond ASCII need the codec's decoding and checks.
            if (b == '\\' || b < 0x20 || b > 0x7e) {
                return false;
            }
            at++;
        }
        return false;
    }

    /** Consumes {@code text} (ASCII) when the bytes at the cursor are exactly it. */
    private boolean literal(String text) {
        int length = text.length();
        if (end - at < length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (bytes.getByte(at + i) != text.charAt(i)) {
                return false;
            }
        }
        at += length;
        return true;
    }

    private boolean take(char c) {
        if (at < end && bytes.getByte(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    /** JSON's four whitespace characters, the only ones the codec's parser skips. */
    private void skipWhitespace() {
        while (at < end) {
            byte b = bytes.getByte(at);
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                return;
            }
            at++;
        }
    }
}
