package lor.world;

/**
 * How many event loops serve a world's players: half the processors, at least one, or the
 * {@value #PROPERTY} system property ({@code --world-jvm-options "-Dlor.world.ioThreads=N"} on the director).
 *
 * <p>Why not Netty's default of two per processor (issue 5, figures in docs/benchmarks.md): a world's other busy
 * thread is its tick, and every loop more than the cores can run sleeps in {@code epoll_wait} and is woken for a
 * handful of frames, where one busy loop picks up hundreds per wake-up. At 1,000 players on 2 cores the world used
 * a fifth less CPU with one loop than with four, and a seventh less than with two, at the same latency.
 */
final class GameIoThreads {

    static final String PROPERTY = "lor.world.ioThreads";
    static final int MAX = 64;

    private GameIoThreads() {
    }

    static int count() {
        return count(System.getProperty(PROPERTY), Runtime.getRuntime().availableProcessors());
    }

    static int count(String configured, int processors) {
        if (configured == null) {
            return Math.max(1, processors / 2);
        }
        try {
            int threads = Integer.parseInt(configured.trim());
            if (threads >= 1 && threads <= MAX) {
                return threads;
            }
        } catch (NumberFormatException e) {
            // Reported below with the accepted range.
        }
        throw new IllegalArgumentException(
                "-D" + PROPERTY + " must be a whole number from 1 to " + MAX + ", not \"" + configured + "\"");
    }
}
