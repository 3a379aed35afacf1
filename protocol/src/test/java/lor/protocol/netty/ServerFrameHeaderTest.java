package lor.protocol.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket08FrameEncoder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ServerFrameHeaderTest {

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 125, 126, 1000, 65535, 65536, 70000})
    void writesTheBytesNettysEncoderWritesForTheSamePayload(int length) {
        byte[] payload = new byte[length];
        for (int i = 0; i < length; i++) {
            payload[i] = (byte) (i * 31);
        }
        ByteBuf framed = Unpooled.buffer().writerIndex(ServerFrameHeader.MAX_BYTES).writeBytes(payload);
        framed.readerIndex(ServerFrameHeader.MAX_BYTES);

        assertThat(ServerFrameHeader.prepend(framed, ServerFrameHeader.OPCODE_BINARY)).isTrue();

        assertThat(ByteBufUtil.getBytes(framed)).isEqualTo(encodedByNetty(payload));
        framed.release();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 125, 126, 1000, 65535, 65536, 70000})
    void writesAHeaderOfItsOwnAsNettysEncoderWouldBeforeThePayload(int length) {
        byte[] payload = new byte[length];
        ByteBuf framed = Unpooled.buffer(1);

        ServerFrameHeader.write(framed, ServerFrameHeader.OPCODE_BINARY, length);
        framed.writeBytes(payload);

        assertThat(ByteBufUtil.getBytes(framed)).isEqualTo(encodedByNetty(payload));
        framed.release();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3})
    void refusesAndLeavesThePayloadAloneWithoutRoomForTheHeader(int room) {
        ByteBuf buf = Unpooled.buffer().writerIndex(room).writeBytes(new byte[200]);
        buf.readerIndex(room);

        assertThat(ServerFrameHeader.prepend(buf, ServerFrameHeader.OPCODE_BINARY)).isFalse();

        assertThat(buf.readerIndex()).isEqualTo(room);
        assertThat(buf.readableBytes()).isEqualTo(200);
        buf.release();
    }

    private static byte[] encodedByNetty(byte[] payload) {
        EmbeddedChannel channel = new EmbeddedChannel(new WebSocket08FrameEncoder(false));
        try {
            channel.writeOutbound(new BinaryWebSocketFrame(Unpooled.wrappedBuffer(payload)));
            ByteBuf all = Unpooled.buffer();
            for (Object part; (part = channel.readOutbound()) != null; ) {
                all.writeBytes((ByteBuf) part);
                ((ByteBuf) part).release();
            }
            byte[] bytes = ByteBufUtil.getBytes(all);
            all.release();
            return bytes;
        } finally {
            channel.finishAndReleaseAll();
        }
    }
}
