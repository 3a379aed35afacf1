package lor.testclient.soak;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import lor.sim.world.Direction;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;

/**
 * One soak player: logs in, joins its world, random-walks at 10 intents a second, and when its world dies under it
 * (the soak kills worlds) joins again, as a real player would.
 */
final class SoakPlayer implements Runnable {

    private static final Duration MOVE_EVERY = Duration.ofMillis(100);
    private static final Direction[] DIRECTIONS = Direction.values();

    private final ScenarioContext ctx;
    private final String worldId;
    private final long deadlineNanos;
    private final SplittableRandom random;
    private final AtomicLong joins;
    private final AtomicLong failures;

    SoakPlayer(ScenarioContext ctx, String worldId, long deadlineNanos, long seed, AtomicLong joins,
               AtomicLong failures) {
        this.ctx = ctx;
        this.worldId = worldId;
        this.deadlineNanos = deadlineNanos;
        this.random = new SplittableRandom(seed);
        this.joins = joins;
        this.failures = failures;
    }

    @Override
    public void run() {
        ScenarioContext.Account account = null;
        while (System.nanoTime() < deadlineNanos) {
            try {
                if (account == null || account.client().isClosed()) {
                    account = ctx.newAccount("soak");
                }
                GamePlayer player = GamePlayer.enter(ctx, account, worldId);
                joins.incrementAndGet();
                while (System.nanoTime() < deadlineNanos && !player.connection().isClosed()) {
                    player.move(DIRECTIONS[random.nextInt(DIRECTIONS.length)]);
                    player.readFor(MOVE_EVERY);
                    // Walls and other players refuse moves all the time: keep only the latest refusals.
                    player.rejections().clear();
                    player.errors().clear();
                }
                player.connection().close();
            } catch (Exception | AssertionError e) {
                failures.incrementAndGet();
                // The world is restarting: try again shortly, as a client would, not in a tight loop.
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250 + random.nextInt(500)));
            }
        }
    }
}
