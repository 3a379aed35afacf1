package lor.testclient.soak;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import lor.sim.grid.Direction;
import lor.testclient.scenario.GamePlayer;
import lor.testclient.scenario.ScenarioContext;

/**
 * One soak player, as a real one behaves: signs in once, joins its world (once every player has signed in),
 * random-walks at 10 intents a second, and when its connection ends under it (its world was killed, or it stepped
 * onto a portal) joins its world again.
 */
final class SoakPlayer implements Runnable {

    private static final Duration MOVE_EVERY = Duration.ofMillis(100);
    private static final Direction[] DIRECTIONS = Direction.values();

    private final ScenarioContext ctx;
    private final String worldId;
    private final String encoding;
    private final SplittableRandom random;
    private final Players players;
    private ScenarioContext.Account account;

    SoakPlayer(ScenarioContext ctx, String worldId, String encoding, long seed, Players players) {
        this.ctx = ctx;
        this.worldId = worldId;
        this.encoding = encoding;
        this.random = new SplittableRandom(seed);
        this.players = players;
    }

    @Override
    public void run() {
        boolean waited = false;
        while (players.playing()) {
            try {
                if (account == null || account.client().isClosed()) {
                    account = players.signIn(() -> account == null ? ctx.newAccount("soak")
                            : ctx.login(account.username()));
                }
                if (!waited) {
                    players.signedIn();
                    waited = true;
                }
                GamePlayer player = GamePlayer.enter(ctx, account, worldId, encoding);
                players.joined(this);
                walk(player);
            } catch (InterruptedException e) {
                return;
            } catch (Exception | AssertionError e) {
                if (!players.playing()) {
                    return;
                }
                players.failed(e);
                // Its world is restarting: try again shortly, as a client would, not in a tight loop.
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(250 + random.nextInt(500)));
            }
        }
    }

    private void walk(GamePlayer player) throws Exception {
        while (players.playing() && !player.connection().isClosed()) {
            player.move(DIRECTIONS[random.nextInt(DIRECTIONS.length)]);
            player.readFor(MOVE_EVERY);
            // Walls and other players refuse moves all the time; nothing reads these.
            player.rejections().clear();
            player.errors().clear();
        }
        player.connection().close();
    }
}
