package lor.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import lor.sim.builtin.BuiltInModules;
import lor.sim.content.ContentException;
import lor.sim.content.ContentPack;
import lor.sim.content.PackJson;
import lor.sim.grid.Grid;
import lor.sim.grid.GridSize;
import lor.sim.grid.MapFormatException;
import lor.sim.grid.MapText;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.World;

/**
 * How a {@link TestWorld} is made: the content pack (its JSON, read by sim-core's strict reader as the browser reads
 * it), the map (in the world server's text format: {@code #} wall, {@code .} floor, {@code ,} grass, {@code ~}
 * shallow water, {@code =} road, {@code S} the spawn, layers as blocks separated by a blank line), the modules under
 * test (added to the built-in ones; the pack's {@code "modules"} says which run, in its order), overrides of the pack's
 * settings, and the seed.
 */
public final class TestWorldBuilder {

    /** An open floor, spawn in the centre, when a test draws no map. */
    private static final GridSize OPEN = new GridSize(16, 16, 1);

    private String packJson;
    private String packLabel = "the pack";
    private Grid grid;
    private final ModuleCatalog catalog = BuiltInModules.catalog();
    private final List<String> added = new ArrayList<>();
    private final Map<String, Map<String, Integer>> overrides = new LinkedHashMap<>();
    private long seed = 1;

    TestWorldBuilder() {
    }

    /** The content pack as JSON text. */
    public TestWorldBuilder pack(String json) {
        this.packJson = json;
        this.packLabel = "the pack";
        return this;
    }

    /** The content pack's JSON file, as a studio keeps it in the director's {@code --content-dir}. */
    public TestWorldBuilder packFile(Path file) {
        this.packJson = read(file);
        this.packLabel = file.toString();
        return this;
    }

    /** The map drawn in text. */
    public TestWorldBuilder map(String text) {
        try {
            this.grid = MapText.parse(text);
        } catch (MapFormatException e) {
            throw new IllegalArgumentException("the map: " + e.getMessage(), e);
        }
        return this;
    }

    public TestWorldBuilder mapFile(Path file) {
        try {
            this.grid = MapText.parse(read(file));
        } catch (MapFormatException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
        return this;
    }

    /** The modules under test, as a world server finds them in {@code --modules-dir}. */
    public TestWorldBuilder modules(GameModule... modules) {
        for (GameModule module : modules) {
            catalog.register(module);
            added.add(module.spec().name());
        }
        return this;
    }

    /** Settings of a module that replace the pack's values of the same keys (the others stay). */
    public TestWorldBuilder settings(String module, Map<String, Integer> settings) {
        overrides.computeIfAbsent(module, m -> new LinkedHashMap<>()).putAll(settings);
        return this;
    }

    /** The world's seed, from which all its randomness (the modules' {@code random} included) derives. Default 1. */
    public TestWorldBuilder seed(long seed) {
        this.seed = seed;
        return this;
    }

    /**
     * A new world, each module's {@code begin} run.
     *
     * @throws IllegalArgumentException naming the entry at fault: a pack that does not read or compile, a module it
     *                                  names that neither the built-ins nor {@link #modules} provide, settings a
     *                                  module refuses
     */
    public TestWorld build() {
        if (packJson == null) {
            throw new IllegalStateException("a test world needs a content pack: pack(json) or packFile(path)");
        }
        ContentPack pack;
        try {
            // As the world server compiles it: the object rules of the modules the pack names are registered first.
            pack = catalog.compile(PackJson.read(packJson));
        } catch (ContentException e) {
            throw new IllegalArgumentException(packLabel + ": " + e.getMessage(), e);
        }
        for (String module : added) {
            if (!pack.modules().contains(module)) {
                // A world server would not run it either: the test would see unknown_action and wonder why.
                throw new IllegalArgumentException(packLabel + " does not name the module " + module
                        + " in \"modules\" (it names " + pack.modules() + ")");
            }
        }
        Map<String, Map<String, Integer>> settings = new LinkedHashMap<>(pack.moduleSettings());
        for (Map.Entry<String, Map<String, Integer>> override : overrides.entrySet()) {
            Map<String, Integer> section = new LinkedHashMap<>(settings.getOrDefault(override.getKey(), Map.of()));
            section.putAll(override.getValue());
            settings.put(override.getKey(), section);
        }
        WorldParts parts = new WorldParts(grid == null ? Grid.open(OPEN) : grid, pack, catalog, settings, seed);
        World world = World.create(parts.grid(), pack, parts.resolveModules(), seed, ObjectEngine.NO_BLOCKS);
        return new TestWorld(parts, world, new LinkedHashMap<>());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
