package lor.simweb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.protocol.Json;
import lor.sim.content.RandomPacks;

/**
 * The runs the browser parity test plays in Chromium ({@code sim-test.js}) and compares, tick by tick, with the JVM:
 * the shipped {@code default} pack on the {@code start} world's map, and packs made at random from fixed seeds on
 * random terrain, each with players playing at random ({@link RandomPlayers}) and wandering NPCs. Made on the JVM,
 * where the players' script is written while the run plays; the browser replays the script.
 *
 * <p>Paths are relative to a module of this repository (sim-web's and test-client's tests run there).
 */
public final class ParityRuns {

    private static final Path WORLD_RESOURCES = Path.of("..", "world-server", "src", "main", "resources");

    /**
     * One run: its inputs as {@link SimTestApi#replay} takes them, the hashes the JVM had after every tick, and what
     * it exercised ({@link RunCoverage}).
     *
     * @param pack JSON, as {@code welcome}'s {@code content} carries it
     * @param map  {@link lor.sim.grid.MapText} text
     */
    public record Run(String name, String pack, String map, long seed, int npcs, String script, long[] hashes,
                      Map<String, Integer> coverage) {

        /** The hashes as {@link SimTestApi#replay} writes them. */
        public String[] hexHashes() {
            return SimTestApi.hexes(hashes).split(",");
        }

        /** The state after the first {@code ticks} ticks, on the JVM. */
        public String describeAfter(int ticks) {
            return new ScriptedRun(pack, map, seed, npcs).runFirst(script, ticks).describe();
        }

        @Override
        public String toString() {
            return name + " (seed " + seed + ", " + hashes.length + " ticks)";
        }
    }

    private ParityRuns() {
    }

    /**
     * The shipped default pack ({@code content/default.json}) on the start world's map ({@code maps/start.map}), 128
     * × 128: six players and twelve NPCs in the central hall, a day of 600 ticks (the furnaces smelt only at night).
     */
    public static Run defaultPack(long seed, int ticks) {
        return played("default pack on start.map", read("content/default.json"), read("maps/start.map"), seed, 12,
                6, ticks);
    }

    /**
     * A pack drawn by sim-core's generator ({@link RandomPacks#sample}) from {@code seed}, as the world server sends
     * it, on a 24 × 16 terrain map from the same seed; four players and six NPCs.
     *
     * @param crowded every kind with a port on every side, few items: objects feed each other often
     */
    public static Run randomPack(long seed, boolean crowded, int ticks) {
        String pack = Json.MAPPER.writeValueAsString(RandomPacks.sample(seed, crowded));
        return played((crowded ? "crowded random pack " : "random pack ") + seed, pack, TerrainMaps.text(24, 16, seed),
                seed, 6, 4, ticks);
    }

    /**
     * The shipped {@code elements} pack, whose game module is elementals, on the {@code elements} world's map (48 ×
     * 32, grass round the spawn): four players who walk and cast, the module's eight elementals hunting them.
     */
    public static Run elements(long seed, int ticks) {
        return played("elements pack on elements.map", read("content/elements.json"), read("maps/elements.map"),
                seed, 0, 4, ticks);
    }

    /** The elementals runs the browser parity test compares: three seeds, 10,000 ticks each (issue 34). */
    public static List<Run> elementals() {
        return List.of(elements(34, 10_000), elements(3401, 10_000), elements(-7_777_777_777L, 10_000));
    }

    /**
     * Seeds of random packs, each played 800 ticks: picked among the first 30 of each sort for what their packs and
     * players get to (recipes finishing, gated on a line or not, chains of ports, formulas, transmuted cells);
     * ParityRunsTest checks that together they still do.
     */
    private static final long[] SEEDS = {11, 20, 24, 26};
    private static final long[] CROWDED_SEEDS = {7, 8, 23, 30};

    /** What the browser parity test runs: the default pack, then random packs of both sorts. */
    public static List<Run> all() {
        List<Run> runs = new ArrayList<>();
        runs.add(defaultPack(2026, 3000));
        for (long seed : SEEDS) {
            runs.add(randomPack(seed, false, 800));
        }
        for (long seed : CROWDED_SEEDS) {
            runs.add(randomPack(seed, true, 800));
        }
        return runs;
    }

    private static Run played(String name, String pack, String map, long seed, int npcs, int players, int ticks) {
        RandomPlayers.Played played = RandomPlayers.play(new ScriptedRun(pack, map, seed, npcs), players,
                seed * 31 + 7, ticks);
        return new Run(name, pack, map, seed, npcs, played.script(), played.hashes(), played.coverage().counts());
    }

    private static String read(String resource) {
        try {
            return Files.readString(WORLD_RESOURCES.resolve(resource));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
