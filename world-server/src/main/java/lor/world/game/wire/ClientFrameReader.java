package lor.world.game.wire;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Reads a client's WebSocket frames (RFC 6455, section 5) from the bytes of a connection, in place: a frame is
 * unmasked where it lies and handed on as a window of the read buffer, so a whole frame in one read (nearly every
 * frame a game client sends) costs no allocation. Only a frame split over reads is copied, into one buffer kept
 * until it is whole, and only a fragmented message is assembled in a buffer of its own.
 *
 * <p>Refuses what a server must: an unmasked frame, reserved bits, an unknown opcode, a fragmented or long control
 * frame, a continuation out of place, a length not written in the fewest bytes (status 1002); a message over
 * {@code maxMessageBytes}, judged from the frame header before its payload arrives (1009); text that is not UTF-8
 * (1007). After a refusal it reads nothing more.
 * Confined to the connection's event loop.
 */
final class ClientFrameReader {

    static final int OPCODE_CONTINUATION = 0x0;
    static final int OPCODE_TEXT = 0x1;
    static final int OPCODE_BINARY = 0x2;
    static final int OPCODE_CLOSE = 0x8;
    static final int OPCODE_PING = 0x9;
    static final int OPCODE_PONG = 0xA;

    static final int CLOSE_PROTOCOL_ERROR = 1002;
    static final int CLOSE_INVALID_PAYLOAD = 1007;

    /** Where the frames read go. A buffer passed in is valid during the call only; its readable bytes: the payload. */
    interface Frames {

        /** A frame of any kind is complete; false when it is over the connection's budget, which stops reading. */
        boolean admit();

        /** A whole text message: valid UTF-8. */
        void text(ByteBuf utf8);

        /** A whole binary message. */
        void binary();

        void ping(ByteBuf payload);

        void pong();

        /** A close frame: empty, or a valid status and UTF-8 reason. */
        void close(ByteBuf payload);

        /** The peer broke the protocol: close with {@code status}. Nothing more is read. */
        void violation(int status, String reason);
    }

    private final Frames frames;
    private final ByteBufAllocator alloc;
    private final int maxMessageBytes;
    /** The start of a frame that has not arrived whole, or null. */
    private ByteBuf partial;
    /** The fragments so far of a message that is not final yet, or null. */
    private ByteBuf fragments;
    /** The opcode of the message being fragmented, or 0. */
    private int fragmentedOpcode;
    private boolean stopped;

