package lor.testclient.soak;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/** The soak's progress lines, {@code soak: t=SECONDS s …}, timed from the moment every player is in. */
final class SoakLog {

    private final PrintStream out;
    private volatile long startNanos = System.nanoTime();

    SoakLog(PrintStream out) {
        this.out = out;
    }

    /** The soak proper starts: time 0 of every later line and of every sample. */
    void startClock() {
        startNanos = System.nanoTime();
    }

    long elapsedSeconds() {
        return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos);
    }

    void line(String format, Object... args) {
        out.printf("soak: t=%d s %s%n", elapsedSeconds(), String.format(format, args));
        out.flush();
    }
}
