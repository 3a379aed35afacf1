package lor.testclient.soak;

import java.time.Duration;
import java.util.Collections;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import lor.testclient.scenario.ScenarioContext;

/** The soak's players, one thread each, spread evenly over the worlds; they play until {@link #stop()}. */
final class Players {

    /**
     * Registering and logging in cost the director a 600,000-iteration PBKDF2 each. Two at a time keep each answer
     * well within its deadline on a small host; two hundred at once would time out, be retried, and pile up work.
     */
    static final int SIGN_INS_AT_ONCE = 2;

    private final ExecutorService threads;
    private final Semaphore signIns = new Semaphore(SIGN_INS_AT_ONCE);
    private final Set<SoakPlayer> everJoined = Collections.newSetFromMap(new ConcurrentHashMap<>());
    private final CountDownLatch allSignedIn;
    private final CountDownLatch joining = new CountDownLatch(1);
    private final CountDownLatch allJoined;
    private final AtomicLong joins = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicReference<String> lastFailure = new AtomicReference<>();
    private final int count;
    private volatile boolean playing = true;

    private Players(int count) {
        this.count = count;
        AtomicInteger n = new AtomicInteger();
        this.threads = Executors.newFixedThreadPool(count, r -> {
            Thread t = new Thread(r, "soak-player-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
        this.allSignedIn = new CountDownLatch(count);
        this.allJoined = new CountDownLatch(count);
    }

    static Players start(ScenarioContext ctx, SoakOptions options) {
        Players players = new Players(options.players());
        SplittableRandom seeds = new SplittableRandom(options.seed());
        for (int i = 0; i < options.players(); i++) {
            String world = options.worlds().get(i % options.worlds().size());
            players.threads.execute(new SoakPlayer(ctx, world, options.encoding(), seeds.nextLong(), players));
        }
        return players;
    }

    /** Waits for every player to have signed in (registered and logged in). */
    boolean awaitAllSignedIn(Duration timeout) throws InterruptedException {
        return allSignedIn.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Lets the players join their worlds and walk. Held back until every player has signed in: a walking crowd
     * would slow the remaining sign-ins' password hashing, and the hashing would starve the worlds of the crowd.
     */
    void letJoin() {
        joining.countDown();
    }

    boolean awaitAllJoined(Duration timeout) throws InterruptedException {
        return allJoined.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Players that have signed in at least once. */
    int signedInOnce() {
        return count - (int) allSignedIn.getCount();
    }

    /** Players that have joined their world at least once. */
    int joinedOnce() {
        return everJoined.size();
    }

    long joins() {
        return joins.get();
    }

    long failures() {
        return failures.get();
    }

    String lastFailure() {
        return lastFailure.get();
    }

    boolean playing() {
        return playing;
    }

    /** Stops every player and waits for their threads; a player waiting for an answer is interrupted. */
    void stop() throws InterruptedException {
        playing = false;
        joining.countDown();
        threads.shutdown();
        if (!threads.awaitTermination(10, TimeUnit.SECONDS)) {
            threads.shutdownNow();
            threads.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    ScenarioContext.Account signIn(SignIn signIn) throws Exception {
        signIns.acquire();
        try {
            return signIn.run();
        } finally {
            signIns.release();
        }
    }

    /** Called once by each player when it has signed in; it returns when players may join. */
    void signedIn() throws InterruptedException {
        allSignedIn.countDown();
        joining.await();
    }

    void joined(SoakPlayer player) {
        joins.incrementAndGet();
        if (everJoined.add(player)) {
            allJoined.countDown();
        }
    }

    void failed(Throwable e) {
        failures.incrementAndGet();
        lastFailure.set(e.getMessage() == null ? e.toString() : e.getMessage());
    }

    @FunctionalInterface
    interface SignIn {
        ScenarioContext.Account run() throws Exception;
    }
}
