package lor.testclient.bots;

/**
 * The measurement window on the {@link System#nanoTime()} clock: unset until the join phase is over, then
 * {@code [start, end)}. Written once by the run's main thread, read by every bot on its event loop.
 */
final class MeasurementWindow {

    private record Bounds(long start, long end) {
    }

    private volatile Bounds bounds;

    void set(long startNanos, long endNanos) {
        if (endNanos - startNanos <= 0) {
            throw new IllegalArgumentException("the window must end after it starts");
        }
        bounds = new Bounds(startNanos, endNanos);
    }

    /** Whether an intent sent at {@code nowNanos} is measured. */
    boolean contains(long nowNanos) {
        Bounds b = bounds;
        return b != null && nowNanos - b.start() >= 0 && nowNanos - b.end() < 0;
    }

    boolean isSet() {
        return bounds != null;
    }

    long startNanos() {
        return bounds.start();
    }

    long endNanos() {
        return bounds.end();
    }

    double seconds() {
        Bounds b = bounds;
        return (b.end() - b.start()) / 1e9;
    }
}
