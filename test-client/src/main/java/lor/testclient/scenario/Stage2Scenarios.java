package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import lor.protocol.Limits;
import lor.protocol.game.HelloMessage;
import lor.protocol.game.MoveMessage;
import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.testclient.net.DirectorHttp.WorldRow;

/**
 * Stage 2: authoritative movement on the grid, seen by the clients, predicted on the same rules. They play in
 * world {@code meadow}: 32 × 32, open edges, a few wall blocks, no NPCs, so every outcome is exact.
 */
public final class Stage2Scenarios {

    static final String WORLD = "meadow";
    /** "A world process that dies is noticed at once" (README): well before any heartbeat would be missed. */
    static final Duration NOTICED_WITHIN = Duration.ofSeconds(2);

    private Stage2Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("a step into a free cell shows in state", Stage2Scenarios::stepIntoFreeCell),
                new Scenario("a step into a wall is rejected as wall", Stage2Scenarios::stepIntoWall),
                new Scenario("a step off an open edge is rejected as out_of_bounds", Stage2Scenarios::stepOffEdge),
                new Scenario("two clients see each other move", Stage2Scenarios::seeEachOther),
                new Scenario("a step into another player is rejected as occupied", Stage2Scenarios::stepIntoPlayer),
                new Scenario("a forged position changes nothing", Stage2Scenarios::forgedPosition),
                new Scenario("flooding gets rate_limited, then closed", Stage2Scenarios::flooding),
                new Scenario("200 predicted moves give 0 mispredictions", Stage2Scenarios::predictedMoves),
                new Scenario("SIGKILL mid-play: rejoin at the last persisted position", Stage2Scenarios::killMidPlay),
                new Scenario("idle shutdown and rejoin restore the exact position", Stage2Scenarios::idleRejoin));
    }

    static void stepIntoFreeCell(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("step"), WORLD);
        player.awaitState("first state", STEP, s -> true);
        int[] at = player.position();
        Direction free = freeDirection(player);
        long seq = player.move(free);
        StateMessage state = player.awaitAck(seq);
        StateMessage.EntityState me = player.seen(player.entityId());
        check(me != null, "own entity is in its state");
        equal(at[0] + free.dx, me.x(), "x after stepping " + free);
        equal(at[1] + free.dy, me.y(), "y after stepping " + free);
        check(state.tick() > player.welcome().tick(), "state tick advances past the welcome tick");
        check(player.rejections().isEmpty(), "no rejection: " + player.rejections());
    }

    static void stepIntoWall(ScenarioContext ctx) throws Exception {
        stepRefusedBeside(ctx, "wall", true, RejectedMessage.WALL);
    }

    static void stepOffEdge(ScenarioContext ctx) throws Exception {
        stepRefusedBeside(ctx, "edge", false, RejectedMessage.OUT_OF_BOUNDS);
    }

    /** Walks beside the nearest wall (or open edge), steps into it, and expects the refusal and no move. */
    private static void stepRefusedBeside(ScenarioContext ctx, String prefix, boolean wall, String reason)
            throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount(prefix), WORLD);
        player.awaitState("first state", STEP, s -> true);
        int[] spot = nearestCellBeside(player, wall);
        player.walkTo(spot[0], spot[1]);
        long seq = player.move(Direction.ofCode(spot[2]));
        equal(reason, player.awaitRejection(seq).reason(), "reason");
        player.awaitAck(seq);
        equal(spot[0], player.position()[0], "x unchanged");
        equal(spot[1], player.position()[1], "y unchanged");
    }

    static void seeEachOther(ScenarioContext ctx) throws Exception {
        GamePlayer a = GamePlayer.enter(ctx, ctx.newAccount("see-a"), WORLD);
        GamePlayer b = GamePlayer.enter(ctx, ctx.newAccount("see-b"), WORLD);
        a.awaitState("A sees B", STEP, s -> a.seen(b.entityId()) != null);
        b.awaitState("B sees A", STEP, s -> b.seen(a.entityId()) != null);
        b.awaitState("B's first own state", STEP, s -> b.seen(b.entityId()) != null);
        Direction step = freeDirection(b);
        int[] from = b.position();
        b.awaitAck(b.move(step));
        a.awaitState("A sees B's step", STEP, s -> {
            StateMessage.EntityState seen = a.seen(b.entityId());
            return seen != null && seen.x() == from[0] + step.dx && seen.y() == from[1] + step.dy;
        });
        equal("player", a.seen(b.entityId()).kind(), "kind of B as A sees it");
    }

    static void stepIntoPlayer(ScenarioContext ctx) throws Exception {
        GamePlayer a = GamePlayer.enter(ctx, ctx.newAccount("occ-a"), WORLD);
        GamePlayer b = GamePlayer.enter(ctx, ctx.newAccount("occ-b"), WORLD);
        a.awaitState("A sees B", STEP, s -> a.seen(b.entityId()) != null && a.seen(a.entityId()) != null);
        StateMessage.EntityState target = a.seen(b.entityId());
        Grid grid = a.prediction().grid();
        for (Direction toward : Direction.values()) {
            int bx = target.x() - toward.dx;
            int by = target.y() - toward.dy;
            if (bx >= 0 && by >= 0 && bx < grid.width() && by < grid.height()
                    && !grid.isWall(grid.size().index(bx, by, target.layer()))
                    && (a.prediction().other(bx, by, target.layer()) == 0)) {
                a.walkTo(bx, by);
                long seq = a.move(toward);
                equal(RejectedMessage.OCCUPIED, a.awaitRejection(seq).reason(), "reason");
                a.awaitAck(seq);
                equal(bx, a.position()[0], "x unchanged");
                equal(by, a.position()[1], "y unchanged");
                return;
            }
        }
        throw new AssertionError("no free cell beside B at " + target.x() + "," + target.y());
    }

    static void forgedPosition(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("forge"), WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        int[] at = player.position();
        int fx = at[0] == 0 ? 1 : 0;
        player.connection().sendText("{\"type\":\"move\",\"dir\":\"E\",\"seq\":1,\"x\":" + fx + ",\"y\":0,"
                + "\"layer\":0}");
        player.connection().sendText("{\"type\":\"position\",\"x\":" + fx + ",\"y\":0,\"layer\":0}");
        player.awaitState("the errors and a later state", STEP, s -> player.errors().size() >= 2);
        equal("bad_request", player.errors().get(0).code(), "answer to a move with a position");
        equal("unknown_type", player.errors().get(1).code(), "answer to a position message");
        StateMessage later = player.awaitState("a state after the forgeries", STEP, s -> true);
        check(later.ack() == 0, "no intent was processed, ack is " + later.ack());
        equal(at[0], player.position()[0], "x unchanged");
        equal(at[1], player.position()[1], "y unchanged");
    }

    static void flooding(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("flood"), WORLD);
        for (int i = 0; i < 60; i++) {
            player.move(i % 2 == 0 ? Direction.E : Direction.W);
        }
        player.awaitState("a state after the burst", STEP,
                s -> player.rejections().stream().anyMatch(r -> r.reason().equals(RejectedMessage.RATE_LIMITED)));
        check(!player.connection().isClosed(), "a burst of 60 keeps the connection");

        GamePlayer flooder = GamePlayer.enter(ctx, ctx.newAccount("flooder"), WORLD);
        for (int i = 1; i <= 400; i++) {
            // The server closes the connection somewhere in the flood; sending stops there.
            if (!flooder.connection().trySend(new MoveMessage(i % 2 == 0 ? "N" : "S", i, null))) {
                break;
            }
        }
        equal(Limits.CLOSE_POLICY, flooder.connection().awaitClose(STEP), "close status of a flooder");
    }

    static void predictedMoves(ScenarioContext ctx) throws Exception {
        predictedMoves(ctx, HelloMessage.JSON);
    }

    /** 200 random moves at 16 a second, predicted on the client and reconciled on every state of {@code encoding}. */
    static void predictedMoves(ScenarioContext ctx, String encoding) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("predict"), WORLD, encoding);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        Random random = new Random(2026);
        Direction[] directions = Direction.values();
        long last = 0;
        // 16 intents a second: under the 20/s limit, so every one of the 200 reaches a tick.
        long interval = 1_000_000_000L / 16;
        long next = System.nanoTime();
        for (int i = 0; i < 200; i++) {
            while (System.nanoTime() < next) {
                player.readFor(Duration.ofNanos(next - System.nanoTime()));
            }
            next += interval;
            last = player.move(directions[random.nextInt(directions.length)]);
        }
        player.awaitAck(last);
        check(player.rejections().stream().noneMatch(r -> r.reason().equals(RejectedMessage.RATE_LIMITED)),
                "no intent was rate limited");
        check(player.prediction().reconciled() > 0, "states acknowledged the intents");
        equal(0L, player.prediction().mispredictions(), "mispredictions over 200 moves");
        equal(player.prediction().predictedX(), player.position()[0], "predicted x equals the server's");
        equal(player.prediction().predictedY(), player.position()[1], "predicted y equals the server's");
    }

    static void killMidPlay(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("crash");
        GamePlayer player = GamePlayer.enter(ctx, account, WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        for (int i = 0; i < 3; i++) {
            player.awaitAck(player.move(freeDirection(player)));
        }
        int[] at = player.position();
        long seqAfterMoves = ctx.http().world(WORLD).lastSnapshotSeq();
        ctx.await("a snapshot taken after the moves", ctx.lifecycleTimeout(),
                () -> ctx.http().world(WORLD).lastSnapshotSeq() > seqAfterMoves);
        long pid = ctx.http().world(WORLD).pid();
        ProcessHandle world = ProcessHandle.of(pid).orElseThrow(
                () -> new AssertionError("world process " + pid + " is not on this host"));
        world.destroyForcibly();
        // The director notices a dead world at once (its process handle's exit), not at the next heartbeat.
        ctx.await("the director to see the world stopped", NOTICED_WITHIN,
                () -> ctx.http().world(WORLD).status().equals("stopped"));
        WorldRow stopped = ctx.http().world(WORLD);
        check(stopped.pid() == null, "a stopped world has no pid, not " + stopped.pid());
        check(player.connection().awaitClose(STEP) > 0, "the killed world's player lost its connection");
        GamePlayer back = GamePlayer.enter(ctx, ctx.login(account.username()), WORLD);
        WorldRow running = ctx.http().world(WORLD);
        check(running.pid() != null && running.pid() != pid, "a new pid, not " + pid);
        equal(stopped.lastSnapshotSeq(), running.hydratedSeq(), "hydrated from the last persisted snapshot");
        equal(at[0], back.welcome().you().x(), "x after the crash");
        equal(at[1], back.welcome().you().y(), "y after the crash");
        equal(at[2], back.welcome().you().layer(), "layer after the crash");
        check(back.welcome().tick() > player.welcome().tick(), "the clock continues from the snapshot: tick "
                + back.welcome().tick() + " after " + player.welcome().tick());
    }

    static void idleRejoin(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("idle");
        GamePlayer player = GamePlayer.enter(ctx, account, WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        for (int i = 0; i < 2; i++) {
            player.awaitAck(player.move(freeDirection(player)));
        }
        int[] at = player.position();
        player.connection().close();
        account.client().close();
        ctx.await("world meadow to stop when idle", ctx.lifecycleTimeout(),
                () -> ctx.http().world(WORLD).status().equals("stopped"));
        GamePlayer back = GamePlayer.enter(ctx, ctx.login(account.username()), WORLD);
        equal(at[0], back.welcome().you().x(), "x after an idle shutdown");
        equal(at[1], back.welcome().you().y(), "y after an idle shutdown");
        equal(at[2], back.welcome().you().layer(), "layer after an idle shutdown");
    }

    /** A direction into a walkable, unoccupied cell on the grid, as the player last saw it. */
    static Direction freeDirection(GamePlayer player) {
        Grid grid = player.prediction().grid();
        int[] at = player.position();
        for (Direction d : Direction.values()) {
            int x = at[0] + d.dx;
            int y = at[1] + d.dy;
            if (x >= 0 && y >= 0 && x < grid.width() && y < grid.height()
                    && !grid.isWall(grid.size().index(x, y, at[2])) && player.prediction().other(x, y, at[2]) == 0) {
                return d;
            }
        }
        throw new AssertionError("no free cell around " + at[0] + "," + at[1]);
    }

    /**
     * The free cell nearest the player from which one step in some direction hits a wall ({@code wall}) or leaves
     * the grid (otherwise): {@code {x, y, direction code}}.
     */
    private static int[] nearestCellBeside(GamePlayer player, boolean wall) {
        Grid grid = player.prediction().grid();
        int[] at = player.position();
        int[] best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (grid.isWall(grid.size().index(x, y, at[2])) || player.prediction().other(x, y, at[2]) != 0) {
                    continue;
                }
                for (Direction d : Direction.values()) {
                    int nx = x + d.dx;
                    int ny = y + d.dy;
                    boolean off = nx < 0 || ny < 0 || nx >= grid.width() || ny >= grid.height();
                    boolean hit = wall ? !off && grid.isWall(grid.size().index(nx, ny, at[2])) : off;
                    int distance = Math.abs(x - at[0]) + Math.abs(y - at[1]);
                    if (hit && distance < bestDistance) {
                        best = new int[] {x, y, d.code()};
                        bestDistance = distance;
                    }
                }
            }
        }
        if (best == null) {
            throw new AssertionError(wall ? "the map has no wall" : "the map has no open edge");
        }
        return best;
    }
}
