package lor.world.game.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoop;
import lor.protocol.netty.KeepAlive;

/**
 * Keeps the game connections of one event loop alive with one timer, rather than two timers per connection (a ping
 * schedule and an idle deadline, as {@link KeepAlive} has): every few hundred milliseconds it pings each connection
 * whose last ping is {@code pingInterval} old, and closes each one silent for {@code timeout}. A thousand players
 * cost one task a tick of the sweep instead of a thousand scheduled tasks re-armed on every read.
 *
 * <p>{@link Sweeps} finds a loop's sweep; the connections list is confined to that loop.
 */
public final class KeepAliveSweep implements Runnable {

    /** The sweep of each event loop of one game endpoint: one entry per loop. */
    public static final class Sweeps {

        private final Map<EventLoop, KeepAliveSweep> byLoop = new ConcurrentHashMap<>();
        private final KeepAlive.Settings settings;

        Sweeps(KeepAlive.Settings settings) {
            this.settings = settings;
        }

        KeepAliveSweep of(EventLoop loop) {
            return byLoop.computeIfAbsent(loop, l -> new KeepAliveSweep(l, settings));
        }
    }

    private final List<GameWire> wires = new ArrayList<>();
    private final long pingIntervalNanos;
    private final long timeoutNanos;

    private KeepAliveSweep(EventLoop loop, KeepAlive.Settings settings) {
        this.pingIntervalNanos = settings.pingInterval().toNanos();
        this.timeoutNanos = settings.timeout().toNanos();
        // A tenth of the ping interval: a ping is at most that late, a silent peer dropped at most that much after
        // its deadline.
        long period = Math.max(TimeUnit.MILLISECONDS.toNanos(5), Math.min(pingIntervalNanos / 10,
                TimeUnit.SECONDS.toNanos(1)));
        loop.scheduleAtFixedRate(this, period, period, TimeUnit.NANOSECONDS);
    }

    /** On the loop. */
    void add(GameWire wire) {
        wire.sweepIndex = wires.size();
        wires.add(wire);
    }

    /** On the loop; a wire not (or no longer) in the sweep is ignored. */
    void remove(GameWire wire) {
        int index = wire.sweepIndex;
        if (index < 0 || index >= wires.size() || wires.get(index) != wire) {
            return;
        }
        GameWire last = wires.remove(wires.size() - 1);
        if (last != wire) {
            wires.set(index, last);
            last.sweepIndex = index;
        }
        wire.sweepIndex = -1;
    }

    @Override
    public void run() {
        long now = System.nanoTime();
        // Backwards: a connection closed during the sweep leaves it by swapping the last one into its place.
        for (int i = wires.size() - 1; i >= 0; i--) {
            if (i < wires.size()) {
                wires.get(i).keepAlive(now, pingIntervalNanos, timeoutNanos);
            }
        }
    }

    int size() {
        return wires.size();
    }
}
