package lor.protocol.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import lor.protocol.Limits;
import lor.protocol.MessageCodec;
import lor.protocol.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The byte-level reader of plain moves: what it takes itself, and what it leaves to the codec. */
class MoveFrameReaderTest {

    private final MessageCodec codec = GameMessages.serverCodec();

    @Test
    void readsTheMoveABotSends() throws ProtocolException {
        assertReadAsTheCodecDoes("{\"type\":\"move\",\"dir\":\"N\",\"seq\":7}", new MoveMessage("N", 7, null));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"seq\":7,\"dir\":\"E\",\"type\":\"move\"}",
        "{\"dir\":\"E\",\"type\":\"move\",\"seq\":7}",
        " \t\r\n{ \"type\" : \"move\" ,\n\"dir\"\t:\t\"E\"\r,\"seq\":7 } \n",
    })
    void takesTheFieldsInAnyOrderWithJsonWhitespaceBetweenTokens(String frame) throws ProtocolException {
        assertReadAsTheCodecDoes(frame, new MoveMessage("E", 7, null));
    }

    @Test
    void takesEachDirection() throws ProtocolException {
        for (String dir : new String[] {"N", "E", "S", "W"}) {
            assertReadAsTheCodecDoes("{\"type\":\"move\",\"dir\":\"" + dir + "\",\"seq\":1}",
                    new MoveMessage(dir, 1, null));
        }
    }

    @Test
    void takesAStringRefANullRefAndAnEmptyOne() throws ProtocolException {
        assertReadAsTheCodecDoes("{\"type\":\"move\",\"dir\":\"S\",\"seq\":2,\"ref\":\"m-1 ok!\"}",
                new MoveMessage("S", 2, "m-1 ok!"));
        assertReadAsTheCodecDoes("{\"ref\":null,\"type\":\"move\",\"dir\":\"S\",\"seq\":2}",
                new MoveMessage("S", 2, null));
        assertReadAsTheCodecDoes("{\"type\":\"move\",\"ref\":\"\",\"dir\":\"S\",\"seq\":2}",
                new MoveMessage("S", 2, ""));
    }

    @Test
    void takesARefOfTheLongestAllowedLength() throws ProtocolException {
        String ref = "r".repeat(Limits.MAX_STRING_CHARS);

        assertReadAsTheCodecDoes("{\"type\":\"move\",\"dir\":\"W\",\"seq\":3,\"ref\":\"" + ref + "\"}",
                new MoveMessage("W", 3, ref));
    }

    @Test
    void takesSeqFromZeroToEighteenDigits() throws ProtocolException {
        assertReadAsTheCodecDoes("{\"type\":\"move\",\"dir\":\"N\",\"seq\":0}", new MoveMessage("N", 0, null));
        assertReadAsTheCodecDoes("{\"type\":\"move\",\"dir\":\"N\",\"seq\":999999999999999999}",
                new MoveMessage("N", 999_999_999_999_999_999L, null));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        // other messages and other shapes
        "{\"type\":\"hello\",\"ticket\":\"t\"}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"x\":3}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"x\":null}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"extra\":true}",
        "{\"type\":\"move\",\"dir\":\"N\"}",
        "{\"type\":\"move\",\"seq\":1}",
        "{\"dir\":\"N\",\"seq\":1}",
        "{}",
        "[]",
        "",
        "   ",
        "null",
        // escapes: the codec decodes them
        "{\"type\":\"move\",\"dir\":\"\\u004E\",\"seq\":1}",
        "{\"type\":\"mov\\u0065\",\"dir\":\"N\",\"seq\":1}",
        "{\"t\\u0079pe\":\"move\",\"dir\":\"N\",\"seq\":1}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"ref\":\"a\\\"b\"}",
        // numbers in forms other than plain digits
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":-0}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1.0}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1e3}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1000000000000000000}",
        // refs of other kinds
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"ref\":9}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"ref\":\"caf\u00e9\"}",
        // whitespace JSON does not have
        "{\"type\":\"move\",\f\"dir\":\"N\",\"seq\":1}",
        "\u00a0{\"type\":\"move\",\"dir\":\"N\",\"seq\":1}",
    })
    void leavesToTheCodecEverythingButAPlainMove(String frame) {
        assertThat(read(frame)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"type\":\"move\",\"dir\":\"n\",\"seq\":1}",
        "{\"type\":\"move\",\"dir\":\"NE\",\"seq\":1}",
        "{\"type\":\"move\",\"dir\":\"\",\"seq\":1}",
        "{\"type\":\"move\",\"dir\":null,\"seq\":1}",
        "{\"type\":\"move\",\"dir\":1,\"seq\":1}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":-1}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1.5}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":\"3\"}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":null}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":01}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":99999999999999999999}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"dir\":\"S\"}",
        "{\"type\":\"move\",\"type\":\"move\",\"dir\":\"N\",\"seq\":1}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1} x",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1}}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1",
        "{\"type\":\"move\",\"dir\":\"N\" \"seq\":1}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"ref\":true}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"ref\":\"tab\there\"}",
        "{\"type\":\"move\",\"dir\":\"N\",\"seq\":1,\"ref\":\"unterminated}",
        "{\"type\":\"Move\",\"dir\":\"N\",\"seq\":1}",
    })
    void leavesEveryRefusalToTheCodec(String frame) {
        assertThat(read(frame)).isNull();
        assertThat(codecRefusal(frame)).as("the codec refuses %s", frame).isNotNull();
    }

    @Test
    void leavesARefOneCharacterTooLongToTheCodec() {
        String frame = "{\"type\":\"move\",\"dir\":\"W\",\"seq\":3,\"ref\":\""
                + "r".repeat(Limits.MAX_STRING_CHARS + 1) + "\"}";

        assertThat(read(frame)).isNull();
        assertThat(codecRefusal(frame)).hasMessage("ref is too long");
    }

    @Test
    void readsFromTheReaderIndexToTheWriterIndexAndMovesNeither() {
        ByteBuf frame = Unpooled.buffer();
        frame.writeCharSequence("garbage{\"type\":\"move\",\"dir\":\"N\",\"seq\":4}garbage", StandardCharsets.US_ASCII);
        frame.readerIndex("garbage".length());
        frame.writerIndex(frame.writerIndex() - "garbage".length());
        int reader = frame.readerIndex();
        int writer = frame.writerIndex();

        assertThat(MoveFrameReader.read(frame)).isEqualTo(new MoveMessage("N", 4, null));
        assertThat(frame.readerIndex()).isEqualTo(reader);
        assertThat(frame.writerIndex()).isEqualTo(writer);
    }

    @Test
    void readsAFrameReassembledFromFragmentsAndADirectBuffer() {
        CompositeByteBuf fragments = Unpooled.compositeBuffer();
        fragments.addComponent(true, ascii("{\"type\":\"mo"));
        fragments.addComponent(true, ascii("ve\",\"dir\":\"S\",\"se"));
        fragments.addComponent(true, ascii("q\":12,\"ref\":\"f\"}"));
        ByteBuf direct = Unpooled.directBuffer();
        direct.writeCharSequence("{\"type\":\"move\",\"dir\":\"E\",\"seq\":13}", StandardCharsets.US_ASCII);

        assertThat(MoveFrameReader.read(fragments)).isEqualTo(new MoveMessage("S", 12, "f"));
        assertThat(MoveFrameReader.read(direct)).isEqualTo(new MoveMessage("E", 13, null));
        fragments.release();
        direct.release();
    }

    private void assertReadAsTheCodecDoes(String frame, MoveMessage expected) throws ProtocolException {
        assertThat(read(frame)).isEqualTo(expected);
        assertThat(codec.decode(frame)).isEqualTo(expected);
    }

    private ProtocolException codecRefusal(String frame) {
        try {
            codec.decode(frame);
            return null;
        } catch (ProtocolException e) {
            return e;
        }
    }

    static MoveMessage read(String frame) {
        ByteBuf bytes = Unpooled.wrappedBuffer(frame.getBytes(StandardCharsets.UTF_8));
        try {
            return MoveFrameReader.read(bytes);
        } finally {
            bytes.release();
        }
    }

    private static ByteBuf ascii(String text) {
        return Unpooled.wrappedBuffer(text.getBytes(StandardCharsets.US_ASCII));
    }
}
