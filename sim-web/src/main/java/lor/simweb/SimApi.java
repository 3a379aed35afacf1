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
 * What the browser calls of sim-core, compiled to JavaScript by TeaVM (the module's exports): the page's prediction
 * ({@link #predictor}, a {@link PagePrediction} whose methods it calls), and seeded worlds run tick by tick; the same
 * classes run on the JVM, so a test can compare the two.
 *
 * <p>Numbers, booleans, strings and exported objects cross into JavaScript: a 64-bit seed or hash does not fit a
 * JavaScript number, so seeds are passed as decimal strings and hashes come back as 16 hex digits.
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

    private static String lastError = "";

    /**
     * A prediction for this player in a world: the {@code map} message's {@code cells} ({@code rle-varint}) and
     * sizes; {@code welcome}'s {@code content} as JSON text ({@code ""} for a world without a pack); the player's
     * entity and position as of {@code tick}.
     *
     * @return the prediction, whose methods the page calls, or null with {@link #lastError} saying why
     */
    @JSExport
    public static PagePrediction predictor(String cells, int width, int height, int layers, String content,
                                           double tick, int entityId, int x, int y, int layer) {
        try {
            return new PagePrediction(cells, width, height, layers, content, (long) tick, entityId, x, y, layer);
        } catch (IllegalArgumentException e) {
            lastError = e.getMessage();
            return null;
        }
    }

    /** Why the last call that could fail did. */
    @JSExport
    public static String lastError() {
        return lastError;
    }

    // ---- seeded worlds, to compare the compiled simulation with the JVM's ------------------------------------------

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
     * {@code ticks} ticks without hashing: how the browser's own tick cost is measured, since a state hash of a large
     * world costs more than its tick there.
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
