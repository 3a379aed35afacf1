package lor.bench.modules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import lor.sim.builtin.BuiltInModules;
import lor.sim.builtin.elementals.Elementals;
import lor.sim.content.ContentPack;
import lor.sim.content.PackDef;
import lor.sim.content.RuleRegistry;
import lor.sim.grid.Cells;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.WorldModules;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.World;

/**
 * The worlds of the game-module benchmarks, built as sim-core's tests build them (ElementalsWorlds): a pack with the
 * four elements, which a new player carries 10 of, and a 256 × 256 map of open grass with the spawn in its middle.
 */
public final class ModuleFixtures {

    public static final int SIDE = 256;
    public static final long SEED = 33L;

    private ModuleFixtures() {
    }

    /** 256 × 256 grass, no walls: fire runs free and every cell is in every elemental's sight. */
    public static Grid grass() {
        GridSize size = new GridSize(SIDE, SIDE, 1);
        int[] cells = new int[size.cells()];
        Arrays.fill(cells, Cells.TERRAIN_GRASS << Cells.TERRAIN_SHIFT);
        return Grid.of(size, cells, SIDE / 2, SIDE / 2, 0);
    }

    public static ContentPack elementsPack() {
        return ContentPack.compile(new PackDef("elements", List.of("fire", "water", "earth", "air"),
                Map.of("fire", 10, "water", 10, "earth", 10, "air", 10), null, List.of(), List.of(), List.of()),
                RuleRegistry.empty());
    }

    /** Elementals with the shipped numbers but for {@code settings}, as a world resolves it from its pack. */
    public static WorldModules elementals(Map<String, Integer> settings) {
        return BuiltInModules.catalog().resolve("elements", List.of(Elementals.NAME),
                Map.of(Elementals.NAME, settings));
    }

    /** Modules of the benchmarks' own, with their default settings. */
    public static WorldModules of(GameModule... modules) {
        List<String> names = new ArrayList<>();
        for (GameModule module : modules) {
            names.add(module.spec().name());
        }
        return ModuleCatalog.of(modules).resolve("elements", names, Map.of());
    }

    public static World world(WorldModules modules) {
        return World.create(grass(), elementsPack(), modules, SEED, ObjectEngine.NO_BLOCKS);
    }

    /** Places a player on the free cell nearest to {@code (x, y)}; account ids start at 1. */
    public static int player(World world, long account, int x, int y) {
        int id = world.spawnPlayerAt(account, x, y, 0);
        if (id == 0) {
            throw new IllegalStateException("no room for player " + account + " near " + x + "," + y);
        }
        return id;
    }
}
