package lor.world.game;

import java.nio.charset.StandardCharsets;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import lor.protocol.game.RejectedMessage;
import lor.protocol.netty.ServerFrameHeader;

/**
 * A tick's {@code rejected} answers (an intent into a wall, off the map, into another player: about one in six at
 * the bench), written as the codec would write them but without its tree and string, with room for the frame
 * header in front ({@link ServerFrameHeader}), and handed to the event loops in the tick's {@link BroadcastBatch}:
 * on a broadcast tick a connection's answers leave with its state frame. Tick-thread confined.
 */
public final class Rejections {

    private static final byte[] HEAD = "{\"type\":\"rejected\",\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REASON = ",\"reason\":\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TAIL = "\"}".getBytes(StandardCharsets.US_ASCII);

    private final ByteBufAllocator alloc;
    private final BroadcastBatch batch;

    /** Adding to {@code batch}, the tick's, which its owner sends. */
    public Rejections(ByteBufAllocator alloc, BroadcastBatch batch) {
        this.alloc = alloc;
        this.batch = batch;
    }

    /** Queues {@code rejected} for {@code connection}; {@code reason} is one of {@link RejectedMessage}'s. */
    public void add(PlayerConnection connection, long seq, String reason) {
        batch.add(connection, encode(alloc, seq, reason), false);
    }

    /**
     * The bytes {@code MessageCodec.encode(new RejectedMessage(seq, reason))} gives, for a reason that needs no JSON
     * escaping (all of {@link RejectedMessage}'s), readable after {@link ServerFrameHeader#MAX_BYTES} of room.
     */
    public static ByteBuf encode(ByteBufAllocator alloc, long seq, String reason) {
        int room = ServerFrameHeader.MAX_BYTES;
        ByteBuf frame = alloc.buffer(room + HEAD.length + 20 + REASON.length + reason.length() + TAIL.length);
        frame.writerIndex(room).readerIndex(room);
        frame.writeBytes(HEAD);
        ByteBufUtil.writeAscii(frame, Long.toString(seq));
        frame.writeBytes(REASON);
        ByteBufUtil.writeAscii(frame, reason);
        frame.writeBytes(TAIL);
        return frame;
    }
}
