package lor.world.game.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import lor.protocol.netty.MaskedFrame;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ClientFrameReaderTest {

    private static final int MAX = 64;
    private static final byte[] MASK = {0x11, 0x22, (byte) 0x83, 0x44};

    private final List<String> seen = new ArrayList<>();
    private int budget = Integer.MAX_VALUE;
    private final ClientFrameReader reader = new ClientFrameReader(new ClientFrameReader.Frames() {
        @Override
        public boolean admit() {
            return budget-- > 0;
        }

        @Override
        public void text(ByteBuf utf8) {
            seen.add("text " + utf8.toString(StandardCharsets.UTF_8));
        }

        @Override
        public void binary() {
            seen.add("binary");
        }

        @Override
        public void ping(ByteBuf payload) {
            seen.add("ping " + payload.toString(StandardCharsets.UTF_8));
        }

        @Override
        public void pong() {
            seen.add("pong");
        }

        @Override
        public void close(ByteBuf payload) {
            seen.add("close " + (payload.readableBytes() >= 2 ? payload.getUnsignedShort(payload.readerIndex()) : 0));
        }

        @Override
        public void violation(int status, String reason) {
            seen.add("violation " + status);
        }
    }, PooledByteBufAllocator.DEFAULT, MAX);

    @AfterEach
    void release() {
        reader.release();
    }

    @Test
    void framesInOneReadAreReadInOrderAndUnmasked() {
        read(frame(true, 1, "{\"type\":\"move\"}"), frame(true, 9, "hi"), frame(true, 10, ""), frame(true, 2, "x"));

        assertThat(seen).containsExactly("text {\"type\":\"move\"}", "ping hi", "pong", "binary");
    }

    @Test
    void aFrameSplitAtEveryByteIsReadWhole() {
        byte[] bytes = concat(frame(true, 1, "abcdefghij-klmnopqrst"), frame(true, 1, "second"));
        for (byte b : bytes) {
            read(new byte[] {b});
        }

        assertThat(seen).containsExactly("text abcdefghij-klmnopqrst", "text second");
    }

    @Test
    void aFragmentedMessageIsJoinedAndAPingBetweenItsFragmentsIsAnswered() {
        read(frame(false, 1, "ab"), frame(true, 9, "p"), frame(false, 0, "cd"), frame(true, 0, "ef"));

        assertThat(seen).containsExactly("ping p", "text abcdef");
    }

    @Test
    void aTwoByteLengthIsRead() {
        ClientFrameReader large = new ClientFrameReader(new RecordingFrames(seen), PooledByteBufAllocator.DEFAULT,
                1000);
        String text = "x".repeat(300);
        ByteBuf in = Unpooled.wrappedBuffer(frame(true, 1, text));
        large.read(in);
        in.release();
        large.release();

        assertThat(seen).containsExactly("text " + text);
    }

    @Test
    void aMessageOverTheLimitIsRefusedFromItsHeaderBeforeItsPayloadArrives() {
        byte[] header = {(byte) 0x81, (byte) (0x80 | 126), 0x10, 0x00};

        read(header);

        assertThat(seen).containsExactly("violation 1009");
    }

    @Test
    void fragmentsThatTogetherExceedTheLimitAreRefused() {
        read(frame(false, 1, "x".repeat(40)), frame(true, 0, "y".repeat(40)));

        assertThat(seen).containsExactly("violation 1009");
    }

    @Test
    void anUnmaskedFrameIsAProtocolError() {
        read(new byte[] {(byte) 0x81, 0x01, 'a'});

        assertThat(seen).containsExactly("violation 1002");
    }

    @ParameterizedTest
    @ValueSource(ints = {0xC1, 0xA1, 0x91, 0x83, 0x87, 0x8B, 0x8F, 0x08, 0x09})
    void reservedBitsUnknownOpcodesAndFragmentedControlFramesAreProtocolErrors(int firstByte) {
        read(new byte[] {(byte) firstByte, (byte) 0x80, 1, 2, 3, 4});

        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void aControlFrameOver125BytesIsAProtocolError() {
        read(new byte[] {(byte) 0x89, (byte) (0x80 | 126), 0, 126});

        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void aLengthNotWrittenInTheFewestBytesIsAProtocolError() {
        read(new byte[] {(byte) 0x81, (byte) (0x80 | 126), 0, 5, 1, 2, 3, 4, 'a', 'b', 'c', 'd', 'e'});

        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void aContinuationWithoutAMessageAndANewMessageInsideAFragmentedOneAreProtocolErrors() {
        read(frame(true, 0, "x"));
        assertThat(seen).containsExactly("violation 1002");

        ClientFrameReader other = new ClientFrameReader(new RecordingFrames(seen), PooledByteBufAllocator.DEFAULT,
                MAX);
        seen.clear();
        ByteBuf in = Unpooled.wrappedBuffer(concat(frame(false, 1, "a"), frame(true, 1, "b")));
        other.read(in);
        in.release();
        other.release();
        assertThat(seen).containsExactly("violation 1002");
    }

    @Test
    void textThatIsNotUtf8IsInvalidPayload() {
        read(frame(true, 1, new byte[] {'o', 'k', (byte) 0xC3}));

        assertThat(seen).containsExactly("violation 1007");
    }

    @Test
    void utf8SplitOverFragmentsIsValid() {
        byte[] e = "é".getBytes(StandardCharsets.UTF_8);
        read(frame(false, 1, new byte[] {e[0]}), frame(true, 0, new byte[] {e[1]}));

        assertThat(seen).containsExactly("text é");
    }

    @Test
    void closeFramesAreCheckedBeforeTheyAreHandedOn() {
        read(frame(true, 8, new byte[] {0x03, (byte) 0xE8, 'b', 'y', 'e'}));
        assertThat(seen).containsExactly("close 1000");

        for (byte[] bad : List.of(new byte[] {0x03}, new byte[] {0x03, (byte) 0xED}, new byte[] {0x03,
                (byte) 0xE8, (byte) 0xC3})) {
            seen.clear();
            ClientFrameReader other = new ClientFrameReader(new RecordingFrames(seen),
                    PooledByteBufAllocator.DEFAULT, MAX);
            ByteBuf in = Unpooled.wrappedBuffer(frame(true, 8, bad));
            other.read(in);
            in.release();
            other.release();
            assertThat(seen).hasSize(1).allSatisfy(s -> assertThat(s).startsWith("violation 100"));
        }
    }

    @Test
    void nothingIsReadAfterAViolationOrOnceTheBudgetIsSpent() {
        budget = 2;
        read(frame(true, 1, "a"), frame(true, 1, "b"), frame(true, 1, "c"), frame(true, 1, "d"));
        assertThat(seen).containsExactly("text a", "text b");

        read(frame(true, 1, "e"));
        assertThat(seen).containsExactly("text a", "text b");
    }

    private void read(byte[]... frames) {
        ByteBuf in = Unpooled.wrappedBuffer(concat(frames));
        try {
            reader.read(in);
        } finally {
            in.release();
        }
    }

    private static byte[] frame(boolean fin, int opcode, String payload) {
        return frame(fin, opcode, payload.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] frame(boolean fin, int opcode, byte[] payload) {
        return MaskedFrame.withFirstByte((fin ? 0x80 : 0) | opcode, payload, MASK);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.write(part, 0, part.length);
        }
        return out.toByteArray();
    }

    /** Records text and violations only, for the readers a test makes besides the field's. */
    private record RecordingFrames(List<String> seen) implements ClientFrameReader.Frames {

        @Override
        public boolean admit() {
            return true;
        }

        @Override
        public void text(ByteBuf utf8) {
            seen.add("text " + utf8.toString(StandardCharsets.UTF_8));
        }

        @Override
        public void binary() {
        }

        @Override
        public void ping(ByteBuf payload) {
        }

        @Override
        public void pong() {
        }

        @Override
        public void close(ByteBuf payload) {
        }

        @Override
        public void violation(int status, String reason) {
            seen.add("violation " + status);
        }
    }
}
