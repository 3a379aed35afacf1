package lor.director.world.process;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a world process said about why it could not start ({@link lor.protocol.control.WorldExitCodes#FAILURE_LINE}),
 * as its output pump read it. The process may exit before the pump has read its last lines, so a reader waits for
 * the output to close first.
 */
public final class ProcessReport {

    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile String failure;

    void failure(String reason) {
        failure = reason;
    }

    void outputClosed() {
        closed.countDown();
    }

    /** The reason the process gave, once its output has closed (or after a short wait); null if it gave none. */
    public String awaitFailure() {
        try {
            closed.await(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return failure;
    }
}
