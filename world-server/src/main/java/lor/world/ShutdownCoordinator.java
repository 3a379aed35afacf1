package lor.world;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

import lor.protocol.control.ShutdownAckMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way a world stops, whether the director asked or the process got SIGTERM: stop accepting players,
 * take them out and publish a final snapshot on the tick thread, wait for the director's ack, send
 * {@code shutdown_ack}, tell Agones (when under it) that the game server is done, then release threads. Runs once;
 * later calls join the first.
 */
final class ShutdownCoordinator {

    private static final Logger LOG = LoggerFactory.getLogger(ShutdownCoordinator.class);

    /** Exit status when the final snapshot was acknowledged. */
    static final int EXIT_CLEAN = 0;
    /** Exit status when the world stopped without an acknowledged final snapshot. */
    static final int EXIT_UNSAVED = 1;

    private final WorldServer server;
    private final long ackTimeoutMillis;
    private final AtomicBoolean started = new AtomicBoolean();
    private final CompletableFuture<Integer> terminated = new CompletableFuture<>();

    ShutdownCoordinator(WorldServer server, long ackTimeoutMillis) {
        this.server = server;
        this.ackTimeoutMillis = ackTimeoutMillis;
    }

    CompletableFuture<Integer> shutdown(String reason) {
        if (started.compareAndSet(false, true)) {
            Thread thread = new Thread(() -> terminated.complete(run(reason)), "shutdown");
            thread.start();
        }
        return terminated;
    }

    CompletableFuture<Integer> terminated() {
        return terminated;
    }

    private int run(String reason) {
        LOG.info("world {} shutting down: {}", server.worldId(), reason);
        int status = EXIT_UNSAVED;
        try {
            server.gameServer().stopAccepting();
            long seq = finalSnapshot();
            server.outbox().acknowledged(seq).get(ackTimeoutMillis, TimeUnit.MILLISECONDS);
            LOG.info("final snapshot seq {} acknowledged", seq);
            server.control().send(new ShutdownAckMessage(server.worldId(), seq));
            status = EXIT_CLEAN;
        } catch (TimeoutException e) {
            LOG.error("final snapshot not acknowledged within {} ms; changes since seq {} are lost",
                    ackTimeoutMillis, server.outbox().ackedSeq());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            LOG.error("shutdown failed", e.getCause());
        } catch (RuntimeException e) {
            LOG.error("shutdown failed", e);
        } finally {
            if (status == EXIT_CLEAN) {
                // Only now: Agones deletes the pod on Shutdown, so nothing may be left unsaved.
                server.shutDownAgones();
            }
            server.releaseResources();
        }
        return status;
    }

    /** Runs {@link WorldRuntime#closeForShutdown()} on the tick thread and returns the final seq. */
    private long finalSnapshot() throws InterruptedException, ExecutionException, TimeoutException {
        CompletableFuture<Long> seq = new CompletableFuture<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!server.loop().submit(() -> seq.complete(server.runtime().closeForShutdown()))) {
            // The queue is full of player commands; the tick drains it within one period.
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("tick thread does not take the shutdown command");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        return seq.get(10, TimeUnit.SECONDS);
    }
}
