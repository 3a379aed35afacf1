package lor.testclient.scenario;

import static lor.testclient.scenario.Checks.check;
import static lor.testclient.scenario.Checks.equal;
import static lor.testclient.scenario.ScenarioContext.STEP;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import lor.protocol.game.RejectedMessage;
import lor.protocol.game.StateMessage;
import lor.protocol.game.binary.BinaryState;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.testclient.net.DirectorHttp.WorldRow;
import tools.jackson.databind.JsonNode;

/**
 * Game modules through the wire, in the elements world, which plays the built-in elementals module: what welcome
 * declares; fire cast on grass spreading and leaving ash, water putting it out, bad casts refused; an elemental
 * hunting a player, its hp falling and growing back once it has run out of reach; and the field, hp and elementals
 * back as they were after SIGKILL of the world's process. Every cast is predicted with the module's own code.
 */
public final class Stage14Scenarios {

    static final String WORLD = "elements";
    static final String MODULE = "elementals";
    /** Ticks to seconds, with room: fire spreads after 10 ticks, burns out after 40. */
    private static final Duration FIRE = Duration.ofSeconds(5);
    private static final Duration HUNT = Duration.ofSeconds(40);
    /** The elements world's view radius: a JSON state lists what lies within it of the player. */
    private static final int VIEW = 24;

