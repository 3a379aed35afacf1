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
 * thread would pay for all of them; this way it pays for one task per loop and per {@value #FRAMES_PER_TASK} frames,
 * and the loops write in their own time: a loop gets its first frames while the tick thread still encodes the rest,
 * so the last connection of a broadcast is not kept waiting for the whole encoding as well as for its turn. A task
 * writes its frames, then flushes each connection once: one system call per connection per tick.
 * Tick-thread confined; the map holds one entry per event loop.
 */
public final class BroadcastBatch {

    private record Pending(PlayerConnection connection, ByteBuf frame, boolean binary) {
    }

    /** Enough that a broadcast to 1,000 connections is a handful of tasks, few enough that the first goes early. */
    static final int FRAMES_PER_TASK = 64;

    private final Map<Executor, List<Pending>> byWriter = new IdentityHashMap<>();

    /** Takes ownership of {@code frame}. */
    void add(PlayerConnection connection, ByteBuf frame, boolean binary) {
        Executor writer = connection.writer();
        List<Pending> frames = byWriter.computeIfAbsent(writer, w -> new ArrayList<>());
        frames.add(new Pending(connection, frame, binary));
        if (frames.size() == FRAMES_PER_TASK) {
            byWriter.remove(writer);
            hand(writer, frames);
        }
    }

    /** Hands every loop the rest of its frames; each loop writes its frames in the order they were added. */
    public void send() {
        for (Map.Entry<Executor, List<Pending>> entry : byWriter.entrySet()) {
            hand(entry.getKey(), entry.getValue());
        }
        byWriter.clear();
    }

    private static void hand(Executor writer, List<Pending> frames) {
        try {
            writer.execute(() -> write(frames));
        } catch (RejectedExecutionException e) {
            // The loop is shutting down with the server: nobody is left to write to.
            for (Pending p : frames) {
                p.frame().release();
            }
        }
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
