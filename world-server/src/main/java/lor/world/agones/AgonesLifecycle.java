package lor.world.agones;

import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * What a world process tells Agones about its lifecycle: Ready once its world is hydrated, Health while its tick
 * runs, Shutdown when it exits cleanly. Every method returns at once whatever the SDK sidecar does, so any thread
 * may call them, the tick thread included. {@link #OFF} outside Agones: it does nothing at all.
 */
public interface AgonesLifecycle {

    /** How long a clean exit waits at most for the sidecar to accept Shutdown. */
    long SHUTDOWN_WAIT_MILLIS = 6_000;

    /** Not under Agones: no thread, no connection, no call. */
    AgonesLifecycle OFF = new AgonesLifecycle() {
        @Override
        public void healthWhile(BooleanSupplier alive) {
        }

        @Override
        public void ready() {
        }

        @Override
        public CompletableFuture<Boolean> shutdown() {
            return CompletableFuture.completedFuture(false);
        }

        @Override
        public void close() {
        }
    };

    /**
     * From now on pings Health at every interval for which {@code alive} vouches; replaces the previous guard.
     * {@code alive} is asked from one thread only, once per interval.
     */
    void healthWhile(BooleanSupplier alive);

    /** Asks for Ready once (later calls do nothing); retried until the sidecar accepts it or Shutdown is asked. */
    void ready();

    /**
     * Stops the health pings and asks for Shutdown, once: for a clean exit only (a failing process just exits, and
     * Agones learns of it from the exit). Completes with whether the sidecar accepted it, within
     * {@link #SHUTDOWN_WAIT_MILLIS}.
     */
    CompletableFuture<Boolean> shutdown();

    /** Stops every call, without Shutdown. */
    void close();
}
