package lor.world.agones;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Vouches for a tick thread that has moved on since it was last asked, or is busy with something long that is not
 * a failure (a hydration): a stuck tick thread stops the health pings, and Agones replaces the game server. The
 * same rule as the director's heartbeat ({@link lor.world.control.Heartbeat}). Asked from one thread only.
 */
public final class TickAlive implements BooleanSupplier {

    private final LongSupplier progress;
    private final BooleanSupplier busy;
    private long lastProgress = -1;

    /**
     * @param progress a count the tick thread advances on every pass of its loop
     * @param busy     true while the tick thread runs something long that should still count as alive
     */
    public TickAlive(LongSupplier progress, BooleanSupplier busy) {
        this.progress = progress;
        this.busy = busy;
    }

    @Override
    public boolean getAsBoolean() {
        long now = progress.getAsLong();
        boolean movedOn = now != lastProgress;
        lastProgress = now;
        return movedOn || busy.getAsBoolean();
    }
}
