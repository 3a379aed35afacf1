package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.testclient.net.DirectorHttp.WorldRow;

/**
 * Ticking objects in the start world, which plays the default content pack: a player builds a furnace from its
 * starting wood, feeds it ore and coal, waits for the night (the furnace only burns then), and takes out the iron;
 * and a crate's stock comes back after its world's process is killed. Each scenario dismantles what it built, so the
 * spawn stays clear for whoever comes next.
 */
public final class Stage7Scenarios {

    static final String WORLD = "start";
    /** A whole clock cycle of the default pack (day, dusk, night: 200 ticks each at 20 a second), with room. */
    static final Duration CYCLE = Duration.ofSeconds(40);

    private Stage7Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("objects: build a furnace, smelt iron at night, take it out", Stage7Scenarios::economy),
                new Scenario("objects: binary state shows what JSON state shows",
                        Stage7Scenarios::binaryAgreesWithJson),
                new Scenario("objects: a crate's stock comes back after SIGKILL of its world",
                        Stage7Scenarios::stockSurvivesKill));
    }

    static void economy(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("smith"), WORLD);
        check(player.pack().kindIndex("furnace") >= 0, "welcome carries the default pack");
        equal(Map.of("wood", 20, "ore", 8, "coal", 4), player.inventory(), "the starting inventory");
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null && s.clock() != null);

        Direction side = build(player, "furnace");
        int[] at = beside(player, side);
        equal(16, player.inventory().get("wood"), "wood after building a furnace");
        acknowledged(player, player.put(side, "ore", 2));
        acknowledged(player, player.put(side, "coal", 1));

        StateMessage done = player.awaitState("iron in the furnace", CYCLE, s -> {
            StateMessage.ObjectState furnace = player.objectAt(at[0], at[1], at[2]);
            return furnace != null && furnace.stock().getOrDefault("iron", 0) == 1;
        });
        equal("night", done.clock().line(), "the line the furnace smelted on");
        acknowledged(player, player.take(side, "iron", 1));
        equal(1, player.inventory().get("iron"), "iron in the inventory");
        StateMessage.ObjectState furnace = player.objectAt(at[0], at[1], at[2]);
        check(furnace != null && furnace.stock().isEmpty(), "the furnace is empty after the take: " + furnace);

        dismantle(player, side);
        equal(20, player.inventory().get("wood"), "wood after dismantling the furnace");
        equal(0L, player.prediction().mispredictions(), "mispredicted moves and actions");
        equal(0L, player.prediction().mispredictedActions(), "mispredicted actions");
        check(player.prediction().judgedActions() == 5,
                "actions predicted and checked: " + player.prediction().judgedActions());
    }

    /**
     * A binary player builds a crate, fills it and empties it; a JSON player beside it sees the same objects, clock
     * and stocks at the same ticks, and the binary player's inventory follows.
     */
    static void binaryAgreesWithJson(ScenarioContext ctx) throws Exception {
        GamePlayer binary = GamePlayer.enter(ctx, ctx.newAccount("packer"), WORLD, BinaryState.ENCODING);
        GamePlayer json = GamePlayer.enter(ctx, ctx.newAccount("watcher"), WORLD);
        binary.awaitState("first binary state", STEP, s -> binary.seen(binary.entityId()) != null && s.clock() != null);
        json.awaitState("first JSON state", STEP, s -> json.seen(json.entityId()) != null);
        Direction side = build(binary, "crate");
        int[] at = beside(binary, side);
        acknowledged(binary, binary.put(side, "ore", 6));
        equal(2, binary.inventory().get("ore"), "ore carried after the put (binary inventory)");
        StateMessage seen = binary.awaitState("the crate's ore", STEP,
                s -> crateOre(binary, at) == 6);
        StateMessage same = json.awaitState("the JSON state of tick " + seen.tick(), STEP,
                s -> s.tick() >= seen.tick());
        if (same.tick() == seen.tick()) {
            equal(seen.clock(), same.clock(), "clock at tick " + seen.tick());
            equal(json.objectAt(at[0], at[1], at[2]), binary.objectAt(at[0], at[1], at[2]), "the crate, both ways");
        }
        acknowledged(binary, binary.take(side, "ore", 6));
        binary.awaitState("the crate empty", STEP, s -> crateOre(binary, at) == 0);
        equal(8, binary.inventory().get("ore"), "ore carried after the take (binary inventory)");
        dismantle(binary, side);
        json.awaitState("the crate gone for the JSON player", STEP, s -> json.objectAt(at[0], at[1], at[2]) == null);
        equal(0L, binary.prediction().mispredictedActions(), "mispredicted actions");
    }

    private static int crateOre(GamePlayer player, int[] at) {
        StateMessage.ObjectState crate = player.objectAt(at[0], at[1], at[2]);
        return crate == null ? -1 : crate.stock().getOrDefault("ore", 0);
    }

    static void stockSurvivesKill(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("keeper");
        GamePlayer player = GamePlayer.enter(ctx, account, WORLD);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        Direction side = build(player, "crate");
        int[] at = beside(player, side);
        acknowledged(player, player.put(side, "ore", 5));
        long afterPut = ctx.http().world(WORLD).lastSnapshotSeq();
        long killed = WorldKills.afterNextSnapshot(ctx, player, WORLD, afterPut, "the put");

        GamePlayer back = GamePlayer.enter(ctx, ctx.login(account.username()), WORLD);
        WorldRow row = ctx.http().world(WORLD);
        check(row.pid() != null && row.pid() != killed, "a new process, not " + killed);
        equal(3, back.inventory().get("ore"), "ore carried after the crash");
        StateMessage.ObjectState crate = back.awaitState("the crate in view", STEP,
                s -> back.objectAt(at[0], at[1], at[2]) != null).objects().stream()
                .filter(o -> o.x() == at[0] && o.y() == at[1]).findFirst().orElseThrow();
        equal("crate", crate.kind(), "the object beside the player");
        equal(Map.of("ore", 5), crate.stock(), "the crate's stock after the crash");
        int[] now = back.position();
        Direction towards = null;
        for (Direction d : Direction.values()) {
            if (now[0] + d.dx == at[0] && now[1] + d.dy == at[1]) {
                towards = d;
            }
        }
        check(towards != null, "the player is back beside its crate: " + now[0] + "," + now[1]);
        dismantle(back, towards);
        equal(8, back.inventory().get("ore"), "ore after dismantling the crate");
        equal(0L, back.prediction().mispredictedActions(), "mispredicted actions after the crash");
    }

    /**
     * Builds {@code kind} on a free floor cell beside the player (never water, which floods at night); tries another
     * side when an NPC walks onto the cell first.
     */
    static Direction build(GamePlayer player, String kind) throws Exception {
        for (int attempt = 0; attempt < 10; attempt++) {
            Direction side = buildableSide(player);
            long seq = player.build(kind, side);
            player.awaitAck(seq);
            if (player.rejections().stream().noneMatch(r -> r.seq() == seq)) {
                int[] at = beside(player, side);
                player.awaitState(kind + " in view", STEP, s -> player.objectAt(at[0], at[1], at[2]) != null);
                equal(kind, player.objectAt(at[0], at[1], at[2]).kind(), "the object built");
                return side;
            }
            RejectedMessage refused = player.rejections().stream().filter(r -> r.seq() == seq).findFirst()
                    .orElseThrow();
            check(refused.reason().equals("cell_taken"), "build refused for " + refused.reason());
        }
        throw new AssertionError("no cell to build a " + kind + " on beside the player");
    }

    private static Direction buildableSide(GamePlayer player) {
        Grid grid = player.prediction().grid();
        int[] at = player.position();
        for (Direction d : Direction.values()) {
            int x = at[0] + d.dx;
            int y = at[1] + d.dy;
            if (x < 0 || y < 0 || x >= grid.width() || y >= grid.height()) {
                continue;
            }
            int cell = grid.cell(grid.size().index(x, y, at[2]));
            if (!Cells.isWall(cell) && Cells.portal(cell) == 0 && Cells.terrain(cell) != Cells.TERRAIN_WATER
                    && player.prediction().other(x, y, at[2]) == 0) {
                return d;
            }
        }
        throw new AssertionError("no free cell around " + at[0] + "," + at[1]);
    }

    static void dismantle(GamePlayer player, Direction side) throws Exception {
        int[] at = beside(player, side);
        acknowledged(player, player.dismantle(side));
        player.awaitState("the object gone", STEP, s -> player.objectAt(at[0], at[1], at[2]) == null);
    }

    static int[] beside(GamePlayer player, Direction side) {
        int[] at = player.position();
        return new int[] {at[0] + side.dx, at[1] + side.dy, at[2]};
    }

    /** Waits for the intent's ack and fails if it was refused. */
    static void acknowledged(GamePlayer player, long seq) throws Exception {
        player.awaitAck(seq);
        for (RejectedMessage r : player.rejections()) {
            check(r.seq() != seq, "intent " + seq + " refused: " + r.reason());
        }
    }
}
