package lor.simweb;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import lor.sim.builtin.BuiltInModules;
import lor.sim.builtin.elementals.Elementals;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Cells;
import lor.sim.grid.Direction;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.module.CellSpec;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.World;

/**
 * Elementals' burning scene of issue 34's budget, as the JVM benchmark builds it ({@code ElementalsTickBenchmark}'s
 * {@code Burning}): a 256 × 256 field of grass with no elementals, 64 fires lit 32 cells apart by players west of
 * them (one seed in ten on each of ten ticks, so the fronts carry a tenth of a spread period each tick), then stepped
 * until 8,000 cells burn; the ticks after that burn about 10,000 cells. {@link SimTestApi} exports it for the browser's
 * measure; the JVM's figure is the benchmark's.
 */
public final class BurningScene {

    static final int SIDE = 256;
    static final int SPACING = 32;
    static final int START_BURNING = 8_000;
    private static final ContentPack PACK = ContentPack.compile(new PackDef("elements",
            List.of("fire", "water", "earth", "air"), Map.of("fire", 10, "water", 10, "earth", 10, "air", 10), null,
            List.of(), List.of(), List.of()), RuleRegistry.empty());

    private BurningScene() {
    }

    /** The world with {@link #START_BURNING} cells or more on fire, its modules' changes cleared. */
    public static World lit(long seed) {
        GridSize size = new GridSize(SIDE, SIDE, 1);
        int[] cells = new int[size.cells()];
        Arrays.fill(cells, Cells.TERRAIN_GRASS << Cells.TERRAIN_SHIFT);
        World world = World.create(Grid.of(size, cells, SIDE / 2, SIDE / 2, 0), PACK,
                BuiltInModules.catalog().resolve("elements", List.of(Elementals.NAME),
                        Map.of(Elementals.NAME, Map.of("elementals", 0))), seed, ObjectEngine.NO_BLOCKS);
        int perSide = SIDE / SPACING;
        int[] players = new int[perSide * perSide];
        for (int i = 0; i < players.length; i++) {
            players[i] = world.spawnPlayerAt(i + 1, SPACING / 2 + i % perSide * SPACING - 1,
                    SPACING / 2 + i / perSide * SPACING, 0);
        }
        for (int t = 0; t < 10; t++) {
            for (int i = t; i < players.length; i += 10) {
                world.setModuleAction(players[i], world.modules().action("cast"), new int[] {Direction.E.code(), 0});
            }
            step(world);
        }
        for (int i = 0; i < players.length; i++) {
            world.removePlayer(i + 1);
        }
        while (burning(world) < START_BURNING) {
            step(world);
        }
        return world;
    }

    /** A tick as a world server runs it: the step, then the field's changes forgotten once sent. */
    public static void step(World world) {
        world.step();
        world.clearModuleChanges();
    }

    /** Cells on fire. */
    public static int burning(World world) {
        int fire = 0;
        for (CellSpec cell : world.modules().spec(0).cells()) {
            fire = cell.name().equals("fire") ? cell.value() : fire;
        }
        int n = 0;
        for (int cell = 0; cell < world.grid().size().cells(); cell++) {
            n += world.moduleField(0).valueAt(cell) == fire ? 1 : 0;
        }
        return n;
    }
}
