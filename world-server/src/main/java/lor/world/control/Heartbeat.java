package lor.world.control;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import lor.protocol.control.Timings;
import lor.protocol.control.WorldHeartbeatMessage;

/**
 * Tells the director once a second that this world is alive, but only if its tick thread has moved on since the
 * last beat, or is busy with a hydration (a long wait, not a failure). A stuck tick thread, or a stopped process,
 * stops the beats, and the director kills and replaces the world. Runs on the control event loop.
 */
public final class Heartbeat implements Runnable {

    public static final long INTERVAL_MILLIS = Timings.HEARTBEAT_PERIOD.toMillis();

    private final String worldId;
    private final ControlLink link;
    private final LongSupplier progress;
    private final BooleanSupplier busy;
    private long lastProgress = -1;

    /**
     * @param progress a count the tick thread advances on every pass of its loop
     * @param busy     true while the tick thread runs something long that a beat should still vouch for
     */
    public Heartbeat(String worldId, ControlLink link, LongSupplier progress, BooleanSupplier busy) {
        this.worldId = worldId;
        this.link = link;
        this.progress = progress;
        this.busy = busy;
    }

    @Override
    public void run() {
        long now = progress.getAsLong();
        if (now != lastProgress || busy.getAsBoolean()) {
            lastProgress = now;
            link.send(new WorldHeartbeatMessage(worldId, now));
        }
    }
}
