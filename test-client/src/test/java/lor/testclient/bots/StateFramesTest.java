package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import lor.protocol.game.GameMessages;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.protocol.game.binary.Varints;
import org.junit.jupiter.api.Test;

class StateFramesTest {

    @Test
    void readsTheAckOfAJsonStateAsTheWorldWritesIt() {
        String json = GameMessages.serverCodec().encode(new StateMessage(1234, 567,
                List.of(new StateMessage.EntityState(1, 2, 3, 0, "player"))));
        ByteBuf text = utf8(json);

        assertThat(StateFrames.jsonKind(text)).isEqualTo(StateFrames.Kind.STATE);
        assertThat(StateFrames.jsonAck(text)).isEqualTo(567);
        assertThat(text.readerIndex()).isZero();
    }

    @Test
    void readsTheAckOfAStateWrittenByHand() {
        ByteBuf text = utf8("{\"type\":\"state\",\"tick\":88,\"ack\":0,\"entities\":[]}");
        assertThat(StateFrames.jsonAck(text)).isZero();
        ByteBuf spaced = utf8("{ \"type\" : \"state\", \"tick\": 9, \"ack\" :\t42 , \"entities\": [] }");
        assertThat(StateFrames.jsonKind(spaced)).isEqualTo(StateFrames.Kind.STATE);
        assertThat(StateFrames.jsonAck(spaced)).isEqualTo(42);
    }

    @Test
    void readsOnlyTheAckMemberNotAStringThatLooksLikeIt() {
        ByteBuf text = utf8("{\"type\":\"state\",\"note\":\"\\\"ack\\\"\",\"tick\":1,\"ack\":7,\"entities\":[]}");
        assertThat(StateFrames.jsonAck(text)).isEqualTo(7);
    }

    @Test
    void aStateWithoutAnAckReadsAsMinusOne() {
        assertThat(StateFrames.jsonAck(utf8("{\"type\":\"state\",\"tick\":1,\"entities\":[]}"))).isEqualTo(-1);
        assertThat(StateFrames.jsonAck(utf8("{\"type\":\"state\",\"ack\":\"x\"}"))).isEqualTo(-1);
        assertThat(StateFrames.jsonAck(utf8("{\"type\":\"state\",\"ack\":"))).isEqualTo(-1);
    }

    @Test
    void readsTheSeqAndReasonOfARejection() {
        ByteBuf wall = utf8(GameMessages.serverCodec().encode(new RejectedMessage(31, RejectedMessage.WALL)));
        ByteBuf limited = utf8(GameMessages.serverCodec().encode(
                new RejectedMessage(32, RejectedMessage.RATE_LIMITED)));

        assertThat(StateFrames.jsonKind(wall)).isEqualTo(StateFrames.Kind.REJECTED);
        assertThat(StateFrames.jsonSeq(wall)).isEqualTo(31);
        assertThat(StateFrames.jsonRateLimited(wall)).isFalse();
        assertThat(StateFrames.jsonSeq(limited)).isEqualTo(32);
        assertThat(StateFrames.jsonRateLimited(limited)).isTrue();
    }

    @Test
    void otherMessagesAreNeitherStatesNorRejections() {
        assertThat(StateFrames.jsonKind(utf8("{\"type\":\"welcome\",\"entityId\":1}")))
                .isEqualTo(StateFrames.Kind.OTHER);
        assertThat(StateFrames.jsonKind(utf8("{\"type\":\"states\"}"))).isEqualTo(StateFrames.Kind.OTHER);
        assertThat(StateFrames.jsonKind(utf8("{\"code\":\"x\"}"))).isEqualTo(StateFrames.Kind.OTHER);
        assertThat(StateFrames.jsonKind(utf8(""))).isEqualTo(StateFrames.Kind.OTHER);
    }

    @Test
    void readsTheAckOfABinaryStateOnKnownBytes() {
        // kind 1, tick 300 = 0xAC 0x02, ack 129 = 0x81 0x01, flags 0, no regions.
        ByteBuf frame = Unpooled.wrappedBuffer(new byte[] {1, (byte) 0xAC, 0x02, (byte) 0x81, 0x01, 0, 0, 0, 0});
        assertThat(StateFrames.binaryAck(frame)).isEqualTo(129);
        assertThat(frame.readerIndex()).isZero();
    }

    @Test
    void readsTheAckOfABinaryStateWrittenWithVarints() {
        ByteBuf frame = Unpooled.buffer();
        frame.writeByte(BinaryState.KIND_STATE);
        Varints.write(frame, 9_876_543_210L);
        Varints.write(frame, 2_000_000L);
        frame.writeByte(BinaryState.FLAG_RESET);
        Varints.write(frame, 0);
        frame.readerIndex(0);
        assertThat(StateFrames.binaryAck(frame)).isEqualTo(2_000_000L);
        assertThat(StateFrames.binaryAck(frame.skipBytes(0))).isEqualTo(2_000_000L);
    }

    @Test
    void aBinaryFrameThatIsNotAStateOrIsCutShortReadsAsMinusOne() {
        assertThat(StateFrames.binaryAck(Unpooled.wrappedBuffer(new byte[] {2, 1, 1, 0}))).isEqualTo(-1);
        assertThat(StateFrames.binaryAck(Unpooled.wrappedBuffer(new byte[] {1, (byte) 0x80}))).isEqualTo(-1);
        assertThat(StateFrames.binaryAck(Unpooled.wrappedBuffer(new byte[] {1, 5}))).isEqualTo(-1);
        assertThat(StateFrames.binaryAck(Unpooled.wrappedBuffer(new byte[] {1, 5, (byte) 0x81}))).isEqualTo(-1);
        assertThat(StateFrames.binaryAck(Unpooled.EMPTY_BUFFER)).isEqualTo(-1);
    }

    @Test
    void readsFromTheReaderIndexOfASlice() {
        ByteBuf whole = Unpooled.wrappedBuffer(new byte[] {9, 9, 1, 3, 4, 0});
        assertThat(StateFrames.binaryAck(whole.slice(2, 4))).isEqualTo(4);
        whole.readerIndex(2);
        assertThat(StateFrames.binaryAck(whole)).isEqualTo(4);
    }

    private static ByteBuf utf8(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
    }
}
