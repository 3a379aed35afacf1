package lor.testclient.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import lor.sim.grid.Direction;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;

/**
 * Players spread over several worlds, each signing in and joining through a director picked at random, then
 * stepping east and west ten times a second for as long as the test runs. A player whose game connection ends, or
 * whose game fails, is a drop: directors dying or fenced off must never cost a player their world. A portal the
 * player steps onto is followed (that is play, not a drop).
 */
final class ClusterPlayers implements AutoCloseable {

    private static final Duration MOVE_EVERY = Duration.ofMillis(100);
    /**
     * Players signing in at once: the director answers more logins in flight from one address (all of them come
     * from 127.0.0.1 here) with {@code rate_limited}, as it should a crowd behind one NAT.
     */
    private static final int SIGNING_IN = 16;

    private final List<Player> players = new ArrayList<>();
    private final ExecutorService threads;
    private final CountDownLatch joined;
    private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
    private final Semaphore signingIn = new Semaphore(SIGNING_IN);
    private volatile boolean playing = true;

    /**
     * @param directors one context per director, joined through at random
     */
    ClusterPlayers(List<ScenarioContext> directors, List<String> worlds, int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        threads = Executors.newFixedThreadPool(count, r -> {
            Thread t = new Thread(r, "cluster-player");
            t.setDaemon(true);
            return t;
        });
        joined = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            ScenarioContext through = directors.get(random.nextInt(directors.size()));
            Player player = new Player(i, through, worlds.get(i % worlds.size()));
            players.add(player);
            threads.execute(player);
        }
    }

    /** @return whether every player has joined its world within {@code timeout} */
    boolean awaitJoined(Duration timeout) throws InterruptedException {
        return joined.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Players that lost their world, or never got into it, with why. */
    List<String> failures() {
        return List.copyOf(failures);
    }

    /** Players that have not received a state since {@code sinceNanos} (a nanoTime). */
    List<String> silentSince(long sinceNanos) {
        List<String> silent = new ArrayList<>();
        for (Player p : players) {
            if (p.lastStateNanos - sinceNanos < 0) {
                silent.add(p + " in " + p.worldId);
            }
        }
        return silent;
    }

    @Override
    public void close() throws InterruptedException {
        playing = false;
        threads.shutdown();
        threads.awaitTermination(10, TimeUnit.SECONDS);
        threads.shutdownNow();
    }

    private final class Player implements Runnable {

        private final int number;
        private final ScenarioContext through;
        private final String worldId;
        private volatile long lastStateNanos;

        Player(int number, ScenarioContext through, String worldId) {
            this.number = number;
            this.through = through;
            this.worldId = worldId;
        }

        @Override
        public void run() {
            GamePlayer player;
            try {
                signingIn.acquire();
                try {
                    player = GamePlayer.enter(through, through.newAccount("cp"), worldId);
                } finally {
                    signingIn.release();
                }
            } catch (Exception | AssertionError e) {
                failures.add(this + " could not join " + worldId + ": " + e);
                joined.countDown();
                return;
            }
            lastStateNanos = System.nanoTime();
            joined.countDown();
            try {
                play(player);
            } catch (Exception | AssertionError e) {
                if (playing) {
                    failures.add(this + " lost " + worldId + ": " + e);
                }
            }
        }

        private void play(GamePlayer player) throws Exception {
            Direction step = Direction.E;
            Object seen = player.lastState();
            while (playing) {
                if (player.transfer() != null) {
                    player = GamePlayer.follow(through, player.transfer());
                }
                if (player.connection().isClosed()) {
                    failures.add(this + " was disconnected from " + worldId);
                    return;
                }
                player.move(step);
                step = step == Direction.E ? Direction.W : Direction.E;
                player.readFor(MOVE_EVERY);
                if (player.lastState() != seen) {
                    seen = player.lastState();
                    lastStateNanos = System.nanoTime();
                }
                player.rejections().clear();
                player.errors().clear();
            }
        }

        @Override
        public String toString() {
            return "player " + number;
        }
    }
}
