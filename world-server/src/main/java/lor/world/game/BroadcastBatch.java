package lor.world.game;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import io.netty.buffer.ByteBuf;

/**
 * One tick's frames (its {@code rejected} answers and, every other tick, its state frames), grouped by the event
 * loop that writes each connection, and handed to each loop as a single task. Written one by one from the tick
 * thread, every frame would be its own cross-thread task (a queue entry, a promise, often a wake-up) and the tick
 * thread would pay for all of them; this way it pays for one task per loop and the loops write in their own time.
 * A loop writes all its frames, then flushes each connection once: one system call per connection per tick.
 * Tick-thread confined; the map holds one entry per event loop.
 */
public final class BroadcastBatch {

    private record Pending(PlayerConnection connection, ByteBuf frame, boolean binary) {
    }

    private final Map<Executor, List<Pending>> byWriter = new IdentityHashMap<>();

    /** Takes ownership of {@code frame}. */
    void add(PlayerConnection connection, ByteBuf frame, boolean binary) {
        byWriter.computeIfAbsent(connection.writer(), w -> new ArrayList<>()).add(new Pending(connection, frame,
                binary));
    }

    /** Hands every loop its frames, in the order they were added. */
    public void send() {
        for (Map.Entry<Executor, List<Pending>> entry : byWriter.entrySet()) {
            List<Pending> frames = entry.getValue();
            try {
                entry.getKey().execute(() -> write(frames));
            } catch (RejectedExecutionException e) {
                // The loop is shutting down with the server: nobody is left to write to.
                for (Pending p : frames) {
                    p.frame().release();
                }
            }
        }
        byWriter.clear();
    }

    private static void write(List<Pending> frames) {
        for (Pending p : frames) {
            p.connection().write(p.frame(), p.binary());
        }
        for (Pending p : frames) {
            p.connection().flush();
        }
    }
}