    ClientFrameReader(Frames frames, ByteBufAllocator alloc, int maxMessageBytes) {
        this.frames = frames;
        this.alloc = alloc;
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Reads what {@code in} holds; the caller keeps ownership of {@code in}. */
    void read(ByteBuf in) {
        if (stopped) {
            return;
        }
        ByteBuf buf = in;
        if (partial != null) {
            partial.writeBytes(in);
            buf = partial;
        }
        while (!stopped && readFrame(buf)) {
            // Each frame handed on; the loop ends at the first incomplete one.
        }
        keepRemainder(buf);
    }

    /** @return true when a whole frame was read from {@code buf} */
    private boolean readFrame(ByteBuf buf) {
        int start = buf.readerIndex();
        int available = buf.readableBytes();
        if (available < 2) {
            return false;
        }
        int b0 = buf.getUnsignedByte(start);
        int b1 = buf.getUnsignedByte(start + 1);
        boolean fin = (b0 & 0x80) != 0;
        int opcode = b0 & 0x0F;
        int length7 = b1 & 0x7F;
        boolean control = opcode >= OPCODE_CLOSE;
        if ((b0 & 0x70) != 0) {
            return fail(CLOSE_PROTOCOL_ERROR, "reserved bits set without an extension");
        }
        if ((b1 & 0x80) == 0) {
            return fail(CLOSE_PROTOCOL_ERROR, "a client's frames must be masked");
        }
        if (opcode > OPCODE_BINARY && opcode < OPCODE_CLOSE || opcode > OPCODE_PONG) {
            return fail(CLOSE_PROTOCOL_ERROR, "unknown opcode " + opcode);
        }
        if (control && (!fin || length7 > 125)) {
            return fail(CLOSE_PROTOCOL_ERROR, "a control frame must be final and at most 125 bytes");
        }
        if (!control && (opcode == OPCODE_CONTINUATION) == (fragmentedOpcode == 0)) {
            return fail(CLOSE_PROTOCOL_ERROR, opcode == OPCODE_CONTINUATION
                    ? "a continuation frame without a message to continue"
                    : "a new message before the fragmented one was finished");
        }
        int lengthBytes = length7 == 126 ? 2 : length7 == 127 ? 8 : 0;
        if (available < 2 + lengthBytes) {
            return false;
        }
        long length = length7 < 126 ? length7
                : length7 == 126 ? buf.getUnsignedShort(start + 2) : buf.getLong(start + 2);
        long messageLength = length + (opcode == OPCODE_CONTINUATION ? fragments.readableBytes() : 0);
        if (length7 == 126 && length < 126 || length7 == 127 && length >= 0 && length <= 0xffff) {
            return fail(CLOSE_PROTOCOL_ERROR, "a frame's length must be written in the fewest bytes");
        }
        if (length < 0 || messageLength > maxMessageBytes) {
            return fail(1009, "message larger than " + maxMessageBytes + " bytes");
        }
        int header = 2 + lengthBytes + 4;
        if (available < header + length) {
            return false;
        }
        if (!frames.admit()) {
            stopped = true;
            return false;
        }
        int payload = start + header;
        int size = (int) length;
        unmask(buf, payload, size, buf.getInt(payload - 4));
        buf.readerIndex(payload + size);
        if (control) {
            onControl(opcode, buf, payload, size);
        } else if (fin && opcode != OPCODE_CONTINUATION) {
            onMessage(opcode, buf, payload, size);
        } else {
            onFragment(opcode, fin, buf, payload, size);
        }
        return true;
    }

    private void onControl(int opcode, ByteBuf buf, int payload, int size) {
        switch (opcode) {
            case OPCODE_PING -> deliver(OPCODE_PING, buf, payload, size);
            case OPCODE_PONG -> frames.pong();
            default -> {
                if (size == 1) {
                    fail(CLOSE_PROTOCOL_ERROR, "a close frame's status must have two bytes");
                } else if (size >= 2 && !validStatus(buf.getUnsignedShort(payload))) {
                    fail(CLOSE_PROTOCOL_ERROR, "invalid close status " + buf.getUnsignedShort(payload));
                } else if (size > 2 && !isUtf8(buf, payload + 2, size - 2)) {
                    fail(CLOSE_INVALID_PAYLOAD, "the close reason is not UTF-8");
                } else {
                    deliver(OPCODE_CLOSE, buf, payload, size);
                }
            }
        }
    }

    private void onMessage(int opcode, ByteBuf buf, int payload, int size) {
        if (opcode == OPCODE_BINARY) {
            frames.binary();
        } else if (!isUtf8(buf, payload, size)) {
            fail(CLOSE_INVALID_PAYLOAD, "bytes are not UTF-8");
        } else {
            deliver(OPCODE_TEXT, buf, payload, size);
        }
    }

    private void onFragment(int opcode, boolean fin, ByteBuf buf, int payload, int size) {
        if (opcode != OPCODE_CONTINUATION) {
            fragmentedOpcode = opcode;
            fragments = alloc.buffer(Math.max(size, 256));
        }
        fragments.writeBytes(buf, payload, size);
        if (fin) {
            ByteBuf message = fragments;
            int messageOpcode = fragmentedOpcode;
            fragments = null;
            fragmentedOpcode = 0;
            try {
                onMessage(messageOpcode, message, message.readerIndex(), message.readableBytes());
            } finally {
                message.release();
            }
        }
    }

    /** Hands {@code size} bytes at {@code payload} on as {@code buf}'s readable bytes, then puts its indices back. */
    private void deliver(int opcode, ByteBuf buf, int payload, int size) {
        int reader = buf.readerIndex();
        int writer = buf.writerIndex();
        buf.setIndex(payload, payload + size);
        try {
            switch (opcode) {
                case OPCODE_TEXT -> frames.text(buf);
                case OPCODE_PING -> frames.ping(buf);
                default -> frames.close(buf);
            }
        } finally {
            buf.setIndex(reader, writer);
        }
    }

    /** Reads nothing more: the connection is closing. */
    void stop() {
        stopped = true;
    }

    private boolean fail(int status, String reason) {
        stopped = true;
        frames.violation(status, reason);
        return false;
    }

    /** Copies an incomplete frame's bytes for the next read; frees the copy once nothing is left in it. */
    private void keepRemainder(ByteBuf buf) {
        if (buf == partial) {
            if (!partial.isReadable() || stopped) {
                partial.release();
                partial = null;
            } else {
                partial.discardReadBytes();
            }
        } else if (buf.isReadable() && !stopped) {
            partial = alloc.buffer(Math.max(buf.readableBytes(), 256));
            partial.writeBytes(buf);
        }
    }

    /** Frees what is held: the connection is gone. */
    void release() {
        stopped = true;
        if (partial != null) {
            partial.release();
            partial = null;
        }
        if (fragments != null) {
            fragments.release();
            fragments = null;
        }
    }

    private static void unmask(ByteBuf buf, int from, int size, int mask) {
        int i = from;
        int end = from + size;
        for (; i + 4 <= end; i += 4) {
            buf.setInt(i, buf.getInt(i) ^ mask);
        }
        for (int shift = 24; i < end; i++, shift -= 8) {
            buf.setByte(i, buf.getByte(i) ^ (mask >>> shift));
        }
    }

    /** The codes a peer may send (RFC 6455, section 7.4): not the reserved ones, nor those only for local use. */
    private static boolean validStatus(int status) {
        return status >= 1000 && status <= 1003 || status >= 1007 && status <= 1014 || status >= 3000 && status <= 4999;
    }

    static boolean isUtf8(ByteBuf buf, int from, int size) {
        for (int i = from, end = from + size; i < end; i++) {
            if (buf.getByte(i) < 0) {
                return decodes(buf.nioBuffer(from, size));
            }
        }
        return true;
    }

    private static boolean decodes(ByteBuffer bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes);
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
