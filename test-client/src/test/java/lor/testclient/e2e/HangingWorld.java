package lor.testclient.e2e;

import java.util.concurrent.CountDownLatch;

/** A stand-in world server that starts and never registers: what a stuck world looks like to the director. */
public final class HangingWorld {

    private HangingWorld() {
    }

    public static void main(String[] args) throws InterruptedException {
        new CountDownLatch(1).await();
    }
}
