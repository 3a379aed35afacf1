package lor.testclient.bots;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameDecoder;
import io.netty.handler.codec.http.websocketx.WebSocket13FrameEncoder;
import org.junit.jupiter.api.Test;

class ByteCounterTest {

    private long read;
    private long written;

    private final ByteCounter.Counts counts = new ByteCounter.Counts() {
        @Override
        public void bytesRead(int bytes) {
            read += bytes;
        }

        @Override
        public void bytesWritten(int bytes) {
            written += bytes;
        }
    };

    @Test
    void countsTheRawBytesOfFramesReadAndWrittenFramingIncluded() {
        EmbeddedChannel channel = new EmbeddedChannel(new ByteCounter(counts),
                new WebSocket13FrameDecoder(false, false, 65536), new WebSocket13FrameEncoder(true));
        // A server frame: FIN + text, unmasked, 5-byte payload: 2 bytes of header.
        ByteBuf serverFrame = Unpooled.wrappedBuffer(new byte[] {(byte) 0x81, 5, 'h', 'e', 'l', 'l', 'o'});

        channel.writeInbound(serverFrame);
        channel.writeOutbound(new TextWebSocketFrame("hi"));

        TextWebSocketFrame inbound = channel.readInbound();
        assertThat(inbound.text()).isEqualTo("hello");
        inbound.release();
        assertThat(read).isEqualTo(7);
        // A client frame is masked: 2 bytes of header, 4 of mask, 2 of payload.
        assertThat(written).isEqualTo(8);
        ByteBuf out;
        long total = 0;
        while ((out = channel.readOutbound()) != null) {
            total += out.readableBytes();
            out.release();
        }
        assertThat(total).isEqualTo(8);
        channel.finishAndReleaseAll();
    }
}
