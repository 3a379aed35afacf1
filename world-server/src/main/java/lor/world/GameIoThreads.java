package lor.world;

/**
 * How many event loops serve a world's players: half the processors and at least two (one on a single processor), or
 * the {@value #PROPERTY} system property ({@code --world-jvm-options "-Dlor.world.ioThreads=N"} on the director).
 *
 * <p>Why not Netty's default of two per processor (issue 5, figures in docs/benchmarks.md): a world's other busy
 * thread is its tick, and every loop more than the cores can run sleeps in {@code epoll_wait} and is woken for a
 * handful of frames, where one busy loop picks up hundreds per wake-up. At 1,000 players on 2 cores the world used
 * a fifth less CPU with one loop than with four. Why two rather than one (issue 20): since a game connection is one
 * stage, two loops cost no more CPU than one at 1,000 players on 2 cores (21.4/19.6 against 21.2/21.5 % of a core,
 * alternated) and write a broadcast's 1,000 frames in half the time: intent-to-visible p99 106 against 109-110 ms.
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
            return processors < 2 ? 1 : Math.max(2, processors / 2);
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
