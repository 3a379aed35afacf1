package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.util.List;

import lor.protocol.game.TransferMessage;
import lor.sim.grid.Direction;
import lor.testclient.net.DirectorHttp.WorldRow;

/**
 * Stage 3: players move between worlds through portals, and the director knows who is where. World {@code start}
 * has an alcove east of its hall whose far wall leads to {@code cellar}; the cellar's stairs lead back.
 */
public final class Stage3Scenarios {

    static final String START = "start";
    static final String CELLAR = "cellar";
    /** Where start's portal puts a player in the cellar (its map's {@code @portal} line). */
    static final int[] CELLAR_LANDING = {6, 6, 0};

    private Stage3Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("a portal transfers the player to its target cell", Stage3Scenarios::portalTransfer),
                new Scenario("membership counts follow players between worlds", Stage3Scenarios::membershipCounts),
                new Scenario("a portal to a world killed a moment before respawns it",
                        Stage3Scenarios::portalToKilled));
    }

    static void portalTransfer(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("portal"), START);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        TransferMessage transfer = player.walkThroughPortalTo(CELLAR);
        equal(CELLAR, transfer.worldId(), "transfer target");
        check(player.connection().awaitClose(STEP) == 1000, "the old world closes the connection normally");
        GamePlayer below = GamePlayer.follow(ctx, transfer);
        equal(CELLAR_LANDING[0], below.welcome().you().x(), "x in the cellar");
        equal(CELLAR_LANDING[1], below.welcome().you().y(), "y in the cellar");
        equal(CELLAR_LANDING[2], below.welcome().you().layer(), "layer in the cellar");
        below.awaitState("the cellar's state", STEP, s -> below.seen(below.entityId()) != null);
    }

    static void membershipCounts(ScenarioContext ctx) throws Exception {
        GamePlayer a = GamePlayer.enter(ctx, ctx.newAccount("member-a"), START);
        GamePlayer b = GamePlayer.enter(ctx, ctx.newAccount("member-b"), START);
        awaitCounts(ctx, 2, 0);
        GamePlayer aBelow = GamePlayer.follow(ctx, firstState(a).walkThroughPortalTo(CELLAR));
        awaitCounts(ctx, 1, 1);
        GamePlayer bBelow = GamePlayer.follow(ctx, firstState(b).walkThroughPortalTo(CELLAR));
        awaitCounts(ctx, 0, 2);
        aBelow.connection().close();
        awaitCounts(ctx, 0, 1);
        check(bBelow.welcome().entityId() > 0, "B is in the cellar");
    }

    static void portalToKilled(ScenarioContext ctx) throws Exception {
        // Someone in the cellar keeps it running; the player waits beside start's portal.
        GamePlayer below = GamePlayer.enter(ctx, ctx.newAccount("below"), CELLAR);
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("respawn"), START);
        firstState(player);
        int[] spot = player.besidePortal(CELLAR);
        player.walkTo(spot[0], spot[1]);
        long killed = ctx.http().world(CELLAR).pid();

        ProcessHandle.of(killed).orElseThrow(() -> new AssertionError("cellar pid " + killed + " is not on this host"))
                .destroyForcibly();
        // Once the director has seen the exit. In the few milliseconds before, it still grants the dead process
        // (as it would a world that dies just after a grant): a client then fails to connect and joins again.
        ctx.await("the director to see the cellar's exit", STEP,
                () -> !ctx.http().world(CELLAR).status().equals("running"));
        TransferMessage transfer = player.stepOntoPortal(Direction.ofCode(spot[2]));

        GamePlayer arrived = GamePlayer.follow(ctx, transfer);
        WorldRow cellar = ctx.http().world(CELLAR);
        check(cellar.pid() != null && cellar.pid() != killed, "a new cellar process, not " + killed);
        equal(CELLAR_LANDING[0], arrived.welcome().you().x(), "x in the respawned cellar");
        equal(CELLAR_LANDING[1], arrived.welcome().you().y(), "y in the respawned cellar");
        check(below.connection().awaitClose(STEP) > 0, "the cellar's old players lost their connection");
    }

    private static GamePlayer firstState(GamePlayer player) throws Exception {
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        return player;
    }

    private static void awaitCounts(ScenarioContext ctx, int inStart, int inCellar) throws Exception {
        ctx.await(inStart + " in start and " + inCellar + " in the cellar", STEP, () ->
                ctx.http().world(START).players() == inStart && ctx.http().world(CELLAR).players() == inCellar
                        && ctx.http().metric("lor_players_online") == inStart + inCellar);
    }
}
