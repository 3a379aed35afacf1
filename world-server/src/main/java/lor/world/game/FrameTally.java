package lor.world.game;

import io.netty.buffer.ByteBuf;

/**
 * The binary frames a broadcaster and its writers hand to connections, and their bytes (shared parts counted once per
 * frame: what goes on the wire), for the world's load report. Tick-thread confined.
 */
final class FrameTally {

    private long frames;
    private long bytes;

    /** Counts {@code frame} and adds it to the tick's batch for the session's connection. */
    void send(BroadcastBatch out, PlayerSession session, ByteBuf frame) {
        bytes += frame.readableBytes();
        frames++;
        out.add(session.connection(), frame, true);
    }

    long frames() {
        return frames;
    }

    long bytes() {
        return bytes;
    }
}
