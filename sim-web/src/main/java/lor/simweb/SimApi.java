package lor.simweb;

import java.util.ArrayList;
import java.util.List;

import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapGenerator;
import lor.sim.util.SplitMix64;
import lor.sim.world.Direction;
import lor.sim.world.ObjectIntent;
import lor.sim.world.World;
import org.teavm.jso.JSExport;

/**
 * What the browser calls of sim-core, compiled to JavaScript by TeaVM; the same class runs on the JVM, so a test can
 * compare the two tick by tick.
 *
 * <p>Only numbers, booleans and strings cross into JavaScript: a 64-bit seed or hash does not fit a JavaScript
 * number, so seeds are passed as decimal strings and hashes come back as 16 hex digits.
 */
public final class SimApi {

    private static final List<World> WORLDS = new ArrayList<>();

    /**
     * A small pack, compiled at load like the server's: a clock of {@code day}, {@code dusk}, {@code night} lines of
     * 10 ticks each, and a free {@code counter} whose formula adds 1 to its stock every 4 ticks, by day only. Until
     * the browser is sent the world's own pack, this is what exercises the object engine, formulas and the clock.
     */
    static final ContentPack DEMO_PACK = ContentPack.compile(new PackDef("demo", List.of("n"), Map.of(),
            new PackDef.ClockDef(List.of("day", "dusk", "night"), 10, List.of()),
            List.of(new PackDef.KindDef("counter", Map.of(), 1, 1000, null, null, "count", null, 4)),
            List.of(),
            List.of(new PackDef.FormulaDef("count", List.of(new PackDef.FormulaRuleDef("on(day)",
                    Map.of("n", "n + 1")))))), RuleRegistry.empty());
    private static final int COUNTER = DEMO_PACK.kindIndex("counter");

    private SimApi() {
    }

    /** Nothing to do at load: the exported functions are the API. */
    public static void main(String[] args) {
    }

    // ---- the page's prediction (sim-core's Predictor) ----------------------------------------------------------

    private static final PagePredictors PREDICTORS = new PagePredictors();
    private static String lastError = "";

    /**
     * A predictor for this player in a world: the {@code map} message's {@code cells} ({@code rle-varint}) and sizes;
     * {@code welcome}'s {@code content} as JSON text ({@code ""} for a world without a pack); the player's entity and
     * position as of {@code tick}.
     *
     * @return its handle, or -1 with {@link #lastError} saying why
     */
    @JSExport
    public static int predictor(String cells, int width, int height, int layers, String content, double tick,
                                int entityId, int x, int y, int layer) {
        try {
            return PREDICTORS.create(cells, width, height, layers, content, (long) tick, entityId, x, y, layer);
        } catch (IllegalArgumentException e) {
            lastError = e.getMessage();
            return -1;
        }
    }

    /** Why the last call that could fail did. */
    @JSExport
    public static String lastError() {
        return lastError;
    }

    /** Applies this player's step at once. @return {@code moved}, or the reason the server would refuse it */
    @JSExport
    public static String predictMove(int predictor, double seq, String direction) {
        return PagePredictors.outcome(PREDICTORS.get(predictor).apply((long) seq, PagePredictors.direction(direction)));
    }

    /** What a step from the predicted position would do now, without taking it. */
    @JSExport
    public static String predictCheck(int predictor, String direction) {
        return PagePredictors.outcome(PREDICTORS.get(predictor).check(PagePredictors.direction(direction)));
    }

    /** A state begins; then its entities, objects and clock line; then {@link #predictEnd}. */
    @JSExport
    public static void predictBegin(int predictor) {
        PREDICTORS.get(predictor).beginState();
    }

    @JSExport
    public static void predictEntity(int predictor, int id, int x, int y, int layer) {
        PREDICTORS.get(predictor).entity(id, x, y, layer);
    }

    /** An object of the state, by its kind's and recipe's ids (null for none); its stock follows. */
    @JSExport
    public static void predictObject(int predictor, int id, String kind, int x, int y, int layer, String recipe) {
        ContentPack pack = PREDICTORS.pack(predictor);
        PREDICTORS.get(predictor).object(id, kind == null ? -1 : pack.kindIndex(kind), x, y, layer,
                recipe == null ? -1 : pack.recipeIndex(recipe));
    }

    /** An item in the stock of the object given last. */
    @JSExport
    public static void predictStock(int predictor, String item, int count) {
        PREDICTORS.get(predictor).objectStock(PREDICTORS.pack(predictor).itemIndex(item), count);
    }

    /** What this player carries of an item, as the state (or the welcome) says. */
    @JSExport
    public static void predictInventory(int predictor, String item, int count) {
        PREDICTORS.get(predictor).inventory(PREDICTORS.pack(predictor).itemIndex(item), count);
    }

