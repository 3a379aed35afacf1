package lor.simweb;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import lor.sim.builtin.BuiltInModules;
import lor.sim.grid.Direction;
import lor.sim.module.GameModule;
import lor.sim.world.ObjectIntent;
import lor.sim.world.World;
import org.teavm.jso.JSExport;

/**
 * The exports of {@code sim-test.js}: sim-core compiled by TeaVM from this test entry point, by the same build and
 * with the same settings as the page's {@code sim.js} ({@link SimApi}), for the browser tests that compare the
 * compiled simulation with the JVM's. It never ships: the director serves {@code sim.js} only.
 *
 * <p>A 64-bit seed or hash does not fit a JavaScript number, so seeds are passed as decimal strings and hashes come
 * back as 16 hex digits.
 */
public final class SimTestApi {

    private SimTestApi() {
    }

    /** Nothing to do at load: the exported functions are the API. */
    public static void main(String[] args) {
    }

    /**
     * What this script was compiled with, as {@code sim-core DIGEST sim.js SHA256}: the digest of the sim-core classes
     * and the SHA-256 of the {@code sim.js} that the same build compiled from them ({@link SimBuildStamp}).
     */
    @JSExport
    public static String build() {
        return "sim-core " + SimBuild.SIM_CORE + " sim.js " + SimBuild.SIM_JS;
    }

    /**
     * The built-in game modules and the {@link GameModule} providers of this script's classpath, separated by commas:
     * that TeaVM compiled {@code META-INF/services} in, which the page's catalog relies on for a studio's modules
     * ({@code PageModules.catalog}, in sim.js, whose classes this script's compilation does not see).
     */
    @JSExport
    public static String moduleNames() {
        List<String> names = new ArrayList<>(BuiltInModules.catalog().names());
        for (GameModule module : ServiceLoader.load(GameModule.class)) {
            names.add(module.spec().name());
        }
        return String.join(",", names);
    }

    // ---- scripted runs of a content pack on a map ({@link ScriptedRun}) -------------------------------------------

    /** The state hash after every tick of the script, as hex hashes separated by commas. */
    @JSExport
    public static String replay(String pack, String map, String seed, int npcs, String script) {
        return hexes(new ScriptedRun(pack, map, Long.parseLong(seed), npcs).run(script));
    }

    /** The state after the first {@code ticks} ticks of the script ({@link ScriptedRun#describe}). */
    @JSExport
    public static String describe(String pack, String map, String seed, int npcs, String script, int ticks) {
        return new ScriptedRun(pack, map, Long.parseLong(seed), npcs).runFirst(script, ticks).describe();
    }

    // ---- seeded worlds of the demo pack ({@link SeededWorlds}) ----------------------------------------------------

    /** {@link SeededWorlds#create}. @return the world's handle for the other calls */
    @JSExport
    public static int create(int width, int height, double wallFraction, String seed, int players, int npcs,
                             int objects) {
        return SeededWorlds.create(width, height, wallFraction, Long.parseLong(seed), players, npcs, objects);
    }

    /** Account {@code account}'s move for the next tick: 0..3 = N, E, S, W. */
    @JSExport
    public static boolean setIntent(int world, int account, int direction) {
        World w = SeededWorlds.world(world);
        return w.setIntent(w.entityOf(account), Direction.values()[direction]);
    }

    /**
     * Account {@code account}'s action on the object beside it for the next tick: {@code type} 0..4 = build, put,
     * take, set recipe, dismantle; {@code side} 0..3 = N, E, S, W; {@code index} a kind, item or recipe index.
     */
    @JSExport
    public static boolean setAction(int world, int account, int type, int side, int index, int count) {
        World w = SeededWorlds.world(world);
        return w.setAction(w.entityOf(account),
                ObjectIntent.pack(ObjectIntent.Type.values()[type], Direction.values()[side], index, count));
    }

    /** One tick; the state hash after it. */
    @JSExport
    public static String step(int world) {
        World w = SeededWorlds.world(world);
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
        World w = SeededWorlds.world(world);
        for (int i = 0; i < ticks; i++) {
            w.step();
        }
        return w.tick();
    }

    @JSExport
    public static String stateHash(int world) {
        return hex(SeededWorlds.world(world).stateHash());
    }

    /** Forgets a world, so its memory can go. */
    @JSExport
    public static void dispose(int world) {
        SeededWorlds.dispose(world);
    }

    /** A whole seeded run ({@link SeededWorlds#runHashes}): hex hashes, one per tick, separated by commas. */
    @JSExport
    public static String run(int width, int height, double wallFraction, String seed, int players, int npcs,
                             int objects, int ticks) {
        return hexes(SeededWorlds.runHashes(width, height, wallFraction, Long.parseLong(seed), players, npcs,
                objects, ticks));
    }

    // ---- elementals' burning scene ({@link BurningScene}) ---------------------------------------------------------

    /** {@link BurningScene#lit}. @return the world's handle for the calls above and {@link #burnTick} */
    @JSExport
    public static int burning(String seed) {
        return SeededWorlds.add(BurningScene.lit(Long.parseLong(seed)));
    }

    /** One tick of the scene, as a world server runs it (step, then the field's changes forgotten once sent). */
    @JSExport
    public static void burnTick(int world) {
        BurningScene.step(SeededWorlds.world(world));
    }

    /** The scene's cells on fire now. */
    @JSExport
    public static int burningCells(int world) {
        return BurningScene.burning(SeededWorlds.world(world));
    }

    /** Hashes as this script writes them: 16 lower-case hex digits each, separated by commas. */
    public static String hexes(long[] hashes) {
        StringBuilder out = new StringBuilder(hashes.length * 17);
        for (int i = 0; i < hashes.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(hex(hashes[i]));
        }
        return out.toString();
    }

    public static String hex(long value) {
        String digits = Long.toHexString(value);
        return "0000000000000000".substring(digits.length()) + digits;
    }
}
