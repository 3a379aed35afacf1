package lor.world.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lor.sim.content.ContentPack;
import lor.sim.content.ObjectRule;
import lor.sim.content.PackDef;
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

    /** The id of {@link #trapper}'s object rule, and the kind of {@link #traps}' one object. */
    static final String TRAP = "trap";

    private TestModules() {
    }

    /** A module declaring nothing but its name, whose every world runs {@code rules}. */
    static GameModule module(String name, ModuleRules rules) {
        return module(ModuleSpec.builder(name).build(), rules);
    }

    /**
     * A module without hooks providing the object rule {@link #TRAP}, which sets the object's wood to 5 and then throws
     * in every run: only an undo leaves the stock as it was.
     */
    static GameModule trapper(String name) {
        ObjectRule.Factory trap = pack -> {
            int wood = pack.itemIndex("wood");
            return object -> {
                object.set(wood, 5);
                throw new IllegalStateException("the trap broke");
            };
        };
        return module(ModuleSpec.builder(name).objectRule(TRAP, trap).build(),
                (world, entity, action, fields) -> "unknown_action");
    }

    /**
     * A pack naming {@code module} with one object kind, {@link #TRAP}, that runs the module's rule of that id, and a
     * clock whose line changes at every tick: a rule that changes nothing runs again at each line, so in every tick.
     */
    static ContentPack traps(GameModule module) {
        PackDef def = new PackDef("traps", List.of("wood"), Map.of(),
                new PackDef.ClockDef(List.of("day", "night"), 1, null),
                List.of(new PackDef.KindDef(TRAP, Map.of("wood", 1), 1, 10, List.of(), null, null, TRAP, null)),
                List.of(), List.of(), List.of(module.spec().name()), null);
        return ModuleCatalog.of(module).compile(def);
    }

    private static GameModule module(ModuleSpec spec, ModuleRules rules) {
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
        return world(grid, ContentPack.empty(), modules);
    }

    /** A world of {@code pack} on {@code grid}, seed 5, running {@code modules}. */
    static World world(Grid grid, ContentPack pack, GameModule... modules) {
        List<String> names = new ArrayList<>();
        for (GameModule module : modules) {
            names.add(module.spec().name());
        }
        return World.create(grid, pack, ModuleCatalog.of(modules).resolve("p", names, Map.of()), 5,
                ObjectEngine.NO_BLOCKS);
    }
}
