package lor.world.game;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.CloseWebSocketFrame;
import io.netty.handler.codec.http.websocketx.ContinuationWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import lor.protocol.netty.MaskedFrame;

/**
 * Test adapters around a game wire on an embedded channel, so that tests speak in frame objects while the wire reads
 * and writes real bytes: frames written inbound become a client's masked bytes; the server's bytes written outbound
 * become frames again.
 */
final class WireFrames {

    private static final byte[] MASK = {0x37, (byte) 0xfa, 0x21, 0x3d};

    private WireFrames() {
    }

    /** First in the pipeline: frames a test writes inbound reach the wire as a client's bytes. */
    static ChannelInboundHandlerAdapter clientBytes() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof WebSocketFrame frame) {
                    try {
                        ctx.fireChannelRead(Unpooled.wrappedBuffer(masked(frame)));
                    } finally {
                        frame.release();
                    }
                } else {
                    ctx.fireChannelRead(msg);
                }
            }
        };
    }

    static byte[] masked(WebSocketFrame frame) {
        int opcode = frame instanceof TextWebSocketFrame ? 1 : frame instanceof BinaryWebSocketFrame ? 2
                : frame instanceof CloseWebSocketFrame ? 8 : frame instanceof PingWebSocketFrame ? 9
                : frame instanceof PongWebSocketFrame ? 10 : 0;
        byte[] payload = new byte[frame.content().readableBytes()];
        frame.content().getBytes(frame.content().readerIndex(), payload);
        return MaskedFrame.withFirstByte((frame.isFinalFragment() ? 0x80 : 0) | frame.rsv() << 4 | opcode, payload,
                MASK);
    }

    /** First in the pipeline: the bytes the wire writes reach the test as frames, one object per frame. */
    static ChannelOutboundHandlerAdapter serverFrames() {
        return new ChannelOutboundHandlerAdapter() {
            private ByteBuf pending = Unpooled.buffer();

            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                if (!(msg instanceof ByteBuf bytes)) {
                    ctx.write(msg, promise);
                    return;
                }
                pending.writeBytes(bytes);
                bytes.release();
                WebSocketFrame frame;
                while ((frame = next()) != null) {
                    ctx.write(frame);
                }
                if (!promise.isVoid()) {
                    promise.setSuccess();
                }
            }

            private WebSocketFrame next() {
                if (pending.readableBytes() < 2) {
                    return null;
                }
                int start = pending.readerIndex();
                int b0 = pending.getUnsignedByte(start);
                int length = pending.getUnsignedByte(start + 1) & 0x7f;
                int header = 2;
                if (length == 126) {
                    if (pending.readableBytes() < 4) {
                        return null;
                    }
                    length = pending.getUnsignedShort(start + 2);
                    header = 4;
                } else if (length == 127) {
                    if (pending.readableBytes() < 10) {
                        return null;
                    }
                    length = (int) pending.getLong(start + 2);
                    header = 10;
                }
                if (pending.readableBytes() < header + length) {
                    return null;
                }
                pending.skipBytes(header);
                ByteBuf content = pending.readBytes(length);
                pending.discardReadBytes();
                boolean fin = (b0 & 0x80) != 0;
                return switch (b0 & 0x0f) {
                    case 1 -> new TextWebSocketFrame(fin, 0, content);
                    case 2 -> new BinaryWebSocketFrame(fin, 0, content);
                    case 8 -> new CloseWebSocketFrame(fin, 0, content);
                    case 9 -> new PingWebSocketFrame(content);
                    case 10 -> new PongWebSocketFrame(content);
                    default -> new ContinuationWebSocketFrame(fin, 0, content);
                };
            }
        };
    }
}