    /**
     * This player's action on the object beside it, applied at once as the server's tick will: {@code type} the
     * message's ({@code build}, {@code put}, {@code take}, {@code set_recipe}, {@code dismantle}), {@code name} its
     * kind, item or recipe.
     *
     * @return {@code done}, or the reason the server would refuse it
     */
    @JSExport
    public static String predictAction(int predictor, double seq, String type, String side, String name,
                                       int count) {
        ObjectIntent.Type t = ObjectIntent.ofMessage(type);
        if (t == null) {
            throw new IllegalArgumentException("unknown action " + type);
        }
        long packed = ObjectIntent.named(PREDICTORS.pack(predictor), t, PagePredictors.direction(side), name, count);
        return PagePredictors.outcome(PREDICTORS.get(predictor).act((long) seq, packed));
    }

    /** The server refused an intent ({@code rejected}, with its reason). */
    @JSExport
    public static void predictRejected(int predictor, double seq, String reason) {
        PREDICTORS.get(predictor).rejected((long) seq, reason);
    }

    /** What the prediction has this player carry of an item (0 for an item the pack lacks). */
    @JSExport
    public static int predictCarried(int predictor, String item) {
        int index = PREDICTORS.pack(predictor).itemIndex(item);
        return index < 0 ? 0 : PREDICTORS.get(predictor).carried(index);
    }

    /** The kind of the object the prediction has on a cell, or null. */
    @JSExport
    public static String predictObjectKind(int predictor, int x, int y, int layer) {
        int kind = PREDICTORS.get(predictor).objectKind(x, y, layer);
        return kind < 0 ? null : PREDICTORS.pack(predictor).kind(kind).id();
    }

    @JSExport
    public static void predictClock(int predictor, String line) {
        PREDICTORS.get(predictor).clockLine(line);
    }

    /** The state ends with its {@code ack}. @return whether it held this player's entity */
    @JSExport
    public static boolean predictEnd(int predictor, double ack) {
        return PREDICTORS.get(predictor).endState((long) ack);
    }

    @JSExport
    public static int predictedX(int predictor) {
        return PREDICTORS.get(predictor).predictedX();
    }

    @JSExport
    public static int predictedY(int predictor) {
        return PREDICTORS.get(predictor).predictedY();
    }

    @JSExport
    public static int predictedLayer(int predictor) {
        return PREDICTORS.get(predictor).layer();
    }

    @JSExport
    public static int predictPending(int predictor) {
        return PREDICTORS.get(predictor).pendingCount();
    }

    @JSExport
    public static double predictMispredictions(int predictor) {
        return PREDICTORS.get(predictor).mispredictions();
    }

    /** The seq of the last intent found mispredicted, 0 for none. */
    @JSExport
    public static double predictLastMispredicted(int predictor) {
        return PREDICTORS.get(predictor).lastMispredicted();
    }

    @JSExport
    public static double predictReconciled(int predictor) {
        return PREDICTORS.get(predictor).reconciled();
    }

    /** The entity in a cell as of the last state, or minus the object's id; 0 for none. */
    @JSExport
    public static int predictOther(int predictor, int x, int y, int layer) {
        return PREDICTORS.get(predictor).other(x, y, layer);
    }

    /**
     * A walk's path from the predicted position to {@code (x, y)} (see {@code Predictor.path}).
     *
     * @return the steps as direction letters ({@code ""} when already there), or null when there is no way
     */
    @JSExport
    public static String predictPath(int predictor, int x, int y, boolean aroundOthers, int margin, int maxSteps) {
        return PREDICTORS.path(predictor, x, y, aroundOthers, margin, maxSteps);
    }

    /** A cell of the field as the clock's current line transmutes the map: what the page draws. */
    @JSExport
    public static int fieldCell(int predictor, int index) {
        return PREDICTORS.get(predictor).field().cell(index);
    }

    /** The clock line the field is on, by index in the pack's lines (0 without a clock). */
    @JSExport
    public static int fieldLine(int predictor) {
        return PREDICTORS.get(predictor).field().line();
    }

    @JSExport
    public static void disposePredictor(int predictor) {
        PREDICTORS.dispose(predictor);
    }


    /**
     * A scatter map of {@code width × height} with about {@code wallFraction} walls, players for accounts
     * 1..{@code players}, {@code npcs} wandering NPCs and {@code objects} counters of {@link #DEMO_PACK}, all from
     * {@code seed}.
     *
     * @return the world's handle for the other calls
     */
    @JSExport
    public static int create(int width, int height, double wallFraction, String seed, int players, int npcs,
                             int objects) {
        WORLDS.add(populated(width, height, wallFraction, Long.parseLong(seed), players, npcs, objects));
        return WORLDS.size() - 1;
    }