    private Stage14Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(
                new Scenario("modules: fire spreads over grass and leaves ash, water puts it out, bad casts refused",
                        Stage14Scenarios::fireAndWater),
                new Scenario("modules: an elemental hunts a player; its hp falls, grows back out of reach, and "
                        + "with the field and the elementals survives SIGKILL of the world", Stage14Scenarios::hunt),
                new Scenario("modules: binary state shows the field and hp that JSON state shows",
                        Stage14Scenarios::binaryAgreesWithJson));
    }

    static void fireAndWater(ScenarioContext ctx) throws Exception {
        GamePlayer player = GamePlayer.enter(ctx, ctx.newAccount("caster"), WORLD);
        Map<String, Integer> cells = declaredCells(player);
        equal(Map.of("fire", 10, "water", 10, "earth", 10, "air", 10), player.inventory(), "a new player's elements");
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null && s.fields() != null);
        equal(100, player.attribute(player.entityId(), "hp"), "a new player's hp");

        int[][] domino = toDomino(player);
        int[] a = domino[0];
        int[] b = domino[1];
        acknowledged(player, cast(player, Direction.E, "fire"));
        player.awaitState("fire on the grass cast at", FIRE, s -> cell(player, a) == cells.get("fire"));
        player.awaitState("the fire spread to the grass beside", FIRE, s -> cell(player, b) == cells.get("fire"));
        acknowledged(player, cast(player, Direction.E, "water"));
        player.awaitState("water where the fire was", FIRE, s -> cell(player, a) == cells.get("water"));
        player.awaitState("ash where the other fire burnt out", FIRE, s -> cell(player, b) == cells.get("ash"));
        equal(9, player.inventory().get("fire"), "fire carried after one cast");

        equal("bad_field", refusal(player, player.act("cast", Map.of("dir", "E", "element", "lava"))),
                "a cast of an element the module does not declare");
        equal("bad_field", refusal(player, player.act("cast", Map.of("dir", "E"))), "a cast without element");
        equal("unknown_action", refusal(player, player.act("summon", Map.of())), "an action no module declares");
        washAsh(player, cells);
        equal(0L, player.prediction().mispredictions(), "mispredicted steps and casts");
        check(player.prediction().judgedActions() >= 3,
                "casts predicted and judged: " + player.prediction().judgedActions());
    }

    static void hunt(ScenarioContext ctx) throws Exception {
        ScenarioContext.Account account = ctx.newAccount("hunted");
        GamePlayer player = GamePlayer.enter(ctx, account, WORLD);
        Map<String, Integer> cells = declaredCells(player);
        player.awaitState("first state", STEP, s -> player.seen(player.entityId()) != null);
        equal(8, npcs(player.lastState()).size(), "elementals in the world");
        // A witness keeps the world running when the hunted player leaves, and casts what must survive the kill:
        // ash, which stays, by the spawn while the elementals are still at home...
        ScenarioContext.Account witnessAccount = ctx.newAccount("witness");
        GamePlayer witness = GamePlayer.enter(ctx, witnessAccount, WORLD);
        witness.awaitState("the witness's first state", STEP, s -> witness.seen(witness.entityId()) != null);
        int[][] domino = toDomino(witness);
        int[] a = domino[0];
        int[] b = domino[1];
        acknowledged(witness, cast(witness, Direction.E, "fire"));
        witness.awaitState("both cells burnt to ash", FIRE,
                s -> cell(witness, a) == cells.get("ash") && cell(witness, b) == cells.get("ash"));

        int hpLeft = huntedUntilRecovering(player);
        player.leave();

        // ... then water and earth, which go after 10 and 30 s: the next snapshot has them.
        Cast wet = castBeside(witness, "water", Direction.E);
        Cast wall = castBeside(witness, "earth", Direction.E);
        int[] water = wet.at();
        int[] earth = wall.at();
        StateMessage seen = witness.awaitState("water and earth, the hunted player gone", FIRE,
                s -> cell(witness, water) == cells.get("water") && cell(witness, earth) == cells.get("earth")
                        && witness.seen(player.entityId()) == null);
        long afterCasts = ctx.http().world(WORLD).lastSnapshotSeq();
        long killed = WorldKills.afterNextSnapshot(ctx, witness, WORLD, afterCasts, "the casts");

        GamePlayer again = GamePlayer.enter(ctx, ctx.login(witnessAccount.username()), WORLD);
        WorldRow row = ctx.http().world(WORLD);
        check(row.pid() != null && row.pid() != killed, "a new process, not " + killed);
        StateMessage after = again.awaitState("first state after the kill", STEP,
                s -> again.seen(again.entityId()) != null && s.fields() != null);
        equal(cells.get("ash"), cell(again, a), "ash after the kill");
        equal(cells.get("ash"), cell(again, b), "ash after the kill");
        equal(cells.get("water"), cell(again, water), "water after the kill");
        equal(cells.get("earth"), cell(again, earth), "earth after the kill");
        equal(npcs(seen), npcs(after), "the elementals after the kill (ids, all in the witness's view)");
        GamePlayer back = GamePlayer.enter(ctx, ctx.login(account.username()), WORLD);
        back.awaitState("the hunted player's first state after the kill", STEP,
                s -> back.seen(back.entityId()) != null);
        int hpBack = back.attribute(back.entityId(), "hp");
        // Regrowth went on in fives until the leave was applied, a tick or so after the last state read.
        check(hpBack >= hpLeft && hpBack <= hpLeft + 5,
                "hp " + hpBack + " after the kill, " + hpLeft + " at the leave");
        washAsh(again, cells);
        equal(0L, again.prediction().mispredictedActions(), "mispredicted casts after the kill");
        // A cast refused because an elemental stepped onto its cell between a state and the tick is the one
        // misprediction no client can avoid (README, docs/modules.md); castBeside cast again then.
        equal((long) (wet.refused() + wall.refused()), witness.prediction().mispredictedActions(),
                "the witness's mispredicted casts (those refused as an elemental stepped in)");
        equal(0L, player.prediction().mispredictions(), "the hunted player's mispredicted steps");
    }

    /**
     * A binary player casts fire and water on a domino by the spawn, then is struck by an elemental; a JSON player
     * watching sees the same cells and the same hp at the same ticks (where both views reach).
     */
    static void binaryAgreesWithJson(ScenarioContext ctx) throws Exception {
        GamePlayer binary = GamePlayer.enter(ctx, ctx.newAccount("mbinary"), WORLD, BinaryState.ENCODING);
        GamePlayer json = GamePlayer.enter(ctx, ctx.newAccount("mjson"), WORLD);
        Map<String, Integer> cells = declaredCells(binary);
        binary.awaitState("first binary state", STEP, s -> binary.seen(binary.entityId()) != null);
        json.awaitState("first JSON state", STEP, s -> json.seen(json.entityId()) != null);
        equal(100, binary.attribute(binary.entityId(), "hp"), "a new player's hp (binary)");

        int[][] domino = toDomino(binary);
        int[] a = domino[0];
        acknowledged(binary, cast(binary, Direction.E, "fire"));
        binary.awaitState("fire on the grass (binary)", FIRE, s -> cell(binary, a) == cells.get("fire"));
        agree(binary, json, "after the fire");
        acknowledged(binary, cast(binary, Direction.E, "water"));
        binary.awaitState("water on the fire (binary)", FIRE, s -> cell(binary, a) == cells.get("water"));
        agree(binary, json, "after the water");
        washAsh(binary, cells);

        // Compared where the strike happens, so that no elemental follows anyone back to the spawn: from there the JSON
        // player's view (24 cells from the middle of the 48 x 32 arena) holds all of it.
        approachUntilHurt(binary);
        json.awaitState("the JSON player sees the binary player's hp below 100", STEP, s -> {
            Integer seen = json.attribute(binary.entityId(), "hp");
            return seen != null && seen < 100;
        });
        agree(binary, json, "after the strike");
        equal(0L, binary.prediction().mispredictedActions(), "the binary player's mispredicted casts");
    }

    /**
     * Reads both players' states up to a common tick and checks that where both views reach they show the same
     * entities (with their attributes) and the same field cells.
     */
    private static void agree(GamePlayer binary, GamePlayer json, String when) throws Exception {
        StateMessage b = binary.awaitState("a binary state", STEP, s -> true);
        long first = b.tick();
        StateMessage j = json.awaitState("JSON state of tick " + first, STEP, s -> s.tick() >= first);
        // States go out at the same ticks to every connection: read on the side behind until both stand at one.
        for (int attempt = 0; attempt < 5 && b.tick() != j.tick(); attempt++) {
            long tick = Math.max(b.tick(), j.tick());
            if (b.tick() < tick) {
                b = binary.awaitState("binary state of tick " + tick, STEP, s -> s.tick() >= tick);
            } else {
                j = json.awaitState("JSON state of tick " + tick, STEP, s -> s.tick() >= tick);
            }
        }
        equal(b.tick(), j.tick(), "tick of the compared states " + when);
        int[] atB = binary.position();
        int[] atJ = json.position();
        Predicate<int[]> inBoth = p -> p[2] == atB[2] && p[2] == atJ[2]
                && Math.max(Math.abs(p[0] - atB[0]), Math.abs(p[1] - atB[1])) <= VIEW
                && Math.max(Math.abs(p[0] - atJ[0]), Math.abs(p[1] - atJ[1])) <= VIEW;
        List<StateMessage.EntityState> seenByBinary = b.entities().stream()
                .filter(e -> inBoth.test(new int[] {e.x(), e.y(), e.layer()})).toList();
        List<StateMessage.EntityState> seenByJson = j.entities().stream()
                .filter(e -> inBoth.test(new int[] {e.x(), e.y(), e.layer()})).toList();
        equal(seenByJson, seenByBinary, "entities with their attrs " + when + " at tick " + b.tick());
        List<StateMessage.FieldCell> binaryCells = b.fields().stream()
                .filter(c -> inBoth.test(new int[] {c.x(), c.y(), c.layer()})).toList();
        List<StateMessage.FieldCell> jsonCells = j.fields().stream()
                .filter(c -> inBoth.test(new int[] {c.x(), c.y(), c.layer()})).toList();
        equal(jsonCells, binaryCells, "field cells " + when + " at tick " + b.tick());
    }

    /**
     * Walks to the nearest free cell just west of a grass domino no fire has touched (two grass cells in a row, floor
     * all round: a fire there burns them and stops). @return the domino's cells, west first
     */
    private static int[][] toDomino(GamePlayer player) throws Exception {
        Grid grid = player.prediction().grid();
        for (int attempt = 0; attempt < 3; attempt++) {
            int[] at = player.position();
            int[] best = null;
            int bestDistance = Integer.MAX_VALUE;
            for (int y = 1; y < grid.height() - 1; y++) {
                for (int x = 1; x < grid.width() - 3; x++) {
                    int distance = Math.abs(x - at[0]) + Math.abs(y - at[1]);
                    if (distance < bestDistance && (free(player, x, y, at[2]) || x == at[0] && y == at[1])
                            && Cells.terrain(grid.cell(grid.size().index(x, y, at[2]))) != Cells.TERRAIN_GRASS
                            && unburntGrass(player, x + 1, y, at[2]) && unburntGrass(player, x + 2, y, at[2])) {
                        best = new int[] {x, y};
                        bestDistance = distance;
                    }
                }
            }
            check(best != null, "a grass domino no fire has touched, in view");
            player.walkTo(best[0], best[1]);
            int[] now = player.position();
            if (unburntGrass(player, now[0] + 1, now[1], now[2]) && unburntGrass(player, now[0] + 2, now[1], now[2])) {
                return new int[][] {{now[0] + 1, now[1], now[2]}, {now[0] + 2, now[1], now[2]}};
            }
        }
        throw new AssertionError("no grass domino to cast on");
    }

    /**
     * Washes the ash of the domino east of the player away with water (it dries to an empty cell, the grass as it
     * was): steps onto the west cell, which is water by now, casts on the east one, steps back.
     */
    private static void washAsh(GamePlayer player, Map<String, Integer> cells) throws Exception {
        int[] at = player.position();
        int[] west = {at[0] + 1, at[1], at[2]};
        if (cell(player, west) != cells.get("water")) {
            acknowledged(player, cast(player, Direction.E, "water"));
        }
        // Tidying up, not a check: an elemental standing in the way leaves that ash for the next run to step round.
        long onto = player.move(Direction.E);
        player.awaitAck(onto);
        if (player.rejections().stream().noneMatch(r -> r.seq() == onto)) {
            player.awaitAck(cast(player, Direction.E, "water"));
            player.awaitAck(player.move(Direction.W));
        }
    }

    private static long cast(GamePlayer player, Direction dir, String element) {
        return player.act("cast", Map.of("dir", dir.name(), "element", element));
    }

    /**
     * Walks towards the nearest elemental, a few steps at a time along a path around what stands in the way, until one
     * strikes (it sees the player within 8 cells and comes itself). @return the hp after the strike
     */
    private static int approachUntilHurt(GamePlayer player) throws Exception {
        long deadline = System.nanoTime() + HUNT.toNanos();
        while (System.nanoTime() < deadline) {
            Integer hp = player.attribute(player.entityId(), "hp");
            if (hp != null && hp < 100) {
                return hp;
            }
            StateMessage.EntityState prey = nearestNpc(player);
            int[] next = prey == null ? null : freeCellBeside(player, prey.x(), prey.y(), prey.layer());
            if (next == null || !player.runTo(next[0], next[1], 3)) {
                player.awaitState("a state", STEP, s -> true);
            }
        }
        throw new AssertionError("no elemental struck within " + HUNT.toSeconds() + " s");
    }

    /**
     * An elemental strikes twice, the player runs out of its reach and its hp grows back; again (up to three times)
     * when it has grown back whole before the player could leave, or a fall to 0 put it back at the spawn.
     *
     * @return the hp, still short of 100
     */
    private static int huntedUntilRecovering(GamePlayer player) throws Exception {
        for (int attempt = 0; attempt < 3; attempt++) {
            int[] start = player.position();
            int hp = approachUntilHurt(player);
            int lowest = awaitHp(player, "a second strike", Duration.ofSeconds(5), h -> h <= hp - 10);
            lowest = escape(player, start, lowest);
            int recovering = lowest;
            awaitHp(player, "hp growing back out of reach", Duration.ofSeconds(10), h -> h > recovering);
            int now = player.attribute(player.entityId(), "hp");
            if (now < 100) {
                return now;
            }
        }
        throw new AssertionError("the hunted player's hp never stood between a fall and 100");
    }

    /** A free cell next to {@code (x, y)}, or null (also when the player stands next to it already). */
    private static int[] freeCellBeside(GamePlayer player, int x, int y, int layer) {
        int[] at = player.position();
        if (Math.abs(at[0] - x) + Math.abs(at[1] - y) == 1) {
            return null;
        }
        for (Direction d : Direction.values()) {
            if (free(player, x + d.dx, y + d.dy, layer)) {
                return new int[] {x + d.dx, y + d.dy};
            }
        }
        return null;
    }

    /**
     * Runs back to where the hunt started, twice the elementals' speed, again from farther off while something still
     * strikes. @return the lowest hp seen
     */
    private static int escape(GamePlayer player, int[] start, int lowest) throws Exception {
        int[] target = start;
        for (int attempt = 0; attempt < 4; attempt++) {
            player.runTo(target[0], target[1], 20);
            player.readFor(Duration.ofMillis(1_500));
            int hp = player.attribute(player.entityId(), "hp");
            lowest = Math.min(lowest, hp);
            StateMessage.EntityState hunter = nearestNpc(player);
            int[] at = player.position();
            if (hunter == null || Math.max(Math.abs(hunter.x() - at[0]), Math.abs(hunter.y() - at[1])) > 8) {
                return lowest;
            }
            target = farthestFrom(player, hunter);
        }
        return lowest;
    }

    /** A walkable cell of the map far from {@code hunter} and from every other elemental. */
    private static int[] farthestFrom(GamePlayer player, StateMessage.EntityState hunter) {
        Grid grid = player.prediction().grid();
        int[] best = player.position();
        int bestDistance = -1;
        for (int y = 0; y < grid.height(); y++) {
            for (int x = 0; x < grid.width(); x++) {
                if (!free(player, x, y, hunter.layer())) {
                    continue;
                }
                int nearest = Integer.MAX_VALUE;
                for (StateMessage.EntityState e : player.lastState().entities()) {
                    if ("npc".equals(e.kind())) {
                        nearest = Math.min(nearest, Math.max(Math.abs(e.x() - x), Math.abs(e.y() - y)));
                    }
                }
                if (nearest > bestDistance) {
                    best = new int[] {x, y};
                    bestDistance = nearest;
                }
            }
        }
        return best;
    }

    private static int awaitHp(GamePlayer player, String what, Duration timeout,
                               java.util.function.IntPredicate condition) throws Exception {
        int[] seen = {Integer.MAX_VALUE};
        player.awaitState(what, timeout, s -> {
            Integer hp = player.attribute(player.entityId(), "hp");
            if (hp == null) {
                return false;
            }
            seen[0] = Math.min(seen[0], hp);
            return condition.test(hp);
        });
        return Math.min(seen[0], player.attribute(player.entityId(), "hp"));
    }

    private static StateMessage.EntityState nearestNpc(GamePlayer player) {
        int[] at = player.position();
        StateMessage.EntityState nearest = null;
        int best = Integer.MAX_VALUE;
        for (StateMessage.EntityState e : player.lastState().entities()) {
            int distance = Math.abs(e.x() - at[0]) + Math.abs(e.y() - at[1]);
            if ("npc".equals(e.kind()) && e.layer() == at[2] && distance < best) {
                nearest = e;
                best = distance;
            }
        }
        return nearest;
    }

    private static Set<Integer> npcs(StateMessage state) {
        Set<Integer> ids = new TreeSet<>();
        for (StateMessage.EntityState e : state.entities()) {
            if ("npc".equals(e.kind())) {
                ids.add(e.id());
            }
        }
        return ids;
    }

    /** {@code welcome.modules}' elementals: its cast and its cell values by name. */
    private static Map<String, Integer> declaredCells(GamePlayer player) {
        JsonNode modules = player.welcome().modules();
        List<String> names = new ArrayList<>();
        modules.forEach(m -> names.add(m.path("name").asString("")));
        equal(List.of(MODULE), names, "the modules welcome declares");
        JsonNode module = modules.get(0);
        JsonNode cast = module.path("actions").get(0);
        equal("cast", cast.path("name").asString(""), "elementals' action");
        equal("dir", cast.path("fields").path("dir").path("type").asString(""), "cast's dir field");
        List<String> elements = new ArrayList<>();
        cast.path("fields").path("element").path("values").forEach(v -> elements.add(v.asString("")));
        equal(List.of("fire", "water", "earth", "air"), elements, "cast's elements");
        equal("hp", module.path("attributes").get(0).path("name").asString(""), "elementals' attribute");
        Map<String, Integer> cells = new HashMap<>();
        module.path("cells").forEach(c -> cells.put(c.path("name").asString(""), c.path("value").asInt()));
        check(cells.keySet().containsAll(List.of("fire", "ash", "water", "earth")), "cell values " + cells);
        return cells;
    }

    private static boolean unburntGrass(GamePlayer player, int x, int y, int layer) {
        Grid grid = player.prediction().grid();
        if (x < 0 || y < 0 || x >= grid.width() || y >= grid.height()) {
            return false;
        }
        int index = grid.size().index(x, y, layer);
        return Cells.terrain(grid.cell(index)) == Cells.TERRAIN_GRASS && !grid.isWall(index)
                && player.fieldCell(MODULE, x, y, layer) == 0 && player.prediction().other(x, y, layer) == 0;
    }

    /**
     * Casts {@code element} on a free side of the player other than {@code kept} with nothing on the field yet.
     * Elementals hunting the player stand on its sides and step every 100 ms: it waits for a side to be free (they
     * strike, and a player at 0 hp comes back at a spawn cell), and casts again when an elemental stepped in between
     * the state and the cast (the cast is then refused and changes nothing).
     *
     * @return the cell cast on, and how many casts were refused first
     */
    private static Cast castBeside(GamePlayer player, String element, Direction... kept) throws Exception {
        for (int attempt = 0; attempt < 5; attempt++) {
            player.awaitState("a free side beside the player", HUNT, s -> freeSide(player, kept) != null);
            Direction side = freeSide(player, kept);
            int[] at = beside(player, side);
            long seq = cast(player, side, element);
            player.awaitAck(seq);
            if (player.rejections().stream().noneMatch(r -> r.seq() == seq)) {
                return new Cast(at, attempt);
            }
        }
        throw new AssertionError("five casts of " + element + " beside the player refused");
    }

    /** A cast that took: the cell, and the casts refused before it. */
    private record Cast(int[] at, int refused) {
    }

    /** A free side of the player, other than those {@code kept}, with nothing on the field yet; null for none. */
    private static Direction freeSide(GamePlayer player, Direction... kept) {
        int[] at = player.position();
        for (Direction d : Direction.values()) {
            if (!List.of(kept).contains(d) && free(player, at[0] + d.dx, at[1] + d.dy, at[2])
                    && cell(player, new int[] {at[0] + d.dx, at[1] + d.dy, at[2]}) == 0) {
                return d;
            }
        }
        return null;
    }

    private static boolean free(GamePlayer player, int x, int y, int layer) {
        Grid grid = player.prediction().grid();
        if (x < 0 || y < 0 || x >= grid.width() || y >= grid.height()) {
            return false;
        }
        return !grid.isWall(grid.size().index(x, y, layer)) && player.prediction().other(x, y, layer) == 0
                && !player.prediction().moduleBlocks(x, y, layer);
    }

    private static int cell(GamePlayer player, int[] at) {
        return player.fieldCell(MODULE, at[0], at[1], at[2]);
    }

    private static int[] beside(GamePlayer player, Direction side) {
        int[] at = player.position();
        return new int[] {at[0] + side.dx, at[1] + side.dy, at[2]};
    }

    private static String refusal(GamePlayer player, long seq) throws Exception {
        RejectedMessage refused = player.awaitRejection(seq);
        return refused.reason();
    }

    private static void acknowledged(GamePlayer player, long seq) throws Exception {
        player.awaitAck(seq);
        for (RejectedMessage r : player.rejections()) {
            check(r.seq() != seq, "intent " + seq + " refused: " + r.reason());
        }
    }
}
