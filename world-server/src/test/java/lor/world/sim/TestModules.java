package lor.world.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.grid.Grid;
import lor.sim.module.GameModule;
import lor.sim.module.ModuleCatalog;
import lor.sim.module.ModuleRules;
import lor.sim.module.ModuleSettings;
import lor.sim.module.ModuleSpec;
import lor.sim.objects.ObjectEngine;
import lor.sim.world.World;

/** Game modules made of a name and hooks, and worlds that run them: for the tick's watchers' tests. */
final class TestModules {

    private TestModules() {
    }

    /** A module declaring nothing but its name, whose every world runs {@code rules}. */
    static GameModule module(String name, ModuleRules rules) {
        ModuleSpec spec = ModuleSpec.builder(name).build();
        return new GameModule() {
            @Override
            public ModuleSpec spec() {
                return spec;
            }

            @Override
            public ModuleRules rules(ModuleSettings settings) {
                return rules;
            }
        };
    }

    /** A world without content on {@code grid}, seed 5, running {@code modules}. */
    static World world(Grid grid, GameModule... modules) {
        List<String> names = new ArrayList<>();
        for (GameModule module : modules) {
            names.add(module.spec().name());
        }
        return World.create(grid, ContentPack.empty(), ModuleCatalog.of(modules).resolve("p", names, Map.of()), 5,
                ObjectEngine.NO_BLOCKS);
    }
}