    /** Account {@code account}'s move for the next tick: 0..3 = N, E, S, W. */
    @JSExport
    public static boolean setIntent(int world, int account, int direction) {
        World w = WORLDS.get(world);
        return w.setIntent(w.entityOf(account), Direction.values()[direction]);
    }

    /**
     * Account {@code account}'s action on the object beside it for the next tick: {@code type} 0..4 = build, put,
     * take, set recipe, dismantle; {@code side} 0..3 = N, E, S, W; {@code index} a kind, item or recipe index.
     */
    @JSExport
    public static boolean setAction(int world, int account, int type, int side, int index, int count) {
        World w = WORLDS.get(world);
        return w.setAction(w.entityOf(account),
                ObjectIntent.pack(ObjectIntent.Type.values()[type], Direction.values()[side], index, count));
    }

    /** One tick; the state hash after it. */
    @JSExport
    public static String step(int world) {
        World w = WORLDS.get(world);
        w.step();
        return hex(w.stateHash());
    }

    /**
     * {@code ticks} ticks without hashing: what prediction needs. In JavaScript a Java {@code long} is a BigInt, and
     * the 64-bit state hash is most of a small world's tick there.
     *
     * @return the world's tick after them
     */
    @JSExport
    public static double advance(int world, int ticks) {
        World w = WORLDS.get(world);
        for (int i = 0; i < ticks; i++) {
            w.step();
        }
        return w.tick();
    }

    @JSExport
    public static String stateHash(int world) {
        return hex(WORLDS.get(world).stateHash());
    }

    /** Forgets a world, so its memory can go. */
    @JSExport
    public static void dispose(int world) {
        WORLDS.set(world, null);
    }

    /**
     * A whole seeded run: {@link #runHashes} as one string of hex hashes, one per tick, separated by commas.
     */
    @JSExport
    public static String run(int width, int height, double wallFraction, String seed, int players, int npcs,
                             int objects, int ticks) {
        long[] hashes = runHashes(width, height, wallFraction, Long.parseLong(seed), players, npcs, objects, ticks);
        StringBuilder out = new StringBuilder(ticks * 17);
        for (int i = 0; i < hashes.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(hex(hashes[i]));
        }
        return out.toString();
    }

    /**
     * Steps a seeded world {@code ticks} times with intents drawn from the seed (most players move each tick, now and
     * then one leaves or comes back, as in sim-core's determinism test; with objects, players also build and
     * dismantle counters beside them) and returns the state hash after each tick.
     */
    public static long[] runHashes(int width, int height, double wallFraction, long seed, int players, int npcs,
                                   int objects, int ticks) {
        World world = populated(width, height, wallFraction, seed, players, npcs, objects);
        SplitMix64 inputs = new SplitMix64(seed ^ 0x5DEECE66DL);
        long[] hashes = new long[ticks];
        for (int tick = 0; tick < ticks; tick++) {
            feed(world, inputs, players);
            world.step();
            hashes[tick] = world.stateHash();
        }
        return hashes;
    }

    static String hex(long value) {
        String digits = Long.toHexString(value);
        return "0000000000000000".substring(digits.length()) + digits;
    }

    private static World populated(int width, int height, double wallFraction, long seed, int players, int npcs,
                                   int objects) {
        Grid grid = MapGenerator.scatter(new GridSize(width, height, 1), wallFraction, seed);
        World world = World.create(grid, DEMO_PACK, seed);
        for (long account = 1; account <= players; account++) {
            world.spawnPlayer(account);
        }
        world.addNpcs(npcs);
        world.seedObjects(COUNTER, objects, 0);
        return world;
    }

    private static void feed(World world, SplitMix64 inputs, int players) {
        for (long account = 1; account <= players; account++) {
            int choice = inputs.nextInt(8);
            if (choice < 4) {
                world.setIntent(world.entityOf(account), Direction.values()[choice]);
            } else if (choice == 4) {
                ObjectIntent.Type type = inputs.nextInt(2) == 0 ? ObjectIntent.Type.BUILD : ObjectIntent.Type.DISMANTLE;
                world.setAction(world.entityOf(account),
                        ObjectIntent.pack(type, Direction.values()[inputs.nextInt(4)], COUNTER, 1));
            }
        }
        if (inputs.nextInt(200) == 0) {
            world.removePlayer(1 + inputs.nextInt(players));
        }
        if (inputs.nextInt(100) == 0) {
            world.spawnPlayer(1 + inputs.nextInt(players));
        }
    }
}
